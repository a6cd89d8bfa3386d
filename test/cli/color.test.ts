// Colour on stdout: FORCE_COLOR / NO_COLOR / --color and TTY detection (stdout here is always a pipe). The built
// executable shows that a pipe gets no colour and that FORCE_COLOR is read from the process's environment; the other
// combinations run in-process (test/helpers/in-process.ts), where `main` is given the same environment.
import { beforeAll, describe, expect, it } from 'vitest';
import { runCli, SGR } from '../helpers/cli.js';
import { runMain } from '../helpers/in-process.js';

const FILE = 'samples/memory.envelope.ndjson';
const SGR_ALL = new RegExp(SGR.source, 'g');
const strip = (s: string) => s.replace(SGR_ALL, '');

describe.each([
  ['annotate (text)', ['annotate', FILE]],
  ['stats (table)', ['stats', FILE]],
])('%s', (_label, args) => {
  let plain: string;
  beforeAll(async () => {
    // The built executable, its stdout a pipe.
    const r = await runCli(args);
    expect(r.code).toBe(0);
    plain = r.stdout;
  });

  it('piped, with NO_COLOR and FORCE_COLOR unset: no colour', () => {
    expect(plain.length).toBeGreaterThan(500);
    expect(plain).not.toMatch(SGR);
    expect(plain).not.toContain('\x1b');
  });

  it('FORCE_COLOR=1: ANSI SGR codes, and the same text once they are removed (the built executable)', async () => {
    const r = await runCli(args, { env: { FORCE_COLOR: '1' } });
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(SGR);
    expect(strip(r.stdout)).toBe(plain);
  });

  it('--color: colour even though stdout is a pipe', async () => {
    const r = await runMain([...args, '--color']);
    expect(r.stdout).toMatch(SGR);
    expect(strip(r.stdout)).toBe(plain);
  });

  it.each([
    [{ NO_COLOR: '1' }, []],
    [{ NO_COLOR: '1', FORCE_COLOR: '1' }, []],
    [{ FORCE_COLOR: '0' }, []],
    [{ FORCE_COLOR: '1' }, ['--no-color']],
  ])('%j %j: no colour', async (env, extra) => {
    const r = await runMain([...args, ...extra], { env });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(plain);
  });
});

describe('machine formats are never coloured', () => {
  it.each([
    [['annotate', '-f', 'ndjson', FILE]],
    [['annotate', '-f', 'json', FILE]],
    [['stats', '-f', 'json', FILE]],
    [['stats', '-f', 'markdown', FILE]],
  ])('%j with FORCE_COLOR=1 and --color', async (args) => {
    const [plain, forced, flagged] = await Promise.all([
      runMain(args),
      runMain(args, { env: { FORCE_COLOR: '1' } }),
      runMain([...args, '--color']),
    ]);
    expect(plain.stdout.length).toBeGreaterThan(500);
    expect(forced.stdout).toBe(plain.stdout);
    expect(flagged.stdout).toBe(plain.stdout);
    expect(plain.stdout).not.toContain('\x1b');
  });
});

describe('control characters from the log never reach the terminal', () => {
  // An id, a tool name and an error message carrying ESC / BEL / CR, and a raw line with an SGR sequence.
  const log =
    [
      '{"jsonrpc":"2.0","id":"\\u001b[2J","method":"tools/call","params":{"name":"\\u001b]0;pwn\\u0007evil"}}',
      '{"jsonrpc":"2.0","id":"\\u001b[2J","error":{"code":-32000,"message":"bad\\u001b[31m red\\r\\nnext"}}',
      'raw \u001b[31m junk\u0007',
    ].join('\n') + '\n';

  it.each([[['annotate', '--body', '-']], [['stats', '-']], [['stats', '-f', 'markdown', '-']]])('%j', async (args) => {
    const r = await runMain(args, { input: log });
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/evil/);
    expect(r.stdout).not.toMatch(/[\x00-\x08\x0b-\x1f\x7f]/); // nothing but \t and \n below 0x20
  });
});
