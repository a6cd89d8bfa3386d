// The transport behind the sample recordings: the official SDK's StdioClientTransport, spawning the server
// through `mcptrace wrap --out FILE`, so the envelope samples are exactly what wrap captures.
//
//   SDK Client → StdioClientTransport → node dist/cli/mcptrace.js wrap --out FILE -- node server.js … → server
//
// The wrapper only watches messages (to let a session wait for a server message before it goes on) and
// hands them to the Client one per macrotask; it never touches the bytes. The capture is wrap's.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';

export class WrapTransport {
  /**
   * @param {{ root: string, server: string[], out: string, env?: Record<string, string> }} options
   *   root: repository root (the cwd, so `server` paths stay relative in the capture's start event);
   *   server: the server command as it should appear in the capture; out: the capture file.
   */
  constructor({ root, server, out, env }) {
    this.out = out;
    this.inner = new StdioClientTransport({
      command: process.execPath,
      args: [join(root, 'dist', 'cli', 'mcptrace.js'), 'wrap', '--out', out, '--', ...server],
      cwd: root,
      env: { ...process.env, ...env },
      stderr: 'pipe',
    });
    /** Messages seen, in order: `{ dir }` records and the parsed messages at the same indexes. */
    this.records = [];
    this.messages = [];
    this._waiters = new Set();
    this._stderr = '';
    this.onmessage = undefined;
    this.onclose = undefined;
    this.onerror = undefined;
  }

  async start() {
    // The server's stderr (its start-up banner …) is kept, not shown; wrap's own messages are shown.
    this.inner.stderr?.on('data', (chunk) => {
      this._stderr = (this._stderr + chunk).slice(-8192);
      for (const line of String(chunk).split('\n'))
        if (line.startsWith('mcptrace:')) process.stderr.write(`record: ${line}\n`);
    });
    this.inner.onmessage = (message) => {
      this._push({ dir: 's2c' }, message);
      this._deliver(message);
    };
    this.inner.onerror = (error) => this.onerror?.(error);
    this.inner.onclose = () => this.onclose?.();
    await this.inner.start();
  }

  // One message per macrotask, like separate reads: the SDK handles notifications a microtask late but
  // responses at once, so a progress notification and the response that follows it in the same chunk
  // would otherwise reach the client in the wrong order.
  _deliver(message) {
    this._inbox ??= [];
    this._inbox.push(message);
    if (this._inbox.length > 1) return;
    const drain = () => {
      this.onmessage?.(this._inbox[0]);
      this._inbox.shift();
      if (this._inbox.length) setImmediate(drain);
    };
    setImmediate(drain);
  }

  async send(message, options) {
    this._push({ dir: 'c2s' }, message);
    await this.inner.send(message, options);
  }

  /**
   * Closes the server's stdin, then SIGTERM after 2 s and SIGKILL 2 s later (the SDK's stdio shutdown,
   * spec lifecycle); wrap passes the signals on. Resolves once wrap has written the exit to the capture.
   */
  async close() {
    if (this._closing) return this._closing;
    this._closing = (async () => {
      await this.inner.close();
      for (let waited = 0; waited < 5000; waited += 50) {
        const text = await readFile(this.out, 'utf8').catch(() => '');
        if (/"event":"(exit|spawn-error)"[^\n]*\n$/.test(text)) return;
        await delay(50);
      }
      process.stderr.write(`record: ${this.out} has no exit record; server stderr ended with:\n${this._stderr}\n`);
    })();
    return this._closing;
  }

  _push(record, message) {
    this.records.push(record);
    this.messages.push(message);
    for (const waiter of [...this._waiters]) waiter(record, message);
  }

  /** A position in the message list, for waitFor({ since }). */
  mark() {
    return this.records.length;
  }

  /**
   * Resolves with the first record at or after `since` for which pred(record, message) holds,
   * or with null after `timeout` ms (a warning goes to stderr; the sanity check reports gaps).
   */
  waitFor(pred, { since = this.records.length, timeout = 5000, label = 'message' } = {}) {
    for (let i = since; i < this.records.length; i++) {
      if (pred(this.records[i], this.messages[i])) return Promise.resolve(this.records[i]);
    }
    return new Promise((resolve) => {
      const waiter = (record, message) => {
        if (!pred(record, message)) return;
        cleanup();
        resolve(record);
      };
      const timer = setTimeout(() => {
        cleanup();
        process.stderr.write(`record: timed out after ${timeout} ms waiting for ${label}\n`);
        resolve(null);
      }, timeout);
      const cleanup = () => {
        clearTimeout(timer);
        this._waiters.delete(waiter);
      };
      this._waiters.add(waiter);
    });
  }
}

/** The capture file's records (envelope NDJSON, one object per line). */
export async function readCapture(path) {
  const text = await readFile(path, 'utf8');
  return text
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line));
}

export const delay = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Predicate: a message in direction `dir` with `method` (and optional extra test). */
export const wire =
  (dir, method, test = () => true) =>
  (record, message) =>
    record.dir === dir && message?.method === method && test(message);
