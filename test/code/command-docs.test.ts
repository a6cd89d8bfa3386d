// The README stays a user's page and the commands' pages say what `--help` says: every command `mcptrace --help` lists
// has its page docs/commands/<command>.md, linked from the README, and every long option its `--help` prints is named
// on that page (`--name`), so an option added to a command without its documentation fails here. And docs/README.md
// maps every page of docs/.
import { execFile } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { CLI_PATH, childEnv, REPO_ROOT } from '../helpers/cli.js';

const exec = promisify(execFile);

/** `mcptrace ARGS --help` from the built bin (yargs prints help straight to the process's stdout), wide enough that
 * no option line wraps. */
async function help(args: string[]): Promise<string> {
  const r = await exec(process.execPath, [CLI_PATH, ...args, '--help'], { env: childEnv({ COLUMNS: '200' }) });
  return r.stdout;
}

/** The commands `mcptrace --help` lists under `Commands:` (`  mcptrace annotate [files..]  print …`). */
function commandsOf(text: string): string[] {
  const at = text.indexOf('\nCommands:\n');
  const section = text.slice(at, text.indexOf('\n\n', at + 1));
  return [...section.matchAll(/^ {2}mcptrace ([a-z]+)\b/gm)].map((m) => m[1]!);
}

/**
 * The long options a command's `--help` prints, but `--help` and `--version`: an option's line starts with two spaces
 * and its short form (`  -f, --format`) or six spaces (`      --width`); a description's continuation lines are indented
 * further, and a `--flag` they mention is not an option of their own.
 */
function longOptionsOf(text: string): string[] {
  const names = [...text.matchAll(/^(?: {2}-\w, | {6})--([a-z][\w-]*)/gm)].map((m) => m[1]!);
  return [...new Set(names)].filter((n) => n !== 'help' && n !== 'version');
}

const readme = readFileSync(join(REPO_ROOT, 'README.md'), 'utf8');
/** The commands of `mcptrace --help`, and each one's `--help`. */
let commands: string[] = [];
const helps = new Map<string, string>();

beforeAll(async () => {
  commands = commandsOf(await help([]));
  // Four processes at a time: the machine is shared.
  for (let i = 0; i < commands.length; i += 4) {
    const batch = commands.slice(i, i + 4);
    const outs = await Promise.all(batch.map((c) => help([c])));
    batch.forEach((c, j) => helps.set(c, outs[j]!));
  }
});

describe('docs/commands/<command>.md and --help say the same', () => {
  it('finds the commands and their options', () => {
    expect(commands).toContain('annotate');
    expect(commands).toContain('wrap');
    expect(commands.length).toBeGreaterThanOrEqual(15);
    expect(longOptionsOf('      --width  columns\n                 --not-an-option here\n  -f, --format  x\n')).toEqual(
      ['width', 'format'],
    );
  });

  it('every command: its page exists, the README links it, and it names every long option of its --help', () => {
    const missing = commands.flatMap((cmd) => {
      const page = join(REPO_ROOT, 'docs', 'commands', `${cmd}.md`);
      if (!existsSync(page)) return [`docs/commands/${cmd}.md does not exist`];
      const text = readFileSync(page, 'utf8');
      const options = longOptionsOf(helps.get(cmd)!);
      return [
        ...(readme.includes(`(docs/commands/${cmd}.md)`) ? [] : [`README.md does not link docs/commands/${cmd}.md`]),
        ...(options.length > 0 ? [] : [`mcptrace ${cmd} --help: no option found`]),
        ...options
          .filter((o) => !new RegExp(`--${o}(?![\\w-])`).test(text))
          .map((o) => `docs/commands/${cmd}.md does not name --${o} (mcptrace ${cmd} --help does)`),
      ];
    });
    expect(missing).toEqual([]);
  });
});

describe('the README is a page to read', () => {
  const lines = readme.replace(/\n$/, '').split('\n');

  it('has at most 350 lines', () => {
    expect(lines.length).toBeLessThanOrEqual(350);
  });

  it('has no line over 120 characters', () => {
    const long = lines.flatMap((l, i) => ([...l].length > 120 ? [`README.md:${i + 1}: ${[...l].length}`] : []));
    expect(long).toEqual([]);
  });
});

describe('docs/README.md maps the docs', () => {
  it('links every page under docs/ (a rule or cause page through its folder)', () => {
    const map = readFileSync(join(REPO_ROOT, 'docs', 'README.md'), 'utf8');
    const pages = (readdirSync(join(REPO_ROOT, 'docs'), { recursive: true }) as string[])
      .map((p) => p.split('\\').join('/'))
      .filter((p) => p.endsWith('.md') && p !== 'README.md' && !/^(rules|causes)\/(?!README\.md$)/.test(p));
    expect(pages.length).toBeGreaterThan(30);
    expect(pages.filter((p) => !map.includes(`(${p})`) && !map.includes(`(${p}#`))).toEqual([]);
    expect(map).toContain('(rules/)');
  });
});
