// Validates one params or result value against its zod schema and turns the issues into short "path: expectation" texts.
import { revisionAtLeast } from '../protocol/revisions.js';
import { SCHEMA_LENIENCY, type SchemaLeniency } from '../protocol/schema-leniency.js';
import type { PartSchema, SchemaIssue } from '../protocol/schemas.js';
import { joinKey, pathKeys } from '../util/key-path.js';

type Path = readonly PropertyKey[];

/** A leaf issue at an absolute path (`params…`/`result…`), unions already resolved to their closest member. */
export interface FlatIssue {
  path: Path;
  issue: SchemaIssue;
}

/** What the check needs to know about the message: its method and its session's revision (null: unknown). */
export interface CheckScope {
  method: string;
  revision: string | null;
}

interface CompiledLeniency {
  segments: readonly string[];
  entry: SchemaLeniency;
}

// `a.*.b["x.y"]`: a pattern is a key path whose steps may be `*` (one key) or `**` (any number).
const LENIENCY: readonly CompiledLeniency[] = SCHEMA_LENIENCY.map((entry) => ({
  segments: pathKeys(entry.path),
  entry,
}));

/** Whether `segments` (with `*` and `**`) match a prefix of `path`. */
export function matchesPrefix(segments: readonly string[], path: Path, i = 0, j = 0): boolean {
  if (i === segments.length) return true;
  const s = segments[i];
  if (s === '**') {
    for (let k = j; k <= path.length; k++) if (matchesPrefix(segments, path, i + 1, k)) return true;
    return false;
  }
  if (j >= path.length) return false;
  if (s !== '*' && s !== String(path[j])) return false;
  return matchesPrefix(segments, path, i + 1, j + 1);
}

function excused(path: Path, issue: SchemaIssue, scope: CheckScope): boolean {
  for (const { segments, entry } of LENIENCY) {
    if (entry.code !== undefined && entry.code !== issue.code) continue;
    if (entry.present && issue.input === undefined) continue;
    if (entry.methods && !entry.methods.includes(scope.method)) continue;
    // An unknown revision is checked as the latest: every key exists there.
    if (entry.introduced && (scope.revision === null || revisionAtLeast(scope.revision, entry.introduced))) continue;
    if (matchesPrefix(segments, path)) return true;
  }
  return false;
}

/** Validates `value`; returns the leaf issues that are spec violations for this scope, in order. */
export function checkValue(
  schema: PartSchema,
  value: unknown,
  root: 'params' | 'result',
  scope: CheckScope,
): FlatIssue[] {
  const r = schema.safeParse(value, { reportInput: true });
  if (r.success || !r.error) return [];
  return resolve(r.error.issues, [root], scope);
}

/**
 * Flattens issues to absolute paths, drops excused ones, and resolves each failed union: satisfied when a member has
 * no issue left, else reported as its closest member (see `closest`).
 */
function resolve(issues: readonly SchemaIssue[], base: Path, scope: CheckScope): FlatIssue[] {
  const out: FlatIssue[] = [];
  for (const issue of issues) {
    const path = issue.path.length === 0 ? base : [...base, ...issue.path];
    if (issue.code === 'invalid_union' && issue.errors && issue.errors.length > 0) {
      const members = issue.errors.map((errs) => resolve(errs, path, scope));
      if (members.some((m) => m.length === 0)) continue;
      out.push(...closest(members, path));
    } else if (!excused(path, issue, scope)) {
      out.push({ path, issue });
    }
  }
  return out;
}

/** Issues saying the value is not even of this member's kind: a wrong type at the union's own path. */
function wrongKind(member: readonly FlatIssue[], at: Path): boolean {
  return member.some((f) => f.path.length === at.length && f.issue.code === 'invalid_type');
}

/** A required key of this member is absent (no input reported) directly under the union's path. */
function isMissingChild(f: FlatIssue, at: Path): boolean {
  return f.path.length === at.length + 1 && f.issue.input === undefined && f.issue.code === 'invalid_type';
}

/** The key whose literal (`type`, `mode` …) this member expected and did not get, if any. */
function literalMiss(member: readonly FlatIssue[], at: Path): FlatIssue | undefined {
  return member.find((f) => f.path.length === at.length + 1 && f.issue.code === 'invalid_value');
}

/**
 * The union member the value was most likely meant to be: not of another kind altogether, then one whose
 * discriminating literal matched, then the fewest issues. When every candidate missed its literal on the same key,
 * one issue lists every literal the key could have had (`type: expected one of "text", "image" …`).
 */
function closest(members: readonly FlatIssue[][], at: Path): FlatIssue[] {
  if (members.every((m) => m.length === 1 && m[0].path.length === at.length && m[0].issue.code === 'invalid_type')) {
    // Alternatives of plain types (`string | integer`, `number | null`): one issue naming them all.
    const expected = [...new Set(members.map((m) => m[0].issue.expected ?? 'unknown'))].join('|');
    return [{ path: at, issue: { ...members[0][0].issue, expected } }];
  }
  const ranked = members
    .map((m, i) => ({ m, i, kind: wrongKind(m, at) ? 1 : 0, lit: literalMiss(m, at) }))
    .sort((a, b) => a.kind - b.kind || Number(!!a.lit) - Number(!!b.lit) || a.m.length - b.m.length || a.i - b.i);
  const best = ranked[0];
  const tied = ranked.filter((r) => r.kind === best.kind && !r.lit && r.m.length === best.m.length);
  if (!best.lit && tied.length > 1 && tied.every((r) => r.m.length === 1 && isMissingChild(r.m[0], at))) {
    // Alternatives told apart by which key they have (text or blob contents): name them all.
    const keys = [...tied].sort((a, b) => a.i - b.i).map((r) => r.m[0].path[at.length]);
    return [{ path: at, issue: { code: 'missing_key', path: [], message: 'missing key', options: keys } }];
  }
  if (!best.lit) return best.m;
  const candidates = ranked.filter((r) => r.kind === best.kind);
  const key = best.lit.path[best.lit.path.length - 1];
  if (candidates.every((c) => c.lit && c.lit.path[c.lit.path.length - 1] === key)) {
    const values = [...candidates].sort((a, b) => a.i - b.i).flatMap((c) => c.lit!.issue.values ?? []);
    return [{ path: best.lit.path, issue: { ...best.lit.issue, values: [...new Set(values)] } }];
  }
  return best.m;
}

/** Longest key shown in a path: keys of records (`arguments`, `_meta` …) come from the log and may be huge. */
const MAX_KEY = 60;

/** `result.tools[2].inputSchema.type`, `params._meta["io.modelcontextprotocol/related-task"]`. */
export function formatPath(path: Path): string {
  let s = '';
  for (const seg of path) {
    const key = String(seg);
    if (typeof seg === 'number') s += `[${seg}]`;
    else s = joinKey(s, key.length > MAX_KEY ? `${key.slice(0, MAX_KEY - 1)}…` : key);
  }
  return s;
}

function typeName(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  return typeof v;
}

/** A value short enough for a finding: scalars as JSON (cut at 40 characters), containers by their type. */
function shown(v: unknown): string {
  if (v !== null && typeof v === 'object') return typeName(v);
  const s = JSON.stringify(v) ?? String(v);
  return s.length > 40 ? `${s.slice(0, 39)}…` : s;
}

function literals(values: readonly unknown[]): string {
  const list = values.map((v) => JSON.stringify(v)).join(', ');
  return values.length === 1 ? list : `one of ${list}`;
}

const TYPE_NAMES: Readonly<Record<string, string>> = { int: 'integer', nonoptional: 'a value' };

/** The expectation an issue states, with what was received (or `missing`). */
export function describeIssue(issue: SchemaIssue): string {
  // JSON has no undefined: an undefined input is a missing value.
  const received = issue.input;
  const got = (s: string): string => (received === undefined ? `missing (${s})` : `${s}, received ${shown(received)}`);
  switch (issue.code) {
    case 'invalid_type': {
      // `expected` may list alternatives (`string|int`, from `closest`).
      const alternatives = (issue.expected ?? 'unknown').split('|');
      if (received === undefined && alternatives.length === 1 && alternatives[0] === 'nonoptional') return 'missing';
      const expected = alternatives.map((t) => TYPE_NAMES[t] ?? t).join(' or ');
      if (received === undefined) return `missing (expected ${expected})`;
      // A number where an integer was expected: show the number, not its type.
      return `expected ${expected}, received ${alternatives.includes('int') && typeof received === 'number' ? shown(received) : typeName(received)}`;
    }
    case 'invalid_value':
      return got(`expected ${literals(issue.values ?? [])}`);
    case 'invalid_union':
      // A discriminated union whose discriminator matched no member: the issue's input is the whole object.
      if (issue.discriminator && issue.options) {
        const v =
          received !== null && typeof received === 'object'
            ? (received as Record<string, unknown>)[issue.discriminator]
            : undefined;
        return v === undefined
          ? `missing (expected ${literals(issue.options)})`
          : `expected ${literals(issue.options)}, received ${shown(v)}`;
      }
      return got('matches none of the allowed shapes');
    case 'invalid_format':
      if (issue.format === 'starts_with') return got(`expected a string starting with ${JSON.stringify(issue.prefix)}`);
      if (issue.format === 'url') return got('expected a URL');
      if (issue.format === 'datetime') return got('expected an ISO 8601 date-time');
      return got(`expected ${issue.format ?? 'another'} format`);
    case 'too_big':
    case 'too_small': {
      const big = issue.code === 'too_big';
      const bound = String(big ? issue.maximum : issue.minimum);
      const op = big
        ? issue.inclusive === false
          ? 'fewer than'
          : 'at most'
        : issue.inclusive === false
          ? 'more than'
          : 'at least';
      if (issue.origin === 'array' && Array.isArray(received))
        return `expected ${op} ${bound} items, received ${received.length}`;
      if (issue.origin === 'string' && typeof received === 'string')
        return `expected ${op} ${bound} characters, received ${received.length}`;
      const cmp = big ? (issue.inclusive === false ? '<' : '<=') : issue.inclusive === false ? '>' : '>=';
      return got(`expected a number ${cmp} ${bound}`);
    }
    case 'missing_key':
      // Synthesised by `closest`: union members that differ by a required key, none of which is present.
      return `missing (expected one of the keys ${(issue.options ?? []).map((k) => JSON.stringify(k)).join(', ')})`;
    case 'custom':
      // The SDK has two custom checks: base64 data (`format: byte`) and `AssertObjectSchema` ("Invalid input").
      if (issue.message === 'Invalid Base64 string') return got('expected base64-encoded data');
      if (issue.message === 'Invalid input')
        return `expected object, received ${received === undefined ? 'nothing' : typeName(received)}`;
      return got(issue.message);
    default:
      return got(issue.message);
  }
}

/** `params.name: expected string, received number`. */
export function formatIssue(f: FlatIssue): string {
  return `${formatPath(f.path)}: ${describeIssue(f.issue)}`;
}
