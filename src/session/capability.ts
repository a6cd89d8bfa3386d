// Which capability a message depends on, and whether the session negotiated it.
import { isDeclared, requiredCapability, type ResolvedCapability } from '../protocol/index.js';
import { modernMethod } from '../protocol/modern.js';
import type { CapabilityRef, Direction } from '../types.js';
import { paramsOf } from './direction.js';
import type { SessionState } from './state.js';

/**
 * The capability `method` (with these params) needs in this session's revision, and whether the side
 * that must declare it did. `negotiated` is null when that side's declaration was not seen
 * (a log that starts mid-session, or before the `initialize` result).
 */
export function capabilityFor(method: string, message: unknown, s: SessionState, dir: Direction): CapabilityRef | null {
  const req = requiredCapability(method, paramsOf(message), s.revision, dir);
  if (!req) return null;
  const declared = req.side === 'server' ? s.info.serverCapabilities : s.info.clientCapabilities;
  const negotiated = declared === null ? null : declaredIn(declared, req.path);
  // One object per requirement and answer, shared by the records (they only read it): no allocation per message.
  let refs = REFS.get(req);
  if (refs === undefined) REFS.set(req, (refs = [undefined, undefined, undefined]));
  const i = negotiated === null ? 0 : negotiated ? 1 : 2;
  return (refs[i] ??= { side: req.side, path: req.path, negotiated });
}

const REFS = new WeakMap<ResolvedCapability, (CapabilityRef | undefined)[]>();

/** `isDeclared`, remembered per declaration object (a session's declared capabilities never change once read). */
const DECLARED = new WeakMap<object, Map<string, boolean>>();

export function declaredIn(declared: Record<string, unknown>, path: string): boolean {
  let known = DECLARED.get(declared);
  if (known === undefined) DECLARED.set(declared, (known = new Map()));
  let v = known.get(path);
  if (v === undefined) known.set(path, (v = isDeclared(declared, path)));
  return v;
}

/**
 * A modern message's capability (spec-2026-07-28 §1.1, §2): the server capability its method depends on, checked
 * against the last `server/discover` result (`negotiated: null` when none was seen). Modern requests need no client
 * capability of their own: those belong to the input requests a server embeds in an `input_required` result, checked
 * against the triggering request's own `_meta` clientCapabilities.
 */
export function modernCapabilityFor(method: string, s: SessionState): CapabilityRef | null {
  const path = modernMethod(method)?.serverCapability ?? null;
  if (path === null) return null;
  const declared = s.info.serverCapabilities;
  return { side: 'server', path, negotiated: declared === null ? null : declaredIn(declared, path) };
}
