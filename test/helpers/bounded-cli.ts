// The built CLI run with a capped heap, reporting its peak RSS: for hostile inputs, whose memory must stay bounded.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { CLI_PATH, REPO_ROOT, childEnv } from './cli.js';

const PRELOAD = join(REPO_ROOT, 'test/robustness/max-rss.mjs');

export interface BoundedRun {
  code: number | null;
  stdout: string;
  stderr: string;
  /** Peak RSS of the child process; null for an in-process run. */
  maxRssMb: number | null;
}

/** Runs the built CLI with `heapMb` of heap and reports its peak RSS (test/robustness/max-rss.mjs). */
export function boundedCli(args: string[], heapMb: number): Promise<BoundedRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [`--max-old-space-size=${heapMb}`, '--import', PRELOAD, CLI_PATH, ...args], {
      cwd: REPO_ROOT,
      env: childEnv(),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (b: Buffer) => out.push(b));
    child.stderr.on('data', (b: Buffer) => err.push(b));
    child.on('error', reject);
    child.on('close', (code) => {
      const stderr = Buffer.concat(err).toString('utf8');
      const m = /\nmcptrace-test-max-rss-kb (\d+)\n$/.exec(stderr);
      resolve({
        code,
        stdout: Buffer.concat(out).toString('utf8'),
        stderr: m ? stderr.slice(0, m.index) : stderr,
        maxRssMb: m ? Number(m[1]) / 1024 : NaN,
      });
    });
  });
}
