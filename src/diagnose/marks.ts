// What a record shows of a failure as it is read (annotate's marks): the server's end under the host, a timeout and
// how long the request was open, a line on the server's stdout that is no message, a failed start. Decided from the
// record's signals and its session's fold as they stand when the record is printed, not at the session's end: the
// same signals (signals.ts, patterns/) and the same tests as the causes that report them.
import type { PipelineRecord, RecordMark } from '../types.js';
import { exitOf, exitedUnderHost, type SessionFold } from './fold.js';
import type { Signal } from './signals.js';

/** The request a timeout gives up on, and when it was sent. */
interface Given {
  method: string;
  tool: string | null;
  tsMs: number | null;
}

/** The open request a cancel names (the sender's own), the `initialize` among them. */
function cancelled(r: PipelineRecord, f: Readonly<SessionFold>): Given | undefined {
  const id = (r.message as { params?: { requestId?: unknown } } | null)?.params?.requestId;
  if (id === undefined) return undefined;
  if (f.initialize && !f.initialize.answered && f.initialize.id === id && r.dir !== 's2c')
    return { method: 'initialize', tool: null, tsMs: f.initialize.tsMs };
  for (const p of f.pending.values()) if (p.id === id && p.dir === r.dir) return p;
  return undefined;
}

/** The request a host's timeout line names: by its method, else the unanswered `initialize` before the handshake. */
function named(s: Signal, f: Readonly<SessionFold>): Given | undefined {
  const init =
    f.initialize && !f.initialize.answered ? { method: 'initialize', tool: null, tsMs: f.initialize.tsMs } : undefined;
  if (s.method === 'initialize' || (s.method === undefined && !f.ready))
    return init ?? { method: 'initialize', tool: null, tsMs: null };
  if (s.method === undefined) return undefined;
  for (const p of f.pending.values()) if (p.method === s.method) return p;
  return { method: s.method, tool: null, tsMs: null };
}

function timeoutMark(r: PipelineRecord, s: Signal, f: Readonly<SessionFold>): RecordMark | undefined {
  // An error answer (a proxy passing on the SDK's -32001) is its request's: its latency is how long it was open.
  const given =
    r.kind === 'notification'
      ? cancelled(r, f)
      : r.kind === 'error'
        ? { method: r.method ?? 'request', tool: null, tsMs: null }
        : named(s, f);
  if (!given) return undefined;
  const init = given.method === 'initialize';
  const mark: RecordMark = {
    cause: init ? 'initialize-timeout' : 'request-timeout',
    impact: init ? 'failed' : 'degraded',
    request: given.tool ? `${given.method} ${given.tool}` : given.method,
  };
  const ms =
    r.kind === 'error'
      ? r.latencyMs
      : given.tsMs !== null && r.wire.tsMs !== null
        ? r.wire.tsMs - given.tsMs
        : (s.ms ?? null);
  if (ms !== null && ms >= 0) mark.openMs = ms;
  return mark;
}

/**
 * The marks of one record, after its session's fold has taken it in (a cancel or an answer still finds its request
 * open: the fold forgets it after). Undefined when the record shows nothing.
 */
export function marksOf(
  r: PipelineRecord,
  signals: readonly Signal[],
  f: Readonly<SessionFold>,
): RecordMark[] | undefined {
  const out: RecordMark[] = [];
  if (f.spawnAt === r.seq) out.push({ cause: 'spawn-failed', impact: 'failed' });
  const timeout = signals.find((s) => s.kind === 'timeout');
  if (timeout) {
    const m = timeoutMark(r, timeout, f);
    if (m) out.push(m);
  }
  // A line of pollution degrades its session; whether the session failed of it (no handshake ever) its end tells.
  if ((r.kind === 'invalid' && r.dir === 's2c') || signals.some((s) => s.kind === 'pollution'))
    out.push({ cause: 'stdout-pollution', impact: 'degraded' });
  const end = f.spawnAt === null ? exitOf(r, signals, f) : undefined;
  const under = end && exitedUnderHost(f, r.seq);
  if (end && under) {
    const mark: RecordMark = { cause: 'server-exited', impact: 'failed', beforeInitialize: !f.ready, open: under.open };
    if (end.code !== undefined) mark.exitCode = end.code;
    out.push(mark);
  }
  return out.length > 0 ? out : undefined;
}
