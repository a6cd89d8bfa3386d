// server-everything in one of its HTTP modes (streamableHttp, sse), on 127.0.0.1 and a free port, for the HTTP tests.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';

const EVERYTHING_JS = fileURLToPath(
  new URL('../../node_modules/@modelcontextprotocol/server-everything/dist/index.js', import.meta.url),
);
const LOOPBACK = fileURLToPath(new URL('./loopback-listen.mjs', import.meta.url));

export interface HttpServer {
  port: number;
  /** What the server wrote to stderr so far (for a failing test's message). */
  stderr(): string;
  stop(): Promise<void>;
}

/** Starts server-everything (`streamableHttp`: POST/GET/DELETE /mcp; `sse`: GET /sse and POST /message); waits until it listens. */
export async function startEverything(mode: 'streamableHttp' | 'sse'): Promise<HttpServer> {
  const child: ChildProcess = spawn(process.execPath, ['--import', LOOPBACK, EVERYTHING_JS, mode], {
    env: { ...process.env, PORT: '0' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let err = '';
  const port = await new Promise<number>((resolve, reject) => {
    child.stderr!.setEncoding('utf8');
    child.stderr!.on('data', (d: string) => {
      err += d;
      const m = /mcptrace-test: listening on 127\.0\.0\.1:(\d+)/.exec(err);
      if (m) resolve(Number(m[1]));
    });
    child.once('exit', (code) =>
      reject(new Error(`server-everything ${mode} exited (${code}) before listening:\n${err}`)),
    );
  });
  return {
    port,
    stderr: () => err,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      await exited;
    },
  };
}
