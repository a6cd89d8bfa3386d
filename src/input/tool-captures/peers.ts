// Which end of a pipe is the client, as the `initialize` request one end sent tells (a capture naming only process ids).
import type { Direction } from '../../types.js';
import { isPlainObject } from '../../util/own.js';
import { present } from './paths.js';

type Role = 'client' | 'server';

/** Processes whose role a pipe's `initialize` told, at most this many (a long trace of short-lived servers). */
const MAX_PEERS = 10_000;

export class PipeRoles {
  private readonly roles = new Map<string, Role>();

  /**
   * The direction of a message written by process `from` to process `to` (ids, as the capture states them): an
   * `initialize` request makes its sender the client and the other end the server; `unknown` until one was seen.
   */
  dir(from: unknown, to: unknown, message: unknown): Direction {
    const a = scalarKey(from);
    const b = scalarKey(to);
    if (a === undefined || b === undefined) return 'unknown';
    if (isInitializeRequest(message)) {
      if (this.roles.size >= MAX_PEERS) this.roles.clear();
      this.roles.set(a, 'client');
      this.roles.set(b, 'server');
      return 'c2s';
    }
    const r = this.roles.get(a) ?? flip(this.roles.get(b));
    return r === 'client' ? 'c2s' : r === 'server' ? 's2c' : 'unknown';
  }
}

function scalarKey(v: unknown): string | undefined {
  return typeof v === 'string' || typeof v === 'number' ? String(v) : undefined;
}

function flip(role: Role | undefined): Role | undefined {
  return role === 'client' ? 'server' : role === 'server' ? 'client' : undefined;
}

/** An `initialize` request, as a value or as wire text (parsed only when the text names the method). */
function isInitializeRequest(message: unknown): boolean {
  let m = message;
  if (typeof m === 'string') {
    if (!m.includes('"initialize"')) return false;
    try {
      m = JSON.parse(m);
    } catch {
      return false;
    }
  }
  return isPlainObject(m) && m.method === 'initialize' && present(m.id);
}
