// Shared parts of the wrap tests: the built CLI as a wrapped command, byte observers, captures, memory.
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import type { SessionDiagnosis } from '../../src/diagnose/types.js';
import { LineCapture, type CapturedLine } from '../../src/live/line-capture.js';
import { CLI_PATH, parseNdjson, REPO_ROOT, runCli } from '../helpers/cli.js';
import { runMain } from '../helpers/in-process.js';

export { CLI_PATH, REPO_ROOT };
export const FIXTURES = join(REPO_ROOT, 'test', 'fixtures', 'live');
export const TEE = join(FIXTURES, 'tee.mjs');
export const BROKEN = join(FIXTURES, 'broken-server.mjs');
export const BYTES = join(FIXTURES, 'bytes.mjs');
export const EVERYTHING_JS = join(REPO_ROOT, 'node_modules/@modelcontextprotocol/server-everything/dist/index.js');
export const MEMORY_JS = join(REPO_ROOT, 'node_modules/@modelcontextprotocol/server-memory/dist/index.js');

/** The lines a `LineCapture` of `dir` gives for `bytes` fed in chunks of `size`, its unterminated last line included. */
export function capturedLines(
  dir: 'c2s' | 's2c',
  bytes: Buffer,
  size: number,
  max: number,
  ts: string,
): CapturedLine[] {
  const c = new LineCapture(dir, max);
  const out: CapturedLine[] = [];
  for (let i = 0; i < bytes.length; i += size) out.push(...c.push(bytes.subarray(i, i + size), ts));
  const last = c.end(ts);
  if (last) out.push(last);
  return out;
}

export { tempDir } from '../helpers/temp.js';
export const sha256 = (b: Buffer | string) => createHash('sha256').update(b).digest('hex');

export type CaptureRecord = {
  ts: string;
  dir?: 'c2s' | 's2c' | 'stderr';
  line?: string;
  event?: string;
  [k: string]: unknown;
};

/** The capture's records; every line must be a JSON object with `ts` first and `dir` or `event` second. */
export function readCapture(path: string): CaptureRecord[] {
  const text = readFileSync(path, 'utf8');
  expect(text.endsWith('\n')).toBe(true);
  return text
    .slice(0, -1)
    .split('\n')
    .map((l) => {
      const r = JSON.parse(l) as CaptureRecord;
      const keys = Object.keys(r);
      expect(keys[0]).toBe('ts');
      expect(['dir', 'event']).toContain(keys[1]);
      return r;
    });
}

/** The bytes of one direction (or the server's stderr) as the capture has them: each line and the newline that followed it. */
export function captureBytes(records: CaptureRecord[], dir: 'c2s' | 's2c' | 'stderr'): Buffer {
  const parts: Buffer[] = [];
  for (const r of records) {
    if (r.dir !== dir) continue;
    parts.push(
      typeof r.lineBase64 === 'string' ? Buffer.from(r.lineBase64, 'base64') : Buffer.from(r.line ?? '', 'utf8'),
    );
    if (r.partial !== true) parts.push(Buffer.from('\n'));
  }
  return Buffer.concat(parts);
}

/** `mcptrace annotate -f ndjson FILE`: the annotated records (exit 0, nothing on stderr). */
export async function annotate(file: string): Promise<Record<string, any>[]> {
  const r = await runCli(['annotate', '-f', 'ndjson', file], { timeoutMs: 60_000 });
  expect(r.stderr).toBe('');
  expect(r.code).toBe(0);
  return parseNdjson(r.stdout);
}

/** `mcptrace why -f json FILE` (in this process): each session's verdict and diagnoses. */
export async function why(file: string, options: string[] = []): Promise<SessionDiagnosis[]> {
  const r = await runMain(['why', '-f', 'json', ...options, file]);
  return JSON.parse(r.stdout) as SessionDiagnosis[];
}

/** Every response and error pairs with a request of the other side with the same id and method. */
export function expectPaired(records: Record<string, any>[]): void {
  const bySeq = new Map(records.map((r) => [r.seq as number, r]));
  const answers = records.filter((r) => r.kind === 'response' || r.kind === 'error');
  expect(answers.length).toBeGreaterThan(0);
  for (const a of answers) {
    const req = bySeq.get(a.pair);
    expect(req, `response ${a.source} is paired`).toBeDefined();
    expect({ kind: req!.kind, id: req!.id, method: req!.method, dir: req!.dir }).toEqual({
      kind: 'request',
      id: a.id,
      method: a.method,
      dir: a.dir === 'c2s' ? 's2c' : 'c2s',
    });
  }
}

/** Peak resident memory (VmHWM, bytes) of a live process, from /proc; null where /proc is not there. */
export function peakRss(pid: number): number | null {
  try {
    const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) * 1024 : null;
  } catch {
    return null;
  }
}

/** Samples a process's peak RSS every 50 ms until it exits; `peak()` is the highest seen. */
export function watchRss(child: ChildProcess): { peak(): number | null } {
  let peak: number | null = null;
  const timer = setInterval(() => {
    const v = child.pid === undefined ? null : peakRss(child.pid);
    if (v !== null) peak = Math.max(peak ?? 0, v);
  }, 50);
  child.once('exit', () => clearInterval(timer));
  return { peak: () => peak };
}

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

/** Resolves when the process has exited and its stdio is closed. */
export function exitOf(child: ChildProcess): Promise<Exit> {
  return new Promise((resolve) => child.once('close', (code, signal) => resolve({ code, signal })));
}

/** Starts `node dist/cli/mcptrace.js ARGS` with piped stdio (stderr collected into `stderr()`). */
export function spawnMcptrace(args: string[], env: NodeJS.ProcessEnv = process.env) {
  const child = spawn(process.execPath, [CLI_PATH, ...args], { cwd: REPO_ROOT, env, stdio: ['pipe', 'pipe', 'pipe'] });
  const err: Buffer[] = [];
  child.stderr.on('data', (b: Buffer) => err.push(b));
  child.stdin.on('error', () => {});
  return { child, stderr: () => Buffer.concat(err).toString('utf8') };
}

/** Starts `mcptrace wrap OPTIONS -- COMMAND…`. */
export const spawnWrap = (options: string[], command: string[], env?: NodeJS.ProcessEnv) =>
  spawnMcptrace(['wrap', ...options, '--', ...command], env);

/** Collects a readable to the end. */
export async function collect(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const c of stream) parts.push(c as Buffer);
  return Buffer.concat(parts);
}
