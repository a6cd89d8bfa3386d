// The pure parts of wrap's capture: lines split from any chunking, records that round-trip the exact bytes.
import { describe, expect, it } from 'vitest';
import { eventRecord, lineRecord, lineRecordPieces, lineText } from '../../src/live/capture-record.js';
import type { CapturedLine } from '../../src/live/line-capture.js';
import { exitCodeOf } from '../../src/live/signals.js';
import { incompleteTail, isUtf8Chunks } from '../../src/live/utf8.js';
import { capturedLines } from './helpers.js';

const TS = '2026-11-29T22:00:00.000Z';

const capture = (bytes: Buffer, size: number, max = 1 << 20): CapturedLine[] =>
  capturedLines('s2c', bytes, size, max, TS);

const record = (l: CapturedLine) => JSON.parse([...lineRecordPieces(l)].join('')) as Record<string, unknown>;

/** The bytes a record stands for: `lineBase64` when present, else `line` as UTF-8; plus the newline unless partial. */
function bytesOf(r: Record<string, unknown>): Buffer {
  const body =
    typeof r.lineBase64 === 'string' ? Buffer.from(r.lineBase64, 'base64') : Buffer.from(r.line as string, 'utf8');
  return r.partial ? body : Buffer.concat([body, Buffer.from('\n')]);
}

const WIRE = Buffer.concat([
  Buffer.from('{"jsonrpc":"2.0","id":1,"method":"ping"}\n'),
  Buffer.from('\n'), // an empty line
  Buffer.from('crlf line\r\n'),
  Buffer.from('\uFEFFbom and ünïcödé 😀 "quotes" \\ \u2028 \t\x01\n'),
  Buffer.from([0x62, 0x61, 0x64, 0xff, 0xc3, 0x28, 0xe2, 0x82, 0x0a]), // invalid UTF-8
  Buffer.from('no newline at the end'),
]);

describe('LineCapture and line records', () => {
  it.each([1, 3, 7, 64, WIRE.length])('round-trip every byte exactly, in %i-byte chunks', (size) => {
    const lines = capture(WIRE, size);
    expect(lines).toHaveLength(6);
    const records = lines.map(record);
    expect(Buffer.concat(records.map(bytesOf)).equals(WIRE)).toBe(true);
    expect(records.map((r) => Object.keys(r).slice(0, 3))).toEqual(Array(6).fill(['ts', 'dir', 'line']));
    expect(records[1].line).toBe('');
    expect(records[2].line).toBe('crlf line\r');
    expect(records[3].line).toBe('\uFEFFbom and ünïcödé 😀 "quotes" \\ \u2028 \t\x01');
    expect(records[4]).toMatchObject({
      line: 'bad\uFFFD\uFFFD(\uFFFD',
      lineBase64: Buffer.from([0x62, 0x61, 0x64, 0xff, 0xc3, 0x28, 0xe2, 0x82]).toString('base64'),
    });
    expect(records[5]).toEqual({ ts: TS, dir: 's2c', line: 'no newline at the end', partial: true });
    expect(records.filter((r) => 'lineBase64' in r)).toHaveLength(1);
  });

  it('keeps at most the cap of a long line, counts the rest, and goes on with the next line', () => {
    const lines = capture(Buffer.from('0123456789abcdef\nnext\n'), 3, 10);
    expect(lines.map((l) => [l.kept, l.size, l.truncated])).toEqual([
      [10, 16, true],
      [4, 4, false],
    ]);
    expect(record(lines[0])).toEqual({ ts: TS, dir: 's2c', line: '0123456789', truncated: true, bytes: 16 });
  });

  it('a cut inside a multi-byte character drops that character, so the text stays UTF-8', () => {
    const [l] = capture(Buffer.from('aé😀z\n'), 2, 4); // a(1) é(2) 😀(4): the cap at 4 splits the emoji
    expect(lineText(l).utf8).toBe(true);
    expect(record(l)).toEqual({ ts: TS, dir: 's2c', line: 'aé', truncated: true, bytes: 8 });
  });

  it.each([1, 3, 7, 64, WIRE.length])('the one-string record is the pieces joined, in %i-byte chunks', (size) => {
    const lines = capture(WIRE, size);
    expect(lines).toHaveLength(6); // WIRE's five lines and the one with no newline
    for (const l of lines) expect(lineRecord(l)).toBe([...lineRecordPieces(l)].join(''));
  });

  it('the one-string record of a cut line is the pieces joined too', () => {
    for (const l of [
      ...capture(Buffer.from('aé😀z\n'), 2, 4),
      ...capture(Buffer.from('0123456789abcdef\nnext'), 3, 10),
    ]) {
      expect(lineRecord(l)).toBe([...lineRecordPieces(l)].join(''));
    }
  });

  it('event records keep key order ts, event, then data', () => {
    expect(eventRecord(TS, 'exit', { code: 0, signal: null })).toBe(
      `{"ts":"${TS}","event":"exit","code":0,"signal":null}\n`,
    );
  });
});

describe('UTF-8 across chunks', () => {
  const text = Buffer.from('ascii é € 😀 end');
  it.each([1, 2, 3, 5])('valid text split in %i-byte chunks is valid', (size) => {
    const chunks: Buffer[] = [];
    for (let i = 0; i < text.length; i += size) chunks.push(text.subarray(i, i + size));
    expect(isUtf8Chunks(chunks)).toBe(true);
  });
  it('an unfinished character at the end, a stray continuation byte, an overlong form: invalid', () => {
    expect(isUtf8Chunks([Buffer.from([0x61, 0xe2, 0x82])])).toBe(false);
    expect(isUtf8Chunks([Buffer.from([0x61]), Buffer.from([0x82, 0x61])])).toBe(false);
    expect(isUtf8Chunks([Buffer.from([0xc0]), Buffer.from([0xaf])])).toBe(false);
    expect(isUtf8Chunks([Buffer.from([0xed, 0xa0]), Buffer.from([0x80])])).toBe(false); // a UTF-16 surrogate
  });
  it('incompleteTail finds a character begun but not finished', () => {
    expect(incompleteTail(Buffer.from([0x61, 0xf0, 0x9f, 0x98]))).toBe(3);
    expect(incompleteTail(Buffer.from([0x61, 0xf0, 0x9f, 0x98, 0x80]))).toBe(0);
    expect(incompleteTail(Buffer.from([0x61, 0xc3]))).toBe(1);
    expect(incompleteTail(Buffer.from('abc'))).toBe(0);
  });
});

describe('exit codes', () => {
  it('the code, or 128 + the signal number', () => {
    expect(exitCodeOf(0, null)).toBe(0);
    expect(exitCodeOf(3, null)).toBe(3);
    expect(exitCodeOf(null, 'SIGTERM')).toBe(143);
    expect(exitCodeOf(null, 'SIGINT')).toBe(130);
    expect(exitCodeOf(null, 'SIGHUP')).toBe(129);
    expect(exitCodeOf(null, 'SIGKILL')).toBe(137);
  });
});
