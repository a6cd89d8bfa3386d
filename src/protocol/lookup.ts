// Pure, hot-path lookups over the protocol tables: method facts, revision membership, required capability.
import type { Direction, Kind, Side } from '../types.js';
import { getOwnPath } from '../util/own.js';
import { METHODS } from './methods.js';
import { LATEST_REVISION, REVISIONS, isKnownRevision, revisionAtLeast } from './revisions.js';
import type { CapabilityRequirement, ConditionalRequirement, MethodInfo, Revision } from './types.js';

/** A capability requirement resolved for one message: the concrete side that must have declared `path`. */
export interface ResolvedCapability {
  side: Side;
  path: string;
  /** `should` when the spec only says SHOULD for it; absent = MUST. */
  level?: 'should';
}

// Built once at module load.
const BY_METHOD = new Map<string, MethodInfo>(METHODS.map((m) => [m.method, m]));
const BY_REVISION = new Map<Revision, readonly MethodInfo[]>(
  REVISIONS.map((r) => [r, METHODS.filter((m) => m.revisions.includes(r))]),
);

/** The table entry for a method, or undefined when the method is not in any supported revision. */
export function methodInfo(method: string): MethodInfo | undefined {
  return BY_METHOD.get(method);
}

/** The methods a revision defines (empty for an unknown revision string). */
export function methodsOf(revision: string): readonly MethodInfo[] {
  return isKnownRevision(revision) ? BY_REVISION.get(revision)! : [];
}

/**
 * Whether the method exists in the revision. With no revision, or one this tool does not know (pre-release,
 * future, garbage), the answer is whether it exists in any supported revision.
 */
export function methodInRevision(method: string, revision: string | null): boolean {
  const info = BY_METHOD.get(method);
  if (!info) return false;
  return isKnownRevision(revision) ? info.revisions.includes(revision) : true;
}

/** `since` holds when the revision is known and at least `since`, or when the revision is not known at all. */
function sinceHolds(req: CapabilityRequirement, revision: string | null): boolean {
  return req.since === undefined || !isKnownRevision(revision) || revisionAtLeast(revision, req.since);
}

/** A param counts as present when it has a value other than null (JSON has no undefined). */
function conditionHolds(c: ConditionalRequirement, params: unknown): boolean {
  const v = getOwnPath(params, c.whenParam.split('.'));
  const present = v !== undefined && v !== null;
  if (c.equals === undefined) return present;
  return present ? v === c.equals : c.orAbsent === true;
}

/** Resolved requirements, one object per table entry and side (the hot path asks for them per message). */
const RESOLVED = new WeakMap<CapabilityRequirement, Partial<Record<Side, ResolvedCapability>>>();

/**
 * 'receiver'/'sender' → concrete side from the sender's direction (c2s: client sends, server receives). The result
 * is shared by every message with the same requirement and side: read it, never change it.
 */
function resolve(req: CapabilityRequirement, senderDir: Direction): ResolvedCapability | null {
  let side: Side;
  if (req.side === 'client' || req.side === 'server') side = req.side;
  else if (senderDir === 'unknown')
    return null; // cannot tell who receives; the session layer infers dir first
  else if (req.side === 'receiver') side = senderDir === 'c2s' ? 'server' : 'client';
  else side = senderDir === 'c2s' ? 'client' : 'server';
  let bySide = RESOLVED.get(req);
  if (bySide === undefined) RESOLVED.set(req, (bySide = {}));
  return (bySide[side] ??= req.level ? { side, path: req.path, level: req.level } : { side, path: req.path });
}

/**
 * The one capability a message depends on, for the record's `capability` field: the first conditional requirement
 * whose param condition and `since` hold, else the base requirement when its `since` holds, else null. Also null
 * for unknown methods, and for 'receiver'/'sender' requirements when the direction is unknown.
 */
export function requiredCapability(
  method: string,
  params: unknown,
  revision: string | null,
  senderDir: Direction,
): ResolvedCapability | null {
  const info = BY_METHOD.get(method);
  if (!info) return null;
  if (info.conditional) {
    for (const c of info.conditional) {
      if (sinceHolds(c, revision) && conditionHolds(c, params)) return resolve(c, senderDir);
    }
  }
  const base = info.capability;
  return base && sinceHolds(base, revision) ? resolve(base, senderDir) : null;
}

/**
 * Every capability a message depends on (for rules that check them all): each matching conditional requirement in
 * table order, then the base requirement; duplicates removed. E.g. a task-augmented `tools/call` in 2025-11-25
 * needs server `tasks.requests.tools.call` and server `tools`. The list may be shared: read it, never change it.
 */
export function requiredCapabilities(
  method: string,
  params: unknown,
  revision: string | null,
  senderDir: Direction,
): readonly ResolvedCapability[] {
  const info = BY_METHOD.get(method);
  if (!info) return NONE;
  let out: ResolvedCapability[] | null = null;
  if (info.conditional) {
    for (const c of info.conditional) {
      if (!sinceHolds(c, revision) || !conditionHolds(c, params)) continue;
      const r = resolve(c, senderDir);
      if (r && !out?.some((o) => o.side === r.side && o.path === r.path)) (out ??= []).push(r);
    }
  }
  const base = info.capability;
  const r = base && sinceHolds(base, revision) ? resolve(base, senderDir) : null;
  if (r === null) return out ?? NONE;
  // Most messages need the base requirement alone: one shared list per resolved requirement, no allocation.
  if (out === null) return (ALONE.get(r) ?? ALONE.set(r, [r]).get(r))!;
  if (!out.some((o) => o.side === r.side && o.path === r.path)) out.push(r);
  return out;
}

const NONE: readonly ResolvedCapability[] = [];
const ALONE = new WeakMap<ResolvedCapability, readonly ResolvedCapability[]>();

/**
 * True for a method outside the table that looks like an extension: `experimental/…`, or a reverse-DNS-style
 * prefix (a dot before the first slash, e.g. `com.example/foo`, `io.modelcontextprotocol/x`; cf. the `_meta` key
 * prefix rules in basic/index.mdx 2025-11-25 §General fields).
 */
export function isExperimentalMethod(method: string): boolean {
  if (BY_METHOD.has(method)) return false;
  if (method.startsWith('experimental/')) return true;
  const slash = method.indexOf('/');
  const dot = method.indexOf('.');
  return slash > 0 && dot > 0 && dot < slash;
}

/**
 * The direction a message must travel, from the table: a request or notification goes the method's way; a
 * response or error goes back. Null when the method goes both ways, is unknown, or the kind does not fit it.
 */
export function inferDirection(method: string, kind: Kind): 'c2s' | 's2c' | null {
  const info = BY_METHOD.get(method);
  if (!info || info.direction === 'both') return null;
  if (kind === info.kind) return info.direction;
  if ((kind === 'response' || kind === 'error') && info.kind === 'request') {
    return info.direction === 'c2s' ? 's2c' : 'c2s';
  }
  return null;
}

/** The public page for a table `spec` path, e.g. `server/resources.mdx` → …/specification/2025-11-25/server/resources. */
export function specUrl(spec: string, revision: Revision = LATEST_REVISION): string {
  return `https://modelcontextprotocol.io/specification/${revision}/${spec.replace(/\.mdx$/, '')}`;
}
