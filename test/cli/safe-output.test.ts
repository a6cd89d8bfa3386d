// End to end: a log written to attack the terminal (clear screen, window title, clipboard, 8-bit CSI, bidi) in every
// field, in a file whose name attacks it too, cannot act on the terminal through any text output, in colour or not;
// Markdown output keeps its tables whole. The only escape sequences printed are mcptrace's own SGR colours. What is
// printed is the subject, so most runs are in-process (test/helpers/in-process.ts); usage errors and a debug log on the
// real stderr (fd 2) come from the built executable.
import { copyFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { runMain } from '../helpers/in-process.js';
import { tableProblems } from '../output/audit/support.js';
import { tempDir } from '../helpers/temp.js';

/** Clear the screen and home the cursor; set the window title (OSC 0); write the clipboard (OSC 52); 8-bit CSI/OSC. */
const CLEAR = '\x1b[2J\x1b[H';
const TITLE = '\x1b]0;pwned\x07';
const CLIPBOARD = '\x1b]52;c;cm0gLXJmIH4=\x07';
const C1 = '\x9b2J\x9d0;t\x9c';
const ATTACK = `A${CLEAR}B${TITLE}C${CLIPBOARD}D${C1}E\u202eF|G\`H\nI\rJ<b>K`;

/** Anything that would act on a terminal: any C0 control but LF, DEL, C1, and ESC in particular. */
const ACTIVE = /[\x00-\x09\x0b-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;
/** mcptrace's own colour codes, the one kind of escape sequence it may print. */
const SGR = /\x1b\[[0-9;]*m/g;

let dir: string;
let file: string;

beforeAll(() => {
  dir = tempDir('safe');
  file = join(dir, `log${CLEAR}${TITLE}.ndjson`);
  const m = (i: number, d: string, message: unknown, extra: Record<string, unknown> = {}) =>
    JSON.stringify({ ts: `2026-01-01T00:00:0${i}.000Z`, dir: d, session: ATTACK, message, ...extra });
  const lines = [
    JSON.stringify({ ts: '2026-01-01T00:00:00.000Z', session: ATTACK, event: ATTACK, detail: ATTACK }),
    m(1, 'c2s', {
      jsonrpc: '2.0',
      id: 0,
      method: 'initialize',
      params: {
        protocolVersion: ATTACK,
        capabilities: { [ATTACK]: {} },
        clientInfo: { name: ATTACK, version: ATTACK },
      },
    }),
    m(2, 's2c', {
      jsonrpc: '2.0',
      id: 0,
      result: {
        protocolVersion: '2025-11-25',
        capabilities: { tools: {} },
        serverInfo: { name: ATTACK, version: ATTACK },
      },
    }),
    m(3, 'c2s', { jsonrpc: '2.0', method: 'notifications/initialized' }),
    m(4, 'c2s', {
      jsonrpc: '2.0',
      id: ATTACK,
      method: 'tools/call',
      params: { name: ATTACK, arguments: { x: ATTACK } },
    }),
    m(5, 's2c', { jsonrpc: '2.0', id: ATTACK, error: { code: -32000, message: ATTACK, data: ATTACK } }),
    m(6, 'c2s', { jsonrpc: '2.0', id: 7, method: ATTACK }),
    m(7, 'c2s', { jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: ATTACK, progress: 1 } }),
    `raw ${CLEAR}${TITLE}${CLIPBOARD} \x9b31m not json`,
    JSON.stringify({ ts: '2026-01-01T00:00:09.000Z', dir: ATTACK, session: ATTACK, line: `{"broken": "${CLEAR}` }),
  ];
  writeFileSync(file, lines.join('\n') + '\n');
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The output with mcptrace's colour codes removed must hold no active character at all. */
function expectInert(out: string, what: string): void {
  const bare = out.replace(SGR, '');
  const at = bare.search(ACTIVE);
  expect(at, `${what}: raw control character ${JSON.stringify(bare.slice(Math.max(0, at - 20), at + 20))}`).toBe(-1);
  for (const seq of [CLEAR, TITLE, CLIPBOARD, '\x1b]', '\x07', '\x9b', '\x9d'])
    expect(out.includes(seq), `${what}: ${JSON.stringify(seq)}`).toBe(false);
}

describe('text outputs show the attack escaped and never emit it', () => {
  it.each([
    [['annotate']],
    [['annotate', '--body']],
    [['annotate', '--body', '--redact']],
    [['annotate', '--body', 'pretty']],
    [['stats']],
    [['audit', '-f', 'text']],
  ])('%j, plain and in colour', async (args) => {
    for (const env of [{}, { FORCE_COLOR: '1' }] as Record<string, string>[]) {
      const r = await runMain([...args, file], { env });
      expect(r.code === 0 || r.code === 1, r.stderr).toBe(true);
      expectInert(r.stdout, `${args.join(' ')} stdout`);
      expectInert(r.stderr, `${args.join(' ')} stderr`);
      // The attack is shown, made visible: `\x1b[2J`, `\x1b]0;pwned\x07` as text.
      expect(r.stdout).toContain('\\x1b[2J');
      if (args[0] === 'annotate') expect(r.stdout).toContain('\\x1b]0;pwned\\x07');
    }
  });

  it('the file name is shown escaped in the session header', async () => {
    const r = await runMain(['annotate', file]);
    expect(r.stdout).toContain('log\\x1b[2J\\x1b[H\\x1b]0;pwned\\x07.ndjson');
  });

  it('error messages on stderr escape file names and arguments too (the built executable)', async () => {
    const missing = await runCli(['annotate', join(dir, `missing${CLEAR}${TITLE}.ndjson`)]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/^mcptrace: no such file: .*missing\\x1b\[2J/);
    expectInert(missing.stderr, 'missing file');
    const badFlag = await runCli(['annotate', '--phase', `op${TITLE}`, file]);
    expect(badFlag.code).toBe(2);
    expectInert(badFlag.stderr, 'bad flag value');
  });
});

describe('diagnostics on stderr', () => {
  it('debug log lines (pino JSON) show a file name with C0, C1 and bidi controls escaped, as valid JSON', async () => {
    // pino's JSON escapes C0 controls itself; C1 (8-bit CSI/OSC) and bidi overrides would reach the terminal raw.
    const named = join(dir, `dbg${CLEAR}${C1}\u202e${TITLE}.ndjson`);
    copyFileSync(file, named);
    // annotate through the built executable (pino writing to fd 2), the others in-process.
    for (const [args, run] of [
      [['annotate'], runCli],
      [['stats'], runMain],
      [['audit', '-f', 'json'], runMain],
    ] as const) {
      const r = await run([...args, '--log-level', 'debug', named]);
      expect(r.code === 0 || r.code === 1, r.stderr).toBe(true);
      expectInert(r.stderr, `${args[0]} --log-level debug`);
      expect(r.stderr).toContain('\\u009b2J\\u009d0;t\\u009c\\u202e');
      const lines = r.stderr
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as { msg: string; input?: string });
      // The JSON value is the name as given: escaping changes how it is written, not what it says.
      expect(lines.find((l) => l.msg === 'reading')?.input).toBe(named);
    }
  });
});

describe('Markdown outputs keep their tables and let no markup through', () => {
  it.each([[['stats', '-f', 'markdown']], [['audit', '-f', 'markdown']], [['audit', '-f', 'markdown', '--no-redact']]])(
    '%j',
    async (args) => {
      const r = await runMain([...args, file]);
      expect(r.code === 0 || r.code === 1, r.stderr).toBe(true);
      expectInert(r.stdout, args.join(' '));
      expect(tableProblems(r.stdout)).toEqual([]);
      // Outside code fences no raw HTML tag and no unescaped backtick from the log.
      const prose = r.stdout.replace(/```[\s\S]*?```/g, '');
      expect(prose).not.toMatch(/<b>|<script/);
      expect(prose).toContain('\\<b\\>');
      expect(prose).not.toMatch(/[^\\]`H/);
    },
  );
});
