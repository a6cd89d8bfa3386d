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
  return { file: 't.ndjson', line, lines: 1, ts: null, tsMs: null, dir, session: null, text, bytes: Buffer.byteLength(text), ...opts };
}

export function event(name: string, opts: Partial<Frame> = {}): Frame {
  line++;
  return { file: 't.ndjson', line, lines: 1, ts: null, tsMs: null, dir: 'unknown', session: null, text: null, bytes: 0, event: { name }, ...opts };
}

export const req = (id: string | number, method: string, params?: unknown) => ({ jsonrpc: '2.0', id, method, ...(params === undefined ? {} : { params }) });
export const res = (id: string | number, result: unknown = {}) => ({ jsonrpc: '2.0', id, result });
export const err = (id: string | number, code: number, message: string) => ({ jsonrpc: '2.0', id, error: { code, message } });
export const note = (method: string, params?: unknown) => ({ jsonrpc: '2.0', method, ...(params === undefined ? {} : { params }) });

export const initReq = (id: number | string = 0, caps: unknown = {}, protocolVersion = '2025-11-25') =>
  req(id, 'initialize', { protocolVersion, capabilities: caps, clientInfo: { name: 'test-client', version: '1.0.0' } });
export const initRes = (id: number | string = 0, caps: unknown = {}, protocolVersion = '2025-11-25') =>
  res(id, { protocolVersion, capabilities: caps, serverInfo: { name: 'test-server', version: '2.0.0' } });
