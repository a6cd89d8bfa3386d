// A stdio Transport for the official SDK Client that records every wire line as envelope records.
//
// The SDK's own StdioClientTransport parses lines before we could see them; this one keeps the
// exact text of each line (without the newline) so the samples are the bytes that really went
// over the pipe. Records keep key order ts, dir|event, rest (docs/formats.md, envelope NDJSON).
import { spawn } from 'node:child_process';
import { deserializeMessage, serializeMessage } from '@modelcontextprotocol/sdk/shared/stdio.js';

const NEWLINE = 0x0a;
const now = () => new Date().toISOString();

export class RecordingStdioTransport {
  /**
   * @param {{ command: string, args?: string[], recordedCommand?: string[], cwd?: string,
   *           env?: Record<string, string>, stderr?: 'inherit' | 'ignore' }} options
   */
  constructor(options) {
    this.options = options;
    /** Envelope records in wire order. */
    this.records = [];
    /** Parsed message per record (null for events and unparsable lines), same indexes. */
    this.messages = [];
    this._waiters = new Set();
    this._buf = Buffer.alloc(0);
    this._closed = false;
    this._exited = false;
    this._exitPromise = null;
    this.onmessage = undefined;
    this.onclose = undefined;
    this.onerror = undefined;
  }

  async start() {
    const { command, args = [], recordedCommand, cwd, env, stderr = 'ignore' } = this.options;
    const child = spawn(command, args, {
      cwd,
      env: env ?? process.env,
      stdio: ['pipe', 'pipe', stderr === 'inherit' ? 'inherit' : 'ignore'],
    });
    this.child = child;
    this._exitPromise = new Promise((resolve) => {
      child.once('exit', (code, signal) => {
        this._exited = true;
        this._push({ ts: now(), event: 'exit', code, signal });
        resolve();
        if (!this._closed) this._finishClose();
      });
    });
    this._stdoutEnded = new Promise((resolve) => {
      child.stdout.on('end', () => {
        // A last line without a newline is still wire text: keep it.
        if (this._buf.length) this._line(now(), this._buf.toString('utf8'));
        this._buf = Buffer.alloc(0);
        this._push({ ts: now(), event: 'stdout-closed' });
        resolve();
      });
    });
    child.stdout.on('data', (chunk) => this._data(chunk));
    child.stdin.on('error', (error) => this.onerror?.(error));
    await new Promise((resolve, reject) => {
      child.once('spawn', resolve);
      child.once('error', reject);
    });
    this._push({ ts: now(), event: 'start', command: recordedCommand ?? [command, ...args], pid: child.pid });
  }

  _data(chunk) {
    const ts = now(); // one receive time per chunk: lines in one read arrived together
    this._buf = this._buf.length ? Buffer.concat([this._buf, chunk]) : chunk;
    let index;
    while ((index = this._buf.indexOf(NEWLINE)) !== -1) {
      const line = this._buf.toString('utf8', 0, index); // split on bytes, decode whole lines
      this._buf = this._buf.subarray(index + 1);
      this._line(ts, line);
    }
  }

  _line(ts, line) {
    let message = null;
    try {
      message = deserializeMessage(line.replace(/\r$/, ''));
    } catch (error) {
      this.onerror?.(new Error(`unparsable line from server: ${error.message}`));
    }
    this._push({ ts, dir: 's2c', line }, message);
    if (message) this._deliver(message);
  }

  // One message per macrotask, like separate reads: the SDK handles notifications a microtask
  // late but responses at once, so a progress notification and the response that follows it in
  // the same chunk would otherwise reach the client in the wrong order.
  _deliver(message) {
    this._inbox ??= [];
    this._inbox.push(message);
    if (this._inbox.length > 1) return;
    const drain = () => {
      const next = this._inbox[0];
      if (!this._closed) this.onmessage?.(next);
      this._inbox.shift();
      if (this._inbox.length) setImmediate(drain);
    };
    setImmediate(drain);
  }

  async send(message) {
    if (this._closed || !this.child?.stdin.writable) throw new Error('transport closed');
    const wire = serializeMessage(message);
    this._push({ ts: now(), dir: 'c2s', line: wire.slice(0, -1) }, message);
    await new Promise((resolve, reject) => {
      this.child.stdin.write(wire, (error) => (error ? reject(error) : resolve()));
    });
  }

  /** Closes stdin, waits for exit; SIGTERM after 2 s, SIGKILL 2 s later (stdio shutdown, spec lifecycle). */
  async close() {
    if (this._closing) return this._closing;
    this._closing = (async () => {
      if (this.child && !this.child.stdin.writableEnded) {
        await new Promise((resolve) => this.child.stdin.end(resolve));
        this._push({ ts: now(), event: 'stdin-closed' });
      }
      if (this.child) {
        for (const signal of ['SIGTERM', 'SIGKILL']) {
          if (await this._exitedWithin(2000)) break;
          process.stderr.write(`record: server did not exit, sending ${signal}\n`);
          this.child.kill(signal);
        }
        await this._exitedWithin(2000);
        await Promise.race([this._stdoutEnded, delay(2000)]);
      }
      this._finishClose();
    })();
    return this._closing;
  }

  _finishClose() {
    if (this._closed) return;
    this._closed = true;
    this.onclose?.();
  }

  async _exitedWithin(ms) {
    if (this._exited) return true;
    await Promise.race([this._exitPromise, delay(ms)]);
    return this._exited;
  }

  _push(record, message = null) {
    this.records.push(record);
    this.messages.push(message);
    for (const waiter of [...this._waiters]) waiter(record, message);
  }

  /** A position in the record list, for waitFor({ since }). */
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

export const delay = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Predicate: a message in direction `dir` with `method` (and optional extra test). */
export const wire = (dir, method, test = () => true) => (record, message) =>
  record.dir === dir && message?.method === method && test(message);
