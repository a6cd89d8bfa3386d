// Transcript reader: markers, timestamps, pretty-printed records, events, session breaks, bad lines.
import { describe, expect, test } from 'vitest';
import { parseHeader } from '../../src/input/readers/transcript-syntax.js';
import { TranscriptReader } from '../../src/input/readers/transcript.js';
import { LineSplitter } from '../../src/input/lines/lines.js';
import type { Frame } from '../../src/types.js';
import { fixture, framesOf } from './helpers.js';

const noFile = (frames: Frame[]) => frames.map(({ file, ...rest }) => rest);
const transcript = (text: string) => framesOf(text, { format: 'transcript' });

/**
 * A message whose JSON is whole on its line is parsed by the reader (decode does not parse it again), so its frame
 * carries the value beside the text, as a pretty-printed one does.
 */
const parsedOnLine = (frames: Record<string, unknown>[]) =>
  frames.map((f) =>
    f.lines === 1 &&
    typeof f.text === 'string' &&
    /^[{[]/.test(f.text) &&
    f.error === undefined &&
    f.value === undefined
      ? { ...f, value: JSON.parse(f.text) }
      : f,
  );

describe('transcript: session.txt', () => {
  test('frame by frame', async () => {
    const frames = noFile(await framesOf(fixture('transcript/session.txt')));
    const pretty1 = [
      '{',
      '  "jsonrpc": "2.0",',
      '  "id": 0,',
      '  "result": {',
      '    "protocolVersion": "2025-11-25",',
      '    "capabilities": { "tools": { "listChanged": true } },',
      '    "serverInfo": { "name": "srv \\"quoted } ]\\" ✓ \\\\", "version": "1" }',
      '  }',
      '}',
    ].join('\n');
    const value1 = {
      jsonrpc: '2.0',
      id: 0,
      result: {
        protocolVersion: '2025-11-25',
        capabilities: { tools: { listChanged: true } },
        serverInfo: { name: 'srv "quoted } ]" ✓ \\', version: '1' },
      },
    };
    expect(frames).toEqual(
      parsedOnLine([
        {
          line: 4,
          lines: 1,
          ts: null,
          tsMs: null,
          dir: 'unknown',
          session: 'alpha',
          text: null,
          bytes: 0,
          event: { name: 'session', data: { id: 'alpha' } },
        },
        {
          line: 5,
          lines: 1,
          ts: '23:59:59.900',
          tsMs: 86399900,
          dir: 'c2s',
          session: 'alpha',
          text: '{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"客户端 🚀","version":"1"}}}',
          bytes: 159,
        },
        {
          line: 6,
          lines: 9,
          ts: '23:59:59.950',
          tsMs: 86399950,
          dir: 's2c',
          session: 'alpha',
          text: pretty1,
          bytes: Buffer.byteLength(JSON.stringify(value1)),
          value: value1,
        },
        // the clock passed midnight: a day is added
        {
          line: 15,
          lines: 1,
          ts: '00:00:00.010',
          tsMs: 86400010,
          dir: 'c2s',
          session: 'alpha',
          text: '{"jsonrpc":"2.0","method":"notifications/initialized"}',
          bytes: 54,
        },
        {
          line: 16,
          lines: 1,
          ts: '00:00:00.020',
          tsMs: 86400020,
          dir: 'c2s',
          session: 'alpha',
          text: '[{"jsonrpc":"2.0","id":1,"method":"tools/list"},{"jsonrpc":"2.0","id":2,"method":"ping"}]',
          bytes: 89,
        },
        // marker alone on its line: the value starts on the next line; a blank line inside the value is part of it
        {
          line: 17,
          lines: 7,
          ts: '00:00:00.030',
          tsMs: 86400030,
          dir: 's2c',
          session: 'alpha',
          text: '{\n  "jsonrpc": "2.0",\n\n  "id": 1,\n  "result": { "tools": [] }\n}',
          bytes: 46,
          value: { jsonrpc: '2.0', id: 1, result: { tools: [] } },
        },
        {
          line: 24,
          lines: 1,
          ts: '00:00:00.031',
          tsMs: 86400031,
          dir: 's2c',
          session: 'alpha',
          text: '{"jsonrpc":"2.0","id":2,"result":{}}',
          bytes: 36,
        },
        {
          line: 25,
          lines: 1,
          ts: '00:00:01.000',
          tsMs: 86401000,
          dir: 'unknown',
          session: 'alpha',
          text: null,
          bytes: 0,
          event: { name: 'stdin-closed' },
        },
        {
          line: 26,
          lines: 1,
          ts: '00:00:01.020',
          tsMs: 86401020,
          dir: 'unknown',
          session: 'alpha',
          text: null,
          bytes: 0,
          event: { name: 'exit', data: { code: 0, signal: null } },
        },
        {
          line: 28,
          lines: 1,
          ts: null,
          tsMs: null,
          dir: 'unknown',
          session: null,
          text: null,
          bytes: 0,
          event: { name: 'session', data: { id: null } },
        },
        {
          line: 29,
          lines: 1,
          ts: '2026-11-29T22:00:00.000Z',
          tsMs: 1795989600000,
          dir: 'c2s',
          session: null,
          text: '{"jsonrpc":"2.0","id":0,"method":"ping"}',
          bytes: 40,
        },
        {
          line: 30,
          lines: 1,
          ts: '2026-11-29 22:00:00.500',
          tsMs: 1795989600500,
          dir: 's2c',
          session: null,
          text: '{"jsonrpc":"2.0","id":0,"result":{}}',
          bytes: 36,
        },
        // small seconds: since capture start; ≥ 1e9: epoch seconds
        {
          line: 31,
          lines: 1,
          ts: null,
          tsMs: 12500,
          dir: 'c2s',
          session: null,
          text: '{"jsonrpc":"2.0","id":1,"method":"ping"}',
          bytes: 40,
        },
        {
          line: 32,
          lines: 1,
          ts: '2026-11-29T22:20:00.250Z',
          tsMs: 1795990800250,
          dir: 's2c',
          session: null,
          text: '{"jsonrpc":"2.0","id":1,"result":{}}',
          bytes: 36,
        },
        {
          line: 33,
          lines: 1,
          ts: null,
          tsMs: null,
          dir: 'c2s',
          session: null,
          text: '{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":9,"reason":"ユーザー"}}',
          bytes: 101,
        },
        {
          line: 34,
          lines: 1,
          ts: null,
          tsMs: null,
          dir: 'unknown',
          session: null,
          text: null,
          bytes: 0,
          event: { name: 'stdout-closed' },
        },
      ]),
    );
  });
});

describe('transcript: bad.txt', () => {
  test('every bad record is an error frame with its raw lines; good records around them survive', async () => {
    const frames = noFile(await framesOf(fixture('transcript/bad.txt')));
    expect(frames).toEqual(
      parsedOnLine([
        {
          line: 2,
          lines: 1,
          ts: '22:00:00.000',
          tsMs: 79200000,
          dir: 'c2s',
          session: null,
          text: '{"jsonrpc":"2.0","id":0,"method":"ping"}',
          bytes: 40,
        },
        // plain text without a marker is a line of the log, not a broken record; the stray line after it continues it
        {
          line: 3,
          lines: 2,
          ts: null,
          tsMs: null,
          dir: 'unknown',
          session: null,
          text: null,
          bytes: 0,
          log: { level: null, text: 'this line has no marker\nand neither does this one' },
        },
        {
          line: 6,
          lines: 1,
          ts: '22:00:00.100',
          tsMs: 79200100,
          dir: 'unknown',
          session: null,
          text: null,
          bytes: 0,
          log: { level: null, text: 'hello there' },
        },
        {
          line: 7,
          lines: 1,
          ts: '22:00:00.200',
          tsMs: 79200200,
          dir: 'c2s',
          session: null,
          text: '[22:00:00.200] -> hello',
          bytes: 23,
          error: 'no JSON message after the direction marker',
        },
        // cut off by the next record; the blank line before it is not part of the error
        {
          line: 8,
          lines: 4,
          ts: '22:00:00.300',
          tsMs: 79200300,
          dir: 's2c',
          session: null,
          text: '[22:00:00.300] <- {\n  "jsonrpc": "2.0",\n  "id": 0,\n  "result": {',
          bytes: 64,
          error: 'unterminated JSON value: line 13 starts a new record',
        },
        {
          line: 13,
          lines: 1,
          ts: '22:00:00.400',
          tsMs: 79200400,
          dir: 'c2s',
          session: null,
          text: '{"jsonrpc":"2.0","id":1,"method":"ping"}',
          bytes: 40,
        },
        {
          line: 14,
          lines: 1,
          ts: '22:00:00.500',
          tsMs: 79200500,
          dir: 'unknown',
          session: null,
          text: '[22:00:00.500] !! exit 0',
          bytes: 24,
          error: 'event "exit" data must be a JSON object',
        },
        {
          line: 15,
          lines: 3,
          ts: '22:00:00.600',
          tsMs: 79200600,
          dir: 'unknown',
          session: null,
          text: null,
          bytes: 0,
          event: { name: 'exit', data: { code: 1, signal: null } },
        },
        {
          line: 18,
          lines: 1,
          ts: '22:00:00.650',
          tsMs: 79200650,
          dir: 'unknown',
          session: null,
          text: '[22:00:00.650] !! crash {"oops"}',
          bytes: 32,
          error: expect.stringMatching(/^event "crash" data is not valid JSON: /),
        },
        {
          line: 19,
          lines: 1,
          ts: '22:00:00.700',
          tsMs: 79200700,
          dir: 'c2s',
          session: null,
          text: '[22:00:00.700] ->',
          bytes: 17,
          error: 'a direction marker with no message after it',
        },
        {
          line: 20,
          lines: 2,
          ts: '22:00:00.800',
          tsMs: 79200800,
          dir: 's2c',
          session: null,
          text: '{"jsonrpc":"2.0","id":1,"result":{}}',
          bytes: 36,
          value: { jsonrpc: '2.0', id: 1, result: {} },
        },
        {
          line: 22,
          lines: 3,
          ts: '22:00:00.900',
          tsMs: 79200900,
          dir: 'c2s',
          session: null,
          text: '[22:00:00.900] -> {"jsonrpc":"2.0","id":2,"method":"tools/call","params":{\n  "name": "echo",\n  "arguments": { "text": "never closed 🚫"',
          bytes: 137,
          error: 'unterminated JSON value at end of input (opened at line 22)',
        },
      ]),
    );
  });

  test('an unterminated value is cut off at the line limit and reading resumes at the next record', async () => {
    const r = new TranscriptReader('t', { maxLines: 5 });
    const s = new LineSplitter();
    const text = [
      '-> {',
      '"a": [',
      ...Array.from({ length: 8 }, (_, i) => `${i},`),
      '<- {"jsonrpc":"2.0","id":1,"result":{}}',
      '',
    ].join('\n');
    const out: Frame[] = [];
    for (const l of s.push(text)) r.line(l, out);
    for (const l of s.end()) r.line(l, out);
    r.end(out);
    expect(out.map((f) => [f.line, f.lines, f.error ?? (f.log ? 'log' : 'ok')])).toEqual([
      [1, 5, 'JSON value not closed within 5 lines / 16777216 bytes; reading resumes at the next record'],
      [6, 5, 'log'], // the rest of the cut value: lines of pretty-printed JSON, which try to be no message
      [11, 1, 'ok'],
    ]);
    expect(out[0].text).toBe('-> {\n"a": [\n0,\n1,\n2,');
  });

  test('the byte limit cuts a record off too', async () => {
    const r = new TranscriptReader('t', { maxBytes: 20 });
    const out: Frame[] = [];
    const lines = ['-> {', '"a": "0123456789",', '"b": 1}'];
    lines.forEach((text, i) => r.line({ text, line: i + 1, bytes: Buffer.byteLength(text) }, out));
    r.end(out);
    // Over the byte limit (`--max-message-bytes`): an oversized record keeping its start.
    expect(out[0]).toMatchObject({
      line: 1,
      lines: 2,
      oversized: true,
      error: expect.stringMatching(/record of 2 lines of \d+ bytes is larger than --max-message-bytes \(20\)/),
    });
    expect(out[0].text).toBe('-> {\n"a": "0123456789",');
    expect(out[1]).toMatchObject({ line: 3, lines: 1, log: { text: '"b": 1}' } }); // the rest: no message of its own
  });
});

describe('transcript: details', () => {
  test.each([
    ['->', 'c2s'],
    ['-->', 'c2s'],
    ['>>>', 'c2s'],
    ['→', 'c2s'],
    ['C->S', 'c2s'],
    ['C→S', 'c2s'],
    ['c2s', 'c2s'],
    ['client->server', 'c2s'],
    ['<-', 's2c'],
    ['<--', 's2c'],
    ['<<<', 's2c'],
    ['←', 's2c'],
    ['S->C', 's2c'],
    ['S→C', 's2c'],
    ['s2c', 's2c'],
    ['server->client', 's2c'],
  ])('marker %s → %s', async (marker, dir) => {
    const frames = await transcript(
      `[1.5] ${marker} {"jsonrpc":"2.0","method":"x"}\n${marker}{"jsonrpc":"2.0","method":"y"}\n`,
    );
    expect(frames.map((f) => [f.dir, f.text])).toEqual([
      [dir, '{"jsonrpc":"2.0","method":"x"}'],
      [dir, '{"jsonrpc":"2.0","method":"y"}'],
    ]);
  });

  test('timestamps: ISO with offset, without zone (read as UTC), comma fractions, bare or bracketed', async () => {
    const frames = await transcript(
      [
        '2026-11-29T23:00:00.000+01:00 -> {}',
        '[2026-11-29T22:00:00] -> {}',
        '[ 22:00:00,5 ] -> {}',
        '1795989600 -> {}',
        '0.25 -> {}',
      ].join('\n'),
    );
    expect(frames.map((f) => [f.ts, f.tsMs])).toEqual([
      ['2026-11-29T23:00:00.000+01:00', 1795989600000],
      ['2026-11-29T22:00:00', 1795989600000],
      ['22:00:00,5', 79200500],
      ['2026-11-29T22:00:00.000Z', 1795989600000],
      [null, 250],
    ]);
  });

  test('once the clock has passed midnight, later times stay on the next day', async () => {
    const frames = await transcript('[23:00:00] -> {}\n[01:00:00] <- {}\n[13:30:00] -> {}\n[12:00:00] <- {}\n');
    const day = 86_400_000;
    expect(frames.map((f) => f.tsMs)).toEqual([82_800_000, day + 3_600_000, day + 48_600_000, day + 43_200_000]);
  });

  test('a clock that goes back by less than 12 hours is not a new day', async () => {
    const frames = await transcript('[10:00:00] -> {}\n[09:00:00] <- {}\n[23:30:00] -> {}\n[00:10:00] <- {}\n');
    expect(frames.map((f) => f.tsMs)).toEqual([36_000_000, 32_400_000, 84_600_000, 86_400_000 + 600_000]);
  });

  test('scalars after a marker are kept for decode to judge; junk after a value stays in the text', async () => {
    const frames = await transcript('-> "hello"\n-> 42\n-> {"a":1} trailing\n');
    expect(frames.map((f) => [f.text, f.error])).toEqual([
      ['"hello"', undefined],
      ['42', undefined],
      ['{"a":1} trailing', undefined],
    ]);
  });

  test('brackets inside strings and escaped quotes do not end a pretty-printed value', async () => {
    const frames = await transcript('<- {\n  "a": "}}]] \\" {[",\n  "b": "\\\\"\n}\n-> {}\n');
    expect(frames).toHaveLength(2);
    expect(frames[0]).toMatchObject({ line: 1, lines: 4, value: { a: '}}]] " {[', b: '\\' } });
  });

  test('a pretty-printed value that is not valid JSON keeps its text and its size as logged', async () => {
    const frames = await transcript('-> {\n  "a": 1,\n}\n');
    expect(frames[0]).toMatchObject({ line: 1, lines: 3, text: '{\n  "a": 1,\n}', bytes: 13 });
    expect(frames[0].value).toBeUndefined();
    expect(frames[0].error).toBeUndefined();
  });

  test('session ids carry over to following records until the next break', async () => {
    const frames = await transcript('=== session a b ===\n-> {}\n=== SESSION 42\n<- {}\n');
    expect(frames.map((f) => [f.session, f.event?.name ?? f.text])).toEqual([
      ['a b', 'session'],
      ['a b', '{}'],
      ['42', 'session'],
      ['42', '{}'],
    ]);
  });

  test('comment lines between records and at the start are skipped', async () => {
    const frames = await transcript('# one\n  # two\n-> {}\n# three\n');
    expect(frames).toHaveLength(1);
    expect(frames[0].line).toBe(3);
  });

  test('parseHeader reads the start of a line', () => {
    expect(parseHeader('[22:00:00.010] -> {"a":1}')).toEqual({
      kind: 'message',
      time: { kind: 'clock', text: '22:00:00.010' },
      dir: 'c2s',
      rest: '{"a":1}',
    });
    expect(parseHeader('!! exit {"code":0}')).toEqual({ kind: 'event', time: null, name: 'exit', rest: '{"code":0}' });
    expect(parseHeader('12 === session x ===')).toEqual({
      kind: 'session',
      time: { kind: 'seconds', text: '12' },
      id: 'x',
    });
    expect(parseHeader('[5.0] what')).toEqual({
      kind: 'time-only',
      time: { kind: 'seconds', text: '5.0' },
      rest: 'what',
    });
    expect(parseHeader('  "id": 1,')).toBeNull();
    expect(parseHeader('->x')).toBeNull();
  });

  test('a bracketed whole number of fewer than 9 digits is not a time (a pid, `[26682] …`); with a fraction or 9+ digits it is', () => {
    expect(parseHeader('[26682] [Local→Remote] initialize')).toBeNull();
    expect(parseHeader('[5] what')).toBeNull();
    expect(parseHeader('[1795989600] what')).toEqual({
      kind: 'time-only',
      time: { kind: 'seconds', text: '1795989600' },
      rest: 'what',
    });
    // unbracketed seconds are unchanged
    expect(parseHeader('12 -> {}')).toMatchObject({ kind: 'message', time: { kind: 'seconds', text: '12' } });
  });
});

describe('transcript: log lines', () => {
  test('consecutive lines with a time and no marker are one log record each, not one invalid record', async () => {
    const frames = await transcript(
      '[22:00:00.000] Server started\n[22:00:00.100] Listening on stdio\n[22:00:00.200] -> {"jsonrpc":"2.0","method":"x"}\n',
    );
    expect(frames.map((f) => [f.line, f.lines, f.ts, f.log?.text ?? f.text, f.error])).toEqual([
      [1, 1, '22:00:00.000', 'Server started', undefined],
      [2, 1, '22:00:00.100', 'Listening on stdio', undefined],
      [3, 1, '22:00:00.200', '{"jsonrpc":"2.0","method":"x"}', undefined],
    ]);
  });

  test('stray lines after a log line continue it (a traceback) up to a blank line, a comment or a record', async () => {
    const text = [
      '[22:00:00.000] Traceback (most recent call last):',
      '  File "server.py", line 3, in <module>',
      '    main()',
      'ValueError: bad',
      '',
      'a line of its own',
      '# note',
      '[22:00:01.000] crashed',
      '[22:00:01.500] <- {"jsonrpc":"2.0","id":1,"result":{}}',
    ].join('\n');
    const frames = await transcript(text);
    expect(frames.map((f) => [f.line, f.lines, f.log?.text ?? f.text])).toEqual([
      [
        1,
        4,
        'Traceback (most recent call last):\n  File "server.py", line 3, in <module>\n    main()\nValueError: bad',
      ],
      [6, 1, 'a line of its own'],
      [8, 1, 'crashed'],
      [9, 1, '{"jsonrpc":"2.0","id":1,"result":{}}'],
    ]);
    expect(frames.slice(0, 3).every((f) => f.bytes === 0 && f.text === null && f.error === undefined)).toBe(true);
  });

  test('a message without a marker is read with no direction; lines of pretty-printed JSON after it are log lines', async () => {
    const frames = await transcript('[22:00:00.000] {"jsonrpc":"2.0","id":1}\n  "id": 2,\n42,\n');
    expect(frames.map((f) => [f.line, f.lines, f.dir, f.text, f.log?.text])).toEqual([
      [1, 1, 'unknown', '{"jsonrpc":"2.0","id":1}', undefined],
      [2, 2, 'unknown', null, '  "id": 2,\n42,'],
    ]);
    // Cut short, it tries to be a message and fails.
    const cut = await transcript('[22:00:00.000] {"jsonrpc":"2.0","id":1,\n');
    expect(cut.map((f) => [f.line, f.text, f.error])).toEqual([
      [1, '[22:00:00.000] {"jsonrpc":"2.0","id":1,', 'no direction marker after the timestamp'],
    ]);
  });

  test('a message a host log cut in the middle is a truncated frame, and the next line is read as usual', async () => {
    const cut = '{"jsonrpc":"2.0","id":1,"result":{"tools":[{"name":"a"...[5218 chars truncated]...}]}}';
    const frames = await transcript(
      `[22:00:00.000] <- ${cut}\n[22:00:00.010] -> {"jsonrpc":"2.0","id":2,"method":"ping"}\n`,
    );
    expect(frames).toHaveLength(2);
    const head = cut.indexOf('...[');
    expect(frames[0]).toMatchObject({
      line: 1,
      lines: 1,
      dir: 's2c',
      text: cut,
      truncated: { head, tail: head + '...[5218 chars truncated]...'.length },
    });
    expect(frames[0].bytes).toBe(cut.length - '...[5218 chars truncated]...'.length + 5218);
    expect(frames[0].error).toBeUndefined();
    expect(frames[1]).toMatchObject({ line: 2, text: '{"jsonrpc":"2.0","id":2,"method":"ping"}' });
  });
});
