// Builds frames for session-stage tests without going through a reader.
import { Buffer } from 'node:buffer';
import type { Direction, Frame } from '../../src/types.js';

let line = 0;

export function resetLines(): void {
  line = 0;
}

export function msg(dir: Direction, message: unknown, opts: Partial<Frame> = {}): Frame {
  const text = JSON.stringify(message);
  line++;
  return {
    file: 't.ndjson',
    line,
    lines: 1,
    ts: null,
    tsMs: null,
    dir,
    session: null,
    text,
    bytes: Buffer.byteLength(text),
    ...opts,
  };
}

export function event(name: string, opts: Partial<Frame> = {}): Frame {
  line++;
  return {
    file: 't.ndjson',
    line,
    lines: 1,
    ts: null,
    tsMs: null,
    dir: 'unknown',
    session: null,
    text: null,
    bytes: 0,
    event: { name },
    ...opts,
  };
}

export const req = (id: string | number, method: string, params?: unknown) => ({
  jsonrpc: '2.0',
  id,
  method,
  ...(params === undefined ? {} : { params }),
});
export const res = (id: string | number, result: unknown = {}) => ({ jsonrpc: '2.0', id, result });
export const err = (id: string | number, code: number, message: string) => ({
  jsonrpc: '2.0',
  id,
  error: { code, message },
});
export const note = (method: string, params?: unknown) => ({
  jsonrpc: '2.0',
  method,
  ...(params === undefined ? {} : { params }),
});

export const initReq = (id: number | string = 0, caps: unknown = {}, protocolVersion = '2025-11-25') =>
  req(id, 'initialize', { protocolVersion, capabilities: caps, clientInfo: { name: 'test-client', version: '1.0.0' } });
export const initRes = (id: number | string = 0, caps: unknown = {}, protocolVersion = '2025-11-25') =>
  res(id, { protocolVersion, capabilities: caps, serverInfo: { name: 'test-server', version: '2.0.0' } });

/** A line of the log that is no message (`Frame.log`), spanning `lines` physical lines. */
export function logLine(text: string, opts: Partial<Frame> & { level?: string | null } = {}): Frame {
  const { level = null, ...rest } = opts;
  const lines = rest.lines ?? text.split('\n').length;
  line += lines;
  return {
    file: 't.ndjson',
    line: line - lines + 1,
    lines,
    ts: null,
    tsMs: null,
    dir: 'unknown',
    session: null,
    text: null,
    bytes: 0,
    log: { level, text },
    ...rest,
  };
}

/** A message the log gave only a summary of (`Frame.summary`). */
export function summaryOf(
  dir: Direction,
  kind: 'request' | 'response' | 'error' | 'notification',
  id: string | number | null,
  method: string | null,
  opts: Partial<Frame> = {},
): Frame {
  line++;
  const text =
    kind === 'request' || kind === 'notification'
      ? `method="${method}"${id === null ? '' : ` id=${id}`}`
      : `id=${id} ${kind === 'error' ? 'error' : 'result'}`;
  return {
    file: 't.ndjson',
    line,
    lines: 1,
    ts: null,
    tsMs: null,
    dir,
    session: null,
    text,
    bytes: 0,
    summary: { kind, id, method },
    ...opts,
  };
}

/**
 * A message the log cut in the middle (`Frame.truncated`): its JSON text with the characters from `from` to `to` left
 * out and `...[N chars truncated]...` in their place; `bytes` is the whole message's size.
 */
export function cutOf(dir: Direction, message: unknown, from: number, to: number, opts: Partial<Frame> = {}): Frame {
  const whole = JSON.stringify(message);
  const mark = `...[${to - from} chars truncated]...`;
  const text = whole.slice(0, from) + mark + whole.slice(to);
  line++;
  return {
    file: 't.ndjson',
    line,
    lines: 1,
    ts: null,
    tsMs: null,
    dir,
    session: null,
    text,
    bytes: Buffer.byteLength(whole),
    truncated: { head: from, tail: from + mark.length },
    ...opts,
  };
}
