// `npm test` makes sure of the programs outside npm that the tests run (scripts/system-tools.mjs, the `pretest`
// script): every program a test runs is in its table, and the script says what is missing in one line when it may
// not install it.
import { execFile } from 'node:child_process';
import { readdirSync, readFileSync, symlinkSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { SYSTEM_TOOLS, hasTool, missingPackages } from '../../scripts/system-tools.mjs';
import { CHROMIUM } from '../browser/chromium.js';
import { tempDir } from '../helpers/temp.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const run = promisify(execFile);

/** Programs a test may run without the table: Node brings node, npm and npx; sh is POSIX; git made the clone. */
const WITH_NODE_OR_CLONE = new Set(['node', 'npm', 'npx', 'sh', 'git']);

/** A folder holding nothing but a link to this Node, for a PATH on which every other program is missing. */
function nodeOnly(): string {
  const dir = tempDir('node-only');
  symlinkSync(process.execPath, join(dir, 'node'));
  return dir;
}

function sources(dir: string, out: string[] = []): string[] {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) {
      if (e.name !== 'fixtures') sources(p, out);
    } else if (/\.(ts|mts|mjs)$/.test(e.name)) out.push(p);
  }
  return out;
}

/** `spawn('tshark', …)`, `execFileSync('protoc', …)`: the program named first. */
const RUNS = /\b(?:spawn|spawnSync|execFile|execFileSync|exec|execSync)\(\s*['"`]([^'"`$\s]+)/g;
/** In a file that names `promisify(execFile)` `run`, `run('editcap', …)` runs a program too. */
const PROMISIFIED_RUN = /\bconst run = promisify\(execFile\)/;
const RUN_CALLS = /\brun\(\s*['"`]([^'"`$\s]+)/g;

function programsRun(): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const file of sources(join(ROOT, 'test'))) {
    const text = readFileSync(file, 'utf8');
    for (const m of [...text.matchAll(RUNS), ...(PROMISIFIED_RUN.test(text) ? text.matchAll(RUN_CALLS) : [])]) {
      const name = basename(m[1]!);
      found.set(name, [...(found.get(name) ?? []), relative(ROOT, file)]);
    }
  }
  return found;
}

describe('the system tools the tests run', () => {
  const table = new Set(SYSTEM_TOOLS.map((t) => basename(t.tool)));

  it('every program a test runs is in SYSTEM_TOOLS (or comes with Node or the clone)', () => {
    const found = programsRun();
    // The scan sees the programs it is meant to see: a broken pattern would pass everything.
    expect([...found.keys()]).toEqual(
      expect.arrayContaining(['tshark', 'tcpdump', 'protoc', 'openssl', 'curl', 'editcap', 'script']),
    );
    const unlisted = [...found]
      .filter(([name]) => !table.has(name) && !WITH_NODE_OR_CLONE.has(name))
      .map(([name, files]) => `${name} (${files.join(', ')})`);
    expect(unlisted).toEqual([]);
  });

  it('the browser the tests launch is in the table by the path they launch it from', () => {
    expect(SYSTEM_TOOLS.map((t) => t.tool)).toContain(CHROMIUM);
  });

  it("finds a tool on PATH, and names the packages of the missing ones once each, in the table's order", () => {
    const nodeDir = nodeOnly();
    expect(hasTool('node', { PATH: nodeDir })).toBe(true);
    expect(hasTool('tshark', { PATH: nodeDir })).toBe(false);
    const tools = [
      { tool: 'node', pkg: 'nodejs', for: '' },
      { tool: 'no-such-tool-a', pkg: 'pkg-a', for: '' },
      { tool: 'no-such-tool-b', pkg: 'pkg-a', for: '' },
      { tool: '/no/such/path/tool', pkg: 'pkg-b', for: '' },
    ];
    expect(missingPackages(tools, { PATH: nodeDir })).toEqual(['pkg-a', 'pkg-b']);
  });

  it("with every tool present (npm test's own first step installed them) the script says nothing", async () => {
    expect(missingPackages()).toEqual([]);
    const r = await run(process.execPath, ['scripts/system-tools.mjs'], { cwd: ROOT });
    expect(r.stdout + r.stderr).toBe('');
  });

  it('when it may not install (MCPTRACE_SYSTEM_TOOLS=check), a missing tool stops it with one line and the command', async () => {
    // A PATH with nothing but Node: every tool looked up on PATH is missing.
    const env = { PATH: nodeOnly(), MCPTRACE_SYSTEM_TOOLS: 'check' };
    const r = await run(process.execPath, ['scripts/system-tools.mjs'], { cwd: ROOT, env }).then(
      () => null,
      (e: { code: number; stdout: string; stderr: string }) => e,
    );
    expect(r?.code).toBe(1);
    expect(r?.stdout).toBe('');
    const lines = r!.stderr.split('\n').filter(Boolean);
    expect(lines).toHaveLength(1);
    const onPath = [...new Set(SYSTEM_TOOLS.filter((t) => !t.tool.startsWith('/')).map((t) => t.pkg))];
    expect(lines[0]).toContain(`which are missing: ${onPath.join(' ')} `);
    expect(lines[0]).toContain(`apt-get install -y ${onPath.join(' ')}\``);
  });
});

describe('npm test and CI', () => {
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
  const ci = readFileSync(join(ROOT, '.ci/run'), 'utf8');
  const code = ci
    .split('\n')
    .filter((l) => !l.trimStart().startsWith('#'))
    .join('\n');

  it('npm test runs the system tools step first (npm runs `pretest` before `test`)', () => {
    expect(pkg.scripts.pretest).toBe('node scripts/system-tools.mjs');
  });

  it('.ci/run installs nothing that npm test does not: no apt-get of its own, and it runs npm test', () => {
    expect(code).not.toMatch(/apt-get|apt |dpkg/);
    expect(code).toMatch(/^npm test\b/m);
  });
});
