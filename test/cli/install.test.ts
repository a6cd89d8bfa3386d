// The package as a user installs it: `npm pack`, then `npm install -g` of the tarball into a temporary prefix, offline
// (the package has no runtime dependency to fetch: the CLI and the library are bundles), then the installed
// `mcptrace` run from another folder. One pack and one install for every assertion: npm is the slow part.
import { execFile } from 'node:child_process';
import { existsSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { CLI_PATH, REPO_ROOT, childEnv, parseNdjson } from '../helpers/cli.js';
import { tempDir } from '../helpers/temp.js';

const run = promisify(execFile);
const PKG = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { name: string; version: string };
const SAMPLE = join(REPO_ROOT, 'samples', 'everything.envelope.ndjson');

/**
 * The optional dependency and everything it pulls in, `name@version` as the lock pins them. `npm ci` caches their
 * tarballs but not their registry documents, which an install of the tarball needs to resolve them: without them an
 * offline install leaves the optional DuckDB out without a word.
 */
function optionalTree(): string[] {
  type Entry = {
    version: string;
    dependencies?: Record<string, string>;
    optionalDependencies?: Record<string, string>;
  };
  const lock = JSON.parse(readFileSync(join(REPO_ROOT, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, Entry>;
  };
  const found = new Map<string, string>();
  const visit = (name: string): void => {
    const e = lock.packages[`node_modules/${name}`];
    if (e === undefined || found.has(name)) return;
    found.set(name, e.version);
    for (const d of Object.keys({ ...e.dependencies, ...e.optionalDependencies })) visit(d);
  };
  const pkg = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as {
    optionalDependencies?: Record<string, string>;
  };
  for (const d of Object.keys(pkg.optionalDependencies ?? {})) visit(d);
  return [...found].map(([n, v]) => `${n}@${v}`);
}

interface Installed {
  /** The folder the commands run in: neither the repository nor the package. */
  cwd: string;
  /** The installed executable (`PREFIX/bin/mcptrace`, npm's link to the package's bin). */
  bin: string;
  /** The installed package's folder. */
  pkg: string;
  packed: string[];
  installStderr: string;
}

let installed: Installed;

beforeAll(async () => {
  const dir = tempDir('install');
  // dist/ is the one the tests run (the global setup rebuilt it if its sources changed): not built again by prepack.
  const { stdout } = await run('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', dir], {
    cwd: REPO_ROOT,
  });
  const [pack] = JSON.parse(stdout) as [{ filename: string; files: { path: string }[] }];
  const prefix = join(dir, 'prefix');
  // The registry documents of the optional dependency's packages, exactly the versions the lock pins, into npm's
  // cache (the one fetch this test makes); then nothing else may be fetched.
  await run('npm', ['cache', 'add', ...optionalTree()], { env: childEnv({ npm_config_update_notifier: 'false' }) });
  // --offline: npm may not fetch anything; a runtime dependency would fail the install (ENOTCACHED).
  const install = await run(
    'npm',
    ['install', '-g', '--prefix', prefix, '--offline', '--no-audit', '--no-fund', `./${pack.filename}`],
    {
      cwd: dir,
      env: childEnv({ npm_config_update_notifier: 'false' }),
    },
  );
  installed = {
    cwd: dir,
    bin: join(prefix, 'bin', 'mcptrace'),
    pkg: join(prefix, 'lib', 'node_modules', PKG.name),
    packed: pack.files.map((f) => f.path),
    installStderr: install.stderr,
  };
}, 180_000);

/** The installed `mcptrace ARGS`, run from the temporary folder. */
async function mcptrace(args: string[]): Promise<{ stdout: string; stderr: string }> {
  return run(installed.bin, args, { cwd: installed.cwd, env: childEnv(), maxBuffer: 64 * 1024 * 1024 });
}

describe('npm pack, then npm install -g of the tarball, offline', () => {
  it("the tarball holds the bundles, the rule pages and formats.md, not the developer docs nor tsc's JavaScript", () => {
    const { packed } = installed;
    expect(packed).toContain('dist/cli/mcptrace.js');
    expect(packed).toContain('dist/lib/index.js');
    expect(packed).toContain('dist/src/index.d.ts');
    expect(packed).toContain('docs/formats.md');
    expect(packed).toContain('docs/rules/orphan-response.md');
    expect(packed.filter((p) => p.startsWith('docs/dev/'))).toEqual([]);
    expect(packed.filter((p) => p.startsWith('dist/src/') && p.endsWith('.js'))).toEqual([]);
  });

  it('installs without a warning (no EBADENGINE, no install script)', () => {
    expect(installed.installStderr).not.toMatch(/EBADENGINE|warn/i);
  });

  it('mcptrace --version prints the package version, run from another folder', async () => {
    expect((await mcptrace(['--version'])).stdout).toBe(`${PKG.version}\n`);
  });

  it("mcptrace annotate and audit read a sample (the SDK's schemas are in the bundle)", async () => {
    const records = parseNdjson((await mcptrace(['annotate', '-f', 'ndjson', '--no-body', SAMPLE])).stdout);
    expect(records.length).toBeGreaterThan(100);
    expect(records[1]!.method).toBe('initialize');
    const report = JSON.parse((await mcptrace(['audit', '-f', 'json', SAMPLE])).stdout);
    expect(report.tool).toEqual({ name: PKG.name, version: PKG.version });
  });

  it('--log-level debug logs through pino, which is in the bundle', async () => {
    const { stderr } = await mcptrace(['stats', '-f', 'json', '--log-level', 'debug', SAMPLE]);
    expect(
      stderr
        .split('\n')
        .filter((l) => l.startsWith('{'))
        .map((l) => JSON.parse(l).msg),
    ).toContain('reading');
  });

  it("mcptrace rules ID opens the rule's page inside the installed package", async () => {
    const path = (await mcptrace(['rules', 'orphan-response', '--path'])).stdout.trim();
    expect(path).toBe(join(installed.pkg, 'docs', 'rules', 'orphan-response.md'));
    expect(existsSync(path)).toBe(true);
    const page = (await mcptrace(['rules', 'orphan-response'])).stdout;
    expect(page).toBe(readFileSync(join(REPO_ROOT, 'docs', 'rules', 'orphan-response.md'), 'utf8'));
  });

  it('the library loads as `mcptrace` from the installed package', async () => {
    const code = "const m = await import('mcptrace'); console.log(m.RULES.length, typeof m.analyze)";
    const { stdout } = await run(process.execPath, ['--input-type=module', '-e', code], {
      cwd: join(installed.pkg, '..'),
    });
    expect(stdout).toMatch(/^\d+ function\n$/);
  });

  it('export --to parquet (the writer is in the bundle) and sql (DuckDB, the optional dependency, installed with it)', async () => {
    const out = join(installed.cwd, 'dataset');
    await mcptrace(['export', '--to', 'parquet', '--out', out, SAMPLE]);
    const { stdout } = await mcptrace([
      'sql',
      '-f',
      'json',
      "SELECT count(*) AS n FROM records WHERE kind = 'request'",
      out,
    ]);
    expect(JSON.parse(stdout)[0].n).toBeGreaterThan(10);
  });

  // Last: it changes the installed copy. The way docs/guide/install.md gives to leave DuckDB out (npm ignores --omit=optional on a global
  // install from a tarball): delete its folder; every command but sql works, and sql says in one line what to do.
  it('without the optional DuckDB (its folder deleted, as docs/guide/install.md says), sql says how to add it and the rest works', async () => {
    const duckdb = join(installed.pkg, 'node_modules', '@duckdb');
    expect(existsSync(duckdb)).toBe(true);
    rmSync(duckdb, { recursive: true, force: true });
    expect((await mcptrace(['stats', '-f', 'json', SAMPLE])).stdout).toContain('"messages"');
    // explore's modules load from the bundle (its terminal view is refused here: stdout is a pipe).
    const view = await mcptrace(['explore', SAMPLE]).then(
      () => null,
      (e: { code: number; stderr: string }) => e,
    );
    expect(view?.code).toBe(2);
    expect(view?.stderr).toMatch(/^mcptrace: explore needs a terminal .* use mcptrace annotate/);
    const r = await mcptrace(['sql', 'SELECT 1', join(installed.cwd, 'dataset')]).then(
      () => null,
      (e: { code: number; stderr: string }) => e,
    );
    expect(r?.code).toBe(2);
    expect(r?.stderr).toMatch(
      /^mcptrace: mcptrace sql needs DuckDB \(@duckdb\/node-api, an optional dependency\) and it is not installed: install it with `npm install @duckdb\/node-api@[^`]+`[^\n]*\n$/,
    );
  });
});

describe('the clone', () => {
  it('npm install on this Node: every locked package accepts it (--engine-strict turns EBADENGINE into an error)', async () => {
    // --dry-run: node_modules is left as it is; --offline: the lock and the cache only.
    const r = await run(
      'npm',
      ['install', '--dry-run', '--offline', '--engine-strict', '--ignore-scripts', '--no-audit', '--no-fund'],
      {
        cwd: REPO_ROOT,
        env: childEnv({ npm_config_update_notifier: 'false' }),
      },
    );
    expect(r.stderr).not.toMatch(/EBADENGINE|notsup/);
  });

  it('npm run build leaves the executable executable (rolldown writes it 0644)', () => {
    expect(statSync(CLI_PATH).mode & 0o111).toBe(0o111);
  });
});
