// Runs the built CLI's `main` in the test's process (dist/src/cli/main.js, the code dist/cli/mcptrace.js bundles), for
// tests whose subject is what a command prints rather than the process: no process start-up per run. `--jobs` still
// runs its worker threads (dist/src/cli/jobs-worker.js). Diagnostics (`--log-level`) are captured with stderr.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Readable, Writable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import { childEnv, REPO_ROOT, type CliResult } from './cli.js';

const MAIN = join(REPO_ROOT, 'dist', 'src', 'cli', 'main.js');

interface Io {
  stdin: Readable;
  stdout: Writable;
  stderr: Writable;
  env: NodeJS.ProcessEnv;
  diagnostics: { write(line: string): unknown };
}

let loaded: Promise<{ main(argv: readonly string[], io: Io): Promise<number> }> | undefined;

function collector(into: Buffer[]): Writable {
  return new Writable({
    write(chunk: Buffer, _encoding, done) {
      into.push(chunk);
      done();
    },
  });
}

/**
 * `mcptrace ARGS` in this process, from the repository root (inputs named by relative paths), with the environment a
 * child would get (`childEnv`, plus `env`). stdin is empty unless `input` is given.
 */
export async function runMain(
  args: readonly string[],
  opts: { env?: Record<string, string>; input?: string } = {},
): Promise<CliResult> {
  if (!existsSync(MAIN))
    throw new Error(`${MAIN} is missing: build first with \`npm run build\` (\`npm test\` does it for you)`);
  loaded ??= import(pathToFileURL(MAIN).href);
  const { main } = await loaded;
  const out: Buffer[] = [];
  const err: Buffer[] = [];
  const code = await main(args, {
    stdin: Readable.from(opts.input === undefined ? [] : [opts.input]),
    stdout: collector(out),
    stderr: collector(err),
    env: childEnv(opts.env),
    diagnostics: { write: (line: string) => err.push(Buffer.from(line)) },
  });
  return {
    code,
    signal: null,
    stdout: Buffer.concat(out).toString('utf8'),
    stderr: Buffer.concat(err).toString('utf8'),
  };
}
