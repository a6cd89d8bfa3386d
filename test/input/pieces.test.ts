// Cutting a log file into pieces (`--jobs` on one file): only before a line that keeps every session whole (an
// `initialize` request in raw NDJSON, an unkeyed process start in envelopes, a named session break in transcripts),
// with the file's line numbers, the pieces covering the file exactly.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { linePieces, type Piece, type PieceOptions } from '../../src/input/lines/pieces.js';
import { lazyTempDir } from '../helpers/temp.js';
import {
  cutRule,
  isInitializeRequest,
  isNamedSessionBreak,
  isUnkeyedStart,
  type CutFormat,
} from '../../src/session/cuts.js';

/** The pieces of a file in a format, as `--jobs` cuts it. */
const pieces = (format: CutFormat) => (path: string, size: number, opts: Omit<PieceOptions, 'needles' | 'cutAt'>) =>
  linePieces(path, size, { ...opts, ...cutRule(format) });
const ndjsonPieces = pieces('ndjson');
const envelopePieces = pieces('envelope');
const transcriptPieces = pieces('transcript');

const tmp = lazyTempDir('pieces');
afterAll(() => rmSync(tmp.path, { recursive: true, force: true }));

/** Writes `text` to a new file; returns its path and bytes. */
function file(name: string, text: string | Buffer): { path: string; bytes: Buffer } {
  const path = join(tmp.path, name);
  writeFileSync(path, text);
  return { path, bytes: readFileSync(path) };
}

/** What a piece list must be for `bytes`: contiguous from 0 to the end, each later piece at a line `cutAt` takes, numbered as in the file. */
function expectSound(pieces: Piece[], bytes: Buffer, cutAt = isInitializeRequest): void {
  expect(pieces[0]!.start).toBe(0);
  expect(pieces.at(-1)!.end).toBe(Infinity); // the last piece is read to the end of the file, wherever it is then
  for (const [i, p] of pieces.entries()) {
    expect(Math.min(p.end, bytes.length)).toBeGreaterThan(p.start);
    if (i === 0) continue;
    expect(p.start).toBe(pieces[i - 1]!.end);
    expect(bytes[p.start - 1]).toBe(0x0a);
    const lineEnd = bytes.indexOf(0x0a, p.start);
    expect(cutAt(bytes.toString('utf8', p.start, lineEnd === -1 ? bytes.length : lineEnd))).toBe(true);
    let lines = 1;
    for (let at = bytes.indexOf(0x0a); at !== -1 && at < p.start; at = bytes.indexOf(0x0a, at + 1)) lines++;
    expect(p.firstLine).toBe(lines);
  }
}

const SAMPLE = readFileSync('samples/everything.ndjson', 'utf8');

describe('raw NDJSON pieces', () => {
  it('cuts a log of many sessions into about equal pieces, each after the first at an initialize request', async () => {
    // 60 copies of a real session: 3.4 MB, over three of the 1 MiB blocks the cut is looked for in.
    const { path, bytes } = file('sessions.ndjson', SAMPLE.repeat(60));
    for (const parts of [2, 3, 4, 7]) {
      const pieces = await ndjsonPieces(path, bytes.length, { parts, minBytes: 1000 });
      expect(pieces).toHaveLength(parts);
      expectSound(pieces, bytes);
      // Each cut is the first session start at or after its share of the file.
      for (const [k, p] of pieces.slice(1).entries()) {
        const wanted = Math.floor((bytes.length * (k + 1)) / parts);
        expect(p.start).toBeGreaterThanOrEqual(wanted);
        expect(p.start - wanted).toBeLessThanOrEqual(SAMPLE.length);
      }
    }
  });

  it('makes no piece smaller than minBytes (one piece: the whole file)', async () => {
    const { path, bytes } = file('small.ndjson', SAMPLE.repeat(4));
    expect(await ndjsonPieces(path, bytes.length, { parts: 8, minBytes: bytes.length })).toEqual([
      { start: 0, end: Infinity, firstLine: 1 },
    ]);
    expect(await ndjsonPieces(path, bytes.length, { parts: 8, minBytes: Math.floor(bytes.length / 2) + 1 })).toEqual([
      { start: 0, end: Infinity, firstLine: 1 },
    ]);
    expect(await ndjsonPieces(path, bytes.length, { parts: 8, minBytes: Math.floor(bytes.length / 3) })).toHaveLength(
      3,
    );
  });

  it('does not cut at lines that name initialize without being its request', async () => {
    const decoys = [
      '{"jsonrpc":"2.0","id":1,"result":{"note":"initialize"}}', // a response
      '{"jsonrpc":"2.0","method":"initialize"}', // a notification (no id)
      '[{"jsonrpc":"2.0","id":9,"method":"initialize"}]', // a batch: decode takes it apart, it starts no session
      '{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"x","arguments":{"method":"initialize"}}}',
      '{"jsonrpc":"2.0","id":3,"method":"initialize"', // not JSON
      '\ufeff{"jsonrpc":"2.0","id":4,"method":"initialize"}', // a BOM in mid-file is not whitespace to JSON
      `{"jsonrpc":"2.0","id":5,"method":"initialize","params":${'['.repeat(1001)}${']'.repeat(1001)}}`, // nested too deep
      `{"jsonrpc":"2.0","id":6,"method":"initialize","params":{"pad":"${'x'.repeat(400)}"}}`, // over --max-message-bytes below
    ];
    const real = '{"jsonrpc":"2.0","id":7,"method":"initialize","params":{}}';
    expect(decoys.map(isInitializeRequest)).toEqual([false, false, false, false, false, false, false, true]);
    expect(isInitializeRequest(real)).toBe(true);
    expect(isInitializeRequest(`${real}\r`)).toBe(true);
    const text = ['{"jsonrpc":"2.0","id":0,"method":"ping"}', ...decoys, ...decoys, real, ...decoys, ''].join('\n');
    const { path, bytes } = file('decoys.ndjson', text);
    const pieces = await ndjsonPieces(path, bytes.length, { parts: 4, minBytes: 10, maxMessageBytes: 300 });
    expectSound(pieces, bytes);
    expect(pieces.map((p) => p.firstLine)).toEqual([1, 2 + 2 * decoys.length]);
    // Without the size bound the long initialize line is a request too: each cut is the first request past its share.
    const unbounded = await ndjsonPieces(path, bytes.length, { parts: 4, minBytes: 10 });
    expectSound(unbounded, bytes);
    expect(unbounded.map((p) => p.firstLine)).toEqual([
      1,
      1 + decoys.length,
      1 + 2 * decoys.length,
      2 + 3 * decoys.length,
    ]);
  });

  it('counts CRLF lines and a cut line ending in CR like the reader', async () => {
    const { path, bytes } = file('crlf.ndjson', SAMPLE.repeat(6).replace(/\n/g, '\r\n'));
    const pieces = await ndjsonPieces(path, bytes.length, { parts: 3, minBytes: 1000 });
    expect(pieces).toHaveLength(3);
    expectSound(pieces, bytes);
  });

  it('one piece when no initialize request comes where a cut is wanted', async () => {
    const body = SAMPLE.split('\n')
      .filter((l) => !l.includes('"initialize"'))
      .join('\n');
    const { path, bytes } = file('one-session.ndjson', SAMPLE + body.repeat(20));
    expect(await ndjsonPieces(path, bytes.length, { parts: 4, minBytes: 1000 })).toEqual([
      { start: 0, end: Infinity, firstLine: 1 },
    ]);
  });
});

describe('envelope pieces', () => {
  const CAPTURE = readFileSync('samples/everything.envelope.ndjson', 'utf8');

  it('cuts a capture of many processes at their start events', async () => {
    const { path, bytes } = file('captures.envelope.ndjson', CAPTURE.repeat(30));
    for (const parts of [2, 3, 5]) {
      const got = await envelopePieces(path, bytes.length, { parts, minBytes: 1000 });
      expect(got).toHaveLength(parts);
      expectSound(got, bytes, isUnkeyedStart);
    }
  });

  it('takes only a process start the reader sees, with no session key', () => {
    expect(isUnkeyedStart('{"ts":"2026-11-30T00:13:15.395Z","event":"start","command":["node"],"pid":1}')).toBe(true);
    expect(isUnkeyedStart('{"ts":"2026-11-30T00:13:15.395Z","event":"spawn"}')).toBe(true);
    expect(isUnkeyedStart('{"ts":"2026-11-30T00:13:15.395Z","event":"start","session":"a"}')).toBe(false); // keyed
    expect(isUnkeyedStart('{"ts":"2026-11-30T00:13:15.395Z","event":"exit","code":0}')).toBe(false);
    expect(isUnkeyedStart('{"ts":"2026-11-30T00:13:15.395Z","dir":"c2s","line":"{\\"method\\":\\"start\\"}"}')).toBe(
      false,
    ); // a message
    expect(isUnkeyedStart('{"event":"start"')).toBe(false); // not JSON
  });
});

describe('transcript pieces', () => {
  // The sample transcript is one named session, pretty-printed over many lines; renamed per copy, as sessions of one
  // transcript are.
  const TRANSCRIPT = readFileSync('samples/everything.transcript.txt', 'utf8');
  const copies = (n: number) =>
    Array.from({ length: n }, (_, i) =>
      TRANSCRIPT.replace('=== session everything ===', `=== session everything-${i} ===`),
    ).join('');

  it('cuts a transcript of many sessions at their session breaks, CRLF too', async () => {
    for (const [name, text] of [
      ['lf', copies(30)],
      ['crlf', copies(30).replaceAll('\n', '\r\n')],
    ]) {
      const { path, bytes } = file(`sessions-${name}.txt`, text);
      for (const parts of [2, 3, 5]) {
        const got = await transcriptPieces(path, bytes.length, { parts, minBytes: 1000 });
        expect(got).toHaveLength(parts);
        expectSound(got, bytes, isNamedSessionBreak);
      }
    }
  });

  it('gives each piece the days the file has counted by its first clock time, as sampled on the way', async () => {
    // Sessions at 23 h, then past midnight at 00 h: a piece that starts after midnight counts from one day on.
    const hours = Array.from({ length: 40 }, (_, i) => (i < 15 ? '23' : '00'));
    const text = hours
      .map((h, i) =>
        TRANSCRIPT.replace('=== session everything ===', `=== session s-${i} ===`).replace(/^\[00:/gm, `[${h}:`),
      )
      .join('');
    const { path, bytes } = file('midnight.txt', text);
    expect(bytes.length).toBeGreaterThan(2 * 1024 * 1024); // the samples come from more than one block
    const got = await transcriptPieces(path, bytes.length, { parts: 4, minBytes: 1000 });
    expectSound(got, bytes, isNamedSessionBreak);
    const midnightAt = text.indexOf('[00:');
    expect(got.map((p) => p.clockOffset ?? 0)).toEqual(got.map((p) => (p.start > midnightAt ? 86_400_000 : 0)));
    expect(got.filter((p) => p.clockOffset === 86_400_000).length).toBeGreaterThan(0);
    // No clock times (the envelope sample's are ISO times): no days to give.
    const env = file('iso.envelope.ndjson', readFileSync('samples/everything.envelope.ndjson', 'utf8').repeat(30));
    expect(
      (await envelopePieces(env.path, env.bytes.length, { parts: 3, minBytes: 1000 })).map((p) => p.clockOffset),
    ).toEqual([undefined, undefined, undefined]);
  });

  it('does not cut where a session break has no name, or only a JSON string or a comment looks like one', async () => {
    const unnamed = copies(1) + TRANSCRIPT.replace('=== session everything ===', '=== session ===').repeat(20);
    const decoys =
      copies(1) +
      TRANSCRIPT.replace(
        '=== session everything ===',
        '# === session everything ===\n[00:00:00.000] -> {"jsonrpc":"2.0","method":"x","params":{"t":"=== session a ==="}}',
      ).repeat(20);
    for (const text of [unnamed, decoys]) {
      const { path, bytes } = file('decoys.txt', text);
      expect(await transcriptPieces(path, bytes.length, { parts: 3, minBytes: 1000 })).toEqual([
        { start: 0, end: Infinity, firstLine: 1 },
      ]);
    }
  });
});
