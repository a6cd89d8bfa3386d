// Runs the built CLI (dist/cli/mcptrace.js) as a child process from the repository root, for end-to-end tests.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';

/** The repository root (absolute); the CLI runs with this as its cwd, so inputs are named by relative paths. */
export const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** The built executable. `npm test` builds it first (`npm run build && vitest run`). */
export const CLI_PATH = join(REPO_ROOT, 'dist', 'cli', 'mcptrace.js');

export interface CliResult {
  /** Exit code; null when the process was ended by a signal (then `signal` says which). */
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

export interface CliOptions {
  /** Written to the child's stdin, which is then closed. Without it stdin is closed at once (empty input). */
  input?: string | Buffer;
  /** Extra environment variables for the child (set after NO_COLOR / FORCE_COLOR are removed). */
  env?: Record<string, string>;
  /** Working directory; defaults to the repository root. */
  cwd?: string;
  /** Kill the child (SIGKILL) and fail after this long; default 30 s. */
  timeoutMs?: number;
}

/** Throws a clear error when dist/ has not been built. */
export function assertBuilt(): void {
  if (!existsSync(CLI_PATH)) {
    throw new Error(`${CLI_PATH} is missing: build first with \`npm run build\` (\`npm test\` does it for you)`);
  }
}

/**
 * The child's environment: the test process's, minus NO_COLOR and FORCE_COLOR (vitest and CI may set them),
 * so colour is decided by TTY detection alone — and stdout is a pipe, so output is uncoloured — unless the
 * test sets them in `extra`.
 */
export function childEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  delete env.NO_COLOR;
  delete env.FORCE_COLOR;
  // The OpenTelemetry exporter's variables would send `export --to otlp` to the developer's collector.
  for (const k of Object.keys(env)) if (k.startsWith('OTEL_')) delete env[k];
  return { ...env, ...extra };
}

/** Starts the CLI with piped stdio and leaves the streams to the caller (live-input and early-close tests). */
export function spawnCli(
  args: readonly string[],
  opts: Pick<CliOptions, 'env' | 'cwd'> = {},
): ChildProcessWithoutNullStreams {
  assertBuilt();
  return spawn(process.execPath, [CLI_PATH, ...args], {
    cwd: opts.cwd ?? REPO_ROOT,
    env: childEnv(opts.env),
    stdio: ['pipe', 'pipe', 'pipe'],
  });
}

/** Runs the CLI to completion and collects its exit code and output (UTF-8). Rejects when dist/ is not built. */
export async function runCli(args: readonly string[], opts: CliOptions = {}): Promise<CliResult> {
  const child = spawnCli(args, opts);
  const out: Buffer[] = [];
  const err: Buffer[] = [];
  child.stdout.on('data', (b: Buffer) => out.push(b));
  child.stderr.on('data', (b: Buffer) => err.push(b));
  // The child may exit before reading all of stdin (a usage error); that EPIPE is not the test's concern.
  child.stdin.on('error', () => {});
  if (opts.input !== undefined) child.stdin.end(opts.input);
  else child.stdin.end();
  const timeoutMs = opts.timeoutMs ?? 30_000;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`mcptrace ${args.join(' ')} did not finish within ${timeoutMs} ms`));
    }, timeoutMs);
    child.on('error', (e) => {
      clearTimeout(timer);
      reject(e);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({
        code,
        signal,
        stdout: Buffer.concat(out).toString('utf8'),
        stderr: Buffer.concat(err).toString('utf8'),
      });
    });
  });
}

/** Parses NDJSON output into objects (fails the test with the offending line when one is not JSON). */
export function parseNdjson(stdout: string): Record<string, any>[] {
  return stdout
    .split('\n')
    .filter((l) => l !== '')
    .map((l, i) => {
      try {
        return JSON.parse(l) as Record<string, any>;
      } catch {
        throw new Error(`stdout line ${i + 1} is not JSON: ${l.slice(0, 200)}`);
      }
    });
}

/** ANSI SGR escape sequences (colour / style). */
export const SGR = /\x1b\[[0-9;]*m/;
