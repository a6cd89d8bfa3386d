// JSON printed to a terminal: characters that JSON leaves raw but a terminal may act on (C1 controls such as the
// 8-bit CSI, DEL, bidi overrides) are escaped as \uXXXX; piped output stays byte for byte as logged.
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CliIO } from '../../src/cli/context.js';
// The built CLI, in-process (audit reads its version from package.json relative to dist/).
import { main } from '../../dist/src/cli/main.js';
import { escapeJsonForTerminal } from '../../src/output/escape.js';
import { tempDir } from '../helpers/temp.js';

/** Run times (audit's generatedAt, SARIF's invocation times) differ between two runs. */
const ISO = /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?Z/g;
const RAW = /[\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;
let dir: string;
let file: string;

beforeAll(() => {
  dir = tempDir('tty');
  file = join(dir, 'c1.ndjson');
  writeFileSync(
    file,
    [
      '{"jsonrpc":"2.0","id":"\u009b2J","method":"tools/call","params":{"name":"a\u202eb\u007f"}}',
      '{"jsonrpc":"2.0","id":"\u009b2J","error":{"code":1,"message":"\u009d0;title\u009c"}}',
      'not json \u009b31m',
    ].join('\n') + '\n',
  );
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function runInProcess(args: string[], isTTY: boolean): Promise<string> {
  const chunks: string[] = [];
  const stdout = Object.assign(new Writable({ write: (c, _e, cb) => (chunks.push(c.toString()), cb()) }), { isTTY });
  const io: CliIO = {
    stdin: process.stdin,
    stdout,
    stderr: new Writable({ write: (_c, _e, cb) => cb() }),
    env: { NO_COLOR: '1' },
  };
  await main(args, io);
  return chunks.join('');
}

describe('JSON formats on a terminal', () => {
  it.each([
    [['annotate', '-f', 'ndjson']],
    [['annotate', '-f', 'json']],
    [['stats', '-f', 'json']],
    [['audit', '-f', 'json']],
    [['audit', '-f', 'sarif']],
  ])('%j', async (args) => {
    const tty = await runInProcess([...args, file], true);
    expect(tty.length).toBeGreaterThan(100);
    expect(tty).not.toMatch(RAW);
    const piped = await runInProcess([...args, file], false);
    if (args[0] !== 'stats') expect(piped).toMatch(RAW);
    // Same JSON values either way.
    if (args.includes('ndjson'))
      expect(
        tty
          .trim()
          .split('\n')
          .map((l) => JSON.parse(l)),
      ).toEqual(
        piped
          .trim()
          .split('\n')
          .map((l) => JSON.parse(l)),
      );
    else expect(JSON.parse(tty.replace(ISO, 'T'))).toEqual(JSON.parse(piped.replace(ISO, 'T')));
  });

  it('escapeJsonForTerminal keeps the value', () => {
    const v = { s: '\u009b\u202e\u2028\u007fok' };
    const text = escapeJsonForTerminal(JSON.stringify(v));
    expect(text).toBe('{"s":"\\u009b\\u202e\\u2028\\u007fok"}');
    expect(JSON.parse(text)).toEqual(v);
  });
});
