// Rule schema-violation: params of requests and notifications, and results of responses, against the protocol schema.
import { createTaskResultSchema, paramsSchema, resultSchema, type PartSchema } from '../protocol/schemas.js';
import { checkValue, formatIssue, type CheckScope, type FlatIssue } from './schema-check.js';
import { VerdictCache, keyText, type VerdictScope } from './schema-cache.js';
import { checkModern, modernTarget } from './modern-schema-check.js';
import { isModernVersion } from '../protocol/modern.js';
import type { Rule } from './types.js';

/** Issues listed per finding; the rest are counted (bounded output, one finding per message). */
const MAX_ISSUES = 5;

interface SchemaViolationData {
  /** The first issues, `; `-separated, and how many more there are. */
  issues: string;
}

/** The finding data of the first issues found, of `total`. */
function dataOf(first: readonly string[], total: number): SchemaViolationData {
  const more = total - first.length;
  return { issues: first.join('; ') + (more > 0 ? ` (+${more} more)` : '') };
}

/**
 * The issues of one part. A response to a task-augmented request (`params.task`) may be `CreateTaskResult` or the
 * ordinary result (a receiver without task support ignores `task`): it passes when either fits, and is reported
 * against `CreateTaskResult` when it carries `task`.
 */
function issuesOf(
  schema: PartSchema,
  value: unknown,
  root: 'params' | 'result',
  scope: CheckScope,
  task: boolean,
): FlatIssue[] {
  if (!task) return checkValue(schema, value, root, scope);
  const hasTask = value !== null && typeof value === 'object' && Object.hasOwn(value, 'task');
  // The likelier shape first, so that a conforming result is parsed once.
  const [likely, other] = hasTask ? [createTaskResultSchema(), schema] : [schema, createTaskResultSchema()];
  const found = checkValue(likely, value, root, scope);
  if (found.length === 0 || checkValue(other, value, root, scope).length === 0) return [];
  return found;
}

/**
 * Verdicts shared by every session and run: a verdict is a pure function of its key (see schema-cache.ts), and
 * the cache is bounded, so sharing it only saves work.
 */
const CACHE = new VerdictCache<SchemaViolationData | null>();
/** The record kind's part of the cache flags (the cut takes bits 1–2 and the task flag bit 0). */
const KIND_FLAG: Readonly<Record<string, number>> = { request: 0, notification: 8, response: 16 };

/** The finding data for one message's params or result, or null when it conforms. */
function verdict(
  schema: PartSchema,
  value: unknown,
  root: 'params' | 'result',
  scope: CheckScope,
  task: boolean,
): SchemaViolationData | null {
  const found = root === 'result' ? issuesOf(schema, value, root, scope, task) : checkValue(schema, value, root, scope);
  if (found.length === 0) return null;
  return dataOf(found.slice(0, MAX_ISSUES).map(formatIssue), found.length);
}

/** A modern message against the official schema (modern-schema-check.ts). */
function modern(kind: string, method: string, message: unknown): SchemaViolationData[] | undefined {
  const target = modernTarget(kind, method, message);
  const found = target === undefined ? [] : checkModern(target, message);
  return found.length === 0 ? undefined : [dataOf(found.slice(0, MAX_ISSUES), found.length)];
}

export const schemaViolation: Rule<SchemaViolationData> = {
  meta: {
    id: 'schema-violation',
    severity: 'error',
    summary: "Params or a result do not match the protocol schema of the session's revision.",
    specUrl: 'https://modelcontextprotocol.io/specification/2025-11-25/schema',
    revisions: 'all',
  },
  message: '{issues}',
  on: { kinds: ['request', 'notification', 'response', 'error'], body: true },
  check: ({ record, facts, session }) => {
    // Structure problems are reported by invalid-jsonrpc; error objects are fully covered there (code, message).
    if (facts.problem || record.method === null) return undefined;
    if (isModernVersion(record.revision)) return modern(record.kind, record.method, record.message);
    let schema: PartSchema | undefined;
    let root: 'params' | 'result';
    if (record.kind === 'request' || record.kind === 'notification') {
      schema = paramsSchema(record.method, session.revision);
      root = 'params';
    } else if (record.kind === 'response') {
      schema = resultSchema(record.method);
      root = 'result';
    } else {
      return undefined;
    }
    if (!schema) return undefined;
    const task = root === 'result' && facts.request?.task === true;
    const text = record.wire.text;
    const key = text === null ? null : keyText(text, record.id);
    const scope: VerdictScope = {
      method: record.method,
      revision: session.revision,
      flags: KIND_FLAG[record.kind] + (key?.cut ?? 0) * 2 + (task ? 1 : 0),
    };
    let v = key ? CACHE.get(scope, text!, key.start, key.end) : undefined;
    if (v === undefined) {
      v = verdict(schema, (record.message as Record<string, unknown>)[root], root, scope, task);
      if (key) CACHE.set(scope, text!, v, key.start, key.end);
    }
    return v === null ? undefined : [v];
  },
};
