// A replay's channel to a stdio server: the server run under `mcptrace wrap --out CAPTURE` (so the new session is
// captured exactly as `wrap` captures), a message per line each way.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import type { Channel } from './driver.js';

interface StdioChannel extends Channel {
  /** Closes the server's stdin and waits for wrap to end (the capture written); SIGTERM after `graceMs`. */
  close(graceMs: number): Promise<void>;
}

/** `cli`: the mcptrace executable (wrap runs from it); `command`: the server's argv. */
export function stdioChannel(
  cli: string,
  capture: string,
  command: readonly string[],
  stderr: (line: string) => void,
): StdioChannel {
  const child = spawn(process.execPath, [cli, 'wrap', '--out', capture, '--', ...command], {
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const ended = new Promise<void>((resolve) => child.once('close', () => resolve()));
  child.stdin.on('error', () => {}); // the server gone: what was still to be sent is lost, and the driver stops
  createInterface({ input: child.stderr, crlfDelay: Infinity }).on('line', stderr);
  const handlers: ((m: Record<string, unknown>) => void)[] = [];
  createInterface({ input: child.stdout, crlfDelay: Infinity }).on('line', (line) => {
    let m: unknown;
    try {
      m = JSON.parse(line);
    } catch {
      return; // not a message: the capture keeps it, the diagnosis names it
    }
    for (const x of Array.isArray(m) ? m : [m])
      if (x !== null && typeof x === 'object') for (const h of handlers) h(x as Record<string, unknown>);
  });
  return {
    ended,
    send: (message) => void child.stdin.write(`${JSON.stringify(message)}\n`),
    onMessage: (h) => void handlers.push(h),
    close: async (graceMs) => {
      child.stdin.end();
      const timer = setTimeout(() => child.kill('SIGTERM'), graceMs);
      await ended;
      clearTimeout(timer);
    },
  };
}
