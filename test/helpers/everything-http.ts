// server-everything in its Streamable HTTP mode on 127.0.0.1 (a free port), for tests that capture or proxy real HTTP traffic.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { REPO_ROOT } from './cli.js';

const EVERYTHING_JS = join(REPO_ROOT, 'node_modules/@modelcontextprotocol/server-everything/dist/index.js');
const LOOPBACK_ONLY = join(REPO_ROOT, 'test/fixtures/capture/loopback-only.mjs');

export interface RunningServer {
  /** `http://127.0.0.1:PORT/mcp` */
  url: string;
  port: number;
  /** Ends the server (SIGTERM) and waits for it to exit. */
  stop(): Promise<void>;
}

/** Starts the server and resolves once it listens (its port read from the preload's line on stderr). */
export function startEverythingHttp(): Promise<RunningServer> {
  const child = spawn(process.execPath, ['--import', LOOPBACK_ONLY, EVERYTHING_JS, 'streamableHttp'], {
    cwd: REPO_ROOT,
    env: { ...process.env, PORT: '0' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  };
  return new Promise((resolve, reject) => {
    let err: string | null = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (s: string) => {
      if (err === null) return;
      err += s;
      const m = /mcptrace-test listening 127\.0\.0\.1 (\d+)/.exec(err);
      if (m === null) return;
      err = null;
      resolve({ url: `http://127.0.0.1:${m[1]}/mcp`, port: Number(m[1]), stop });
    });
    child.once('exit', (code) => reject(new Error(`server-everything exited (${code}) before listening: ${err}`)));
    child.once('error', reject);
  });
}
