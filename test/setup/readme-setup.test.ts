// The README's set-up, run as CI runs it: the commands of the block after `<!-- setup -->`, in order, in a clean
// copy of the repository (the files git tracks or would track, nothing built, nothing installed). A step the
// set-up needs and the README leaves out — a file not committed, a dependency not locked, a build `npm start` does
// not run, a system tool `npm test` does not make sure of — fails here.
import { execFile, execFileSync } from 'node:child_process';
import { chmodSync, copyFileSync, existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT, childEnv } from '../helpers/cli.js';
import { tempDir } from '../helpers/temp.js';

const execFileAsync = promisify(execFile);

/** The commands of the README's set-up block: its lines without their `# …` comments. */
function setupCommands(readme: string): string[] {
  const at = readme.indexOf('<!-- setup -->');
  if (at < 0) return [];
  const block = /```sh\n([\s\S]*?)```/.exec(readme.slice(at));
  return (block?.[1] ?? '')
    .split('\n')
    .map((l) => l.replace(/\s+#.*$/, '').trim())
    .filter(Boolean);
}

/**
 * `npm test` would run the whole suite inside the suite: in the copy it runs one quick file, which still takes the
 * command's every step (the system tools, the build, vitest's global setup).
 */
const ONE_FILE = 'test/code/doc-links.test.ts';

/** The environment of a user's shell: none of the variables npm gives the scripts it runs (this test runs under one). */
function userEnv(): NodeJS.ProcessEnv {
  const env = childEnv({ npm_config_update_notifier: 'false', npm_config_fund: 'false', npm_config_audit: 'false' });
  for (const k of Object.keys(env))
    if (/^npm_(lifecycle|package|node|command|config_(?!update_notifier|fund|audit|cache))/.test(k) || k === 'INIT_CWD')
      delete env[k];
  delete env.MCPTRACE_TEST_TMP;
  return env;
}

/** Copies the files git tracks or would track (untracked, not ignored) into `to`, with their modes. */
function cleanCopy(to: string): number {
  const list = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
  });
  let n = 0;
  for (const rel of list.split('\0').filter(Boolean)) {
    const from = join(REPO_ROOT, rel);
    if (!existsSync(from)) continue; // deleted in the work tree, not yet in the index
    mkdirSync(dirname(join(to, rel)), { recursive: true });
    copyFileSync(from, join(to, rel));
    chmodSync(join(to, rel), statSync(from).mode);
    n++;
  }
  return n;
}

interface Step {
  command: string;
  code: number;
  stdout: string;
  stderr: string;
}

const commands = setupCommands(readFileSync(join(REPO_ROOT, 'README.md'), 'utf8'));
let copy = '';
let copied = 0;
let cleanAtStart = false;
const steps: Step[] = [];

beforeAll(async () => {
  copy = tempDir('setup');
  copied = cleanCopy(copy);
  cleanAtStart = !existsSync(join(copy, 'node_modules')) && !existsSync(join(copy, 'dist'));
  for (const command of commands) {
    const line = command === 'npm test' ? `${command} -- ${ONE_FILE}` : command;
    const r = await execFileAsync('sh', ['-c', line], { cwd: copy, env: userEnv(), maxBuffer: 1 << 26 }).then(
      (ok) => ({ code: 0, stdout: ok.stdout, stderr: ok.stderr }),
      (err: { code: number; stdout: string; stderr: string }) => ({
        code: err.code,
        stdout: err.stdout,
        stderr: err.stderr,
      }),
    );
    steps.push({ command, ...r });
    if (r.code !== 0) break;
  }
}, 600_000);

describe("the README's set-up in a clean copy of the repository", () => {
  it('the README names it: install, start, test', () => {
    expect(commands).toEqual(['npm install', 'npm start', 'npm test']);
  });

  it('the copy starts clean: no node_modules, no dist', () => {
    expect(copied).toBeGreaterThan(500);
    expect(existsSync(join(copy, 'package-lock.json'))).toBe(true);
    expect(cleanAtStart).toBe(true);
  });

  it('every step succeeds', () => {
    const failed = steps
      .filter((s) => s.code !== 0)
      .map((s) => `${s.command} (exit ${s.code}): ${(s.stderr || s.stdout).trim().split('\n').slice(-5).join(' | ')}`);
    expect(failed).toEqual([]);
    expect(steps.map((s) => s.command)).toEqual(commands);
  });

  it('npm start builds dist/ and annotates the bundled sample, as the README shows', () => {
    const start = steps.find((s) => s.command === 'npm start')!;
    expect(existsSync(join(copy, 'dist', 'cli', 'mcptrace.js'))).toBe(true);
    expect(start.stdout).toContain('━━ session 1 samples/everything.envelope.ndjson · stdio');
    expect(start.stdout).toMatch(/#2 \S+ →\s+req 0\s+init initialize/);
  });

  it('npm test checks the system tools, builds and passes', () => {
    const test = steps.find((s) => s.command === 'npm test')!;
    expect(test.stdout).toContain('node scripts/system-tools.mjs');
    expect(test.stdout.replace(/\x1b\[[0-9;]*m/g, '')).toMatch(/Tests\s+\d+ passed \(\d+\)/);
  });
});
