// Envelope NDJSON records of a wrap capture (docs/formats.md §2): key order ts, dir/event, then the rest.
import { Buffer } from 'node:buffer';
import { dropLast, incompleteTail, isUtf8Chunks, lastBytes } from './utf8.js';
import type { CapturedLine } from './line-capture.js';

/** A transport event: `start`, `stdin-closed`, `stdout-closed`, `exit`, `error`. */
export function eventRecord(ts: string, event: string, data: Record<string, unknown> = {}): string {
  return JSON.stringify({ ts, event, ...data }) + '\n';
}

/** What a line record says besides its text, for writers and the live view. */
export interface LineText {
  /** The bytes the `line` field holds (a truncated line loses a character cut in half by the cap). */
  chunks: Buffer[];
  /** The bytes are valid UTF-8, so `line` is exact; otherwise `line` is the decoded text and `lineBase64` exact. */
  utf8: boolean;
}

/** Decides how a line is written: its kept bytes (whole characters only when cut) and whether they are UTF-8. */
export function lineText(line: CapturedLine): LineText {
  let chunks = line.chunks;
  if (line.truncated) {
    // The cap may fall inside a character: leave that character out rather than make the text invalid.
    const cut = incompleteTail(lastBytes(chunks));
    if (cut > 0) chunks = dropLast(chunks, cut);
  }
  return { chunks, utf8: isUtf8Chunks(chunks) };
}

/**
 * A line record up to the opening quote of its `line` value. `ts` is our own ISO string and `dir` a fixed word:
 * ASCII, nothing to escape.
 */
export function recordHead(ts: string, dir: string): string {
  return `{"ts":"${ts}","dir":"${dir}","line":"`;
}

/**
 * A line record after its `line` value's text, from its closing quote: `partial` (no newline followed: the stream
 * ended), `truncated` and `bytes` (the line was longer than the cap; `bytes` is its true size), `lineBase64` (the
 * exact bytes, when they are not valid UTF-8 and `line` holds their decoding with U+FFFD replacement characters).
 */
export function recordTail(line: CapturedLine, base64: string | null = null): string {
  let tail = '"';
  if (line.partial) tail += ',"partial":true';
  if (line.truncated) tail += `,"truncated":true,"bytes":${line.size}`;
  if (base64 !== null) tail += `,"lineBase64":"${base64}"`;
  return tail + '}\n';
}

/**
 * The record of one wire line as one string, for lines short enough to hold twice in memory (the capture's
 * common case): the same text as `lineRecordPieces` joined, built with one decode and one `JSON.stringify`
 * instead of a streaming decoder per line.
 */
export function lineRecord(line: CapturedLine, text: LineText = lineText(line)): string {
  const bytes = text.chunks.length === 1 ? text.chunks[0] : Buffer.concat(text.chunks);
  // Buffer's UTF-8 decoding keeps a leading U+FEFF (wire text like any other) and, on invalid bytes, puts
  // U+FFFD where TextDecoder would.
  return (
    recordHead(line.ts, line.dir) +
    escapeJson(bytes.toString('utf8')) +
    recordTail(line, text.utf8 ? null : bytes.toString('base64'))
  );
}

/**
 * The record of one wire line, as pieces to write in order, so a long line never exists twice in memory as
 * one string (the fields after `line`: `recordTail`).
 */
export function* lineRecordPieces(line: CapturedLine, text: LineText = lineText(line)): Generator<string> {
  yield recordHead(line.ts, line.dir);
  let base64: string | null = null;
  if (text.utf8) {
    // A streaming decoder never splits a character between pieces, so each piece escapes on its own;
    // ignoreBOM keeps a leading U+FEFF, which is wire text like any other.
    const decoder = new TextDecoder('utf-8', { ignoreBOM: true });
    for (const c of text.chunks) {
      const s = decoder.decode(c, { stream: true });
      if (s !== '') yield escapeJson(s);
    }
    const rest = decoder.decode();
    if (rest !== '') yield escapeJson(rest);
  } else {
    const all = Buffer.concat(text.chunks);
    yield escapeJson(all.toString('utf8'));
    base64 = all.toString('base64');
  }
  yield recordTail(line, base64);
}

/** JSON string body (without quotes) of `s`. */
function escapeJson(s: string): string {
  const q = JSON.stringify(s);
  return q.slice(1, q.length - 1);
}
