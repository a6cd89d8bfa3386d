// `--log-level`: readable lines when stderr is a terminal, pino's JSON lines when it is not.
import { describe, expect, it } from 'vitest';
import { prettyLogLine } from '../../src/cli/log-pretty.js';
import { createPalette } from '../../src/output/color.js';
import { runCli } from '../helpers/cli.js';
import { HAS_SCRIPT, onTerminal } from '../helpers/pty.js';

const SAMPLE = 'samples/everything.json';
const plain = createPalette(false);
const at = new Date(2026, 0, 2, 3, 4, 5, 67).getTime();

describe('prettyLogLine', () => {
  it('time, level, message, then the fields as key=value', () => {
    const line =
      JSON.stringify({ level: 20, time: at, input: 'a b.ndjson', n: 3, ok: true, o: { x: [1] }, msg: 'reading' }) +
      '\n';
    expect(prettyLogLine(line, plain)).toBe('03:04:05.067 DEBUG reading input="a b.ndjson" n=3 ok=true o={"x":[1]}\n');
  });

  it('leaves out what the message already says; the levels are named', () => {
    const line = JSON.stringify({
      level: 30,
      time: at,
      input: 'log.txt',
      scores: { zed: 0, vscode: 2 },
      lines: 4,
      msg: 'log.txt: scores zed 0, vscode 2',
    });
    expect(prettyLogLine(line, plain)).toBe('03:04:05.067 INFO  log.txt: scores zed 0, vscode 2 lines=4\n');
    const levels = [10, 20, 30, 40, 50, 60].map((level) =>
      prettyLogLine(JSON.stringify({ level, time: at, msg: 'm' }), plain).slice(13, 18),
    );
    expect(levels).toEqual(['TRACE', 'DEBUG', 'INFO ', 'WARN ', 'ERROR', 'FATAL']);
  });

  it('escapes control characters; colours the level when asked; a line that is not JSON is passed on', () => {
    const line = JSON.stringify({ level: 50, time: at, file: 'x\u001b[2Jy', msg: 'bad\u0007' });
    expect(prettyLogLine(line, plain)).toBe('03:04:05.067 ERROR bad\\x07 file=x\\x1b[2Jy\n');
    expect(prettyLogLine(line, createPalette(true))).toMatch(/\x1b\[31mERROR\x1b\[39m/);
    expect(prettyLogLine('not json\n', plain)).toBe('not json\n');
  });
});

describe('mcptrace --log-level debug', () => {
  it.skipIf(!HAS_SCRIPT)('on a terminal: one readable line per record', async () => {
    const { code, screen } = await onTerminal(['stats', '-f', 'json', '--log-level', 'debug', SAMPLE], {
      NO_COLOR: '1',
    });
    expect(code).toBe(0);
    const logs = screen.split('\n').filter((l) => /^\d\d:\d\d:\d\d\.\d{3} /.test(l));
    expect(logs[0]).toMatch(/^\d\d:\d\d:\d\d\.\d{3} DEBUG reading input=samples\/everything\.json$/);
    expect(logs.some((l) => / INFO {2}samples\/everything\.json: JSON document: records read at /.test(l))).toBe(true);
    expect(screen).not.toContain('"level"');
  });

  it("piped: pino's JSON lines", async () => {
    const { code, stderr } = await runCli(['stats', '-f', 'json', '--log-level', 'debug', SAMPLE]);
    expect(code).toBe(0);
    const first = JSON.parse(stderr.split('\n')[0]!);
    expect(first).toMatchObject({ level: 20, msg: 'reading', input: SAMPLE });
  });
});
