// Input format detection from the first meaningful line(s), on a file or a live stream (peek, then replay).
import { Buffer } from 'node:buffer';
import { ENVELOPE_KEYS, MESSAGE_MARK_KEYS } from './envelope-fields.js';
import { CONTAINER_KEYS } from './json-document.js';
import { Tokenizer } from './json-tokens.js';
import { isBlank, LineSplitter, type Chunk } from './lines.js';
import { isComment, parseHeader } from './transcript-syntax.js';

export const INPUT_FORMATS = ['ndjson', 'envelope', 'transcript', 'json'] as const;
export type InputFormat = (typeof INPUT_FORMATS)[number];

/** What one line says: a format, nothing (blank), a `#` comment, or nothing conclusive. */
export type LineVerdict = InputFormat | 'blank' | 'comment' | 'unknown';

interface Probe {
  status: 'complete' | 'incomplete' | 'invalid';
  keys: Set<string>;
  container: boolean;
}

/** Tokenizes a line (or a long line's prefix) to learn whether it is whole JSON and its top-level keys. */
function probe(text: string, complete: boolean): Probe {
  const tok = new Tokenizer({ jsonStreaming: false });
  const keys = new Set<string>();
  let container = false;
  let depth = 0;
  let lastKey: string | null = null;
  const visit = (tokens: ReturnType<Tokenizer['write']>) => {
    for (const t of tokens) {
      if (t.name === 'startObject' || t.name === 'startArray') {
        if (depth === 1 && t.name === 'startArray' && lastKey !== null && CONTAINER_KEYS.has(lastKey)) container = true;
        depth++;
      } else if (t.name === 'endObject' || t.name === 'endArray') depth--;
      else if (t.name === 'keyValue' && depth === 1) keys.add((lastKey = t.value));
    }
  };
  try {
    visit(tok.write(text));
  } catch {
    return { status: 'invalid', keys, container };
  }
  if (!complete) return { status: 'incomplete', keys, container };
  try {
    visit(tok.end());
  } catch {
    return { status: 'incomplete', keys, container };
  }
  return { status: 'complete', keys, container };
}

function byKeys(p: Probe): InputFormat | null {
  if (p.keys.has('jsonrpc')) return 'ndjson';
  if (ENVELOPE_KEYS.some((k) => p.keys.has(k))) return 'envelope';
  if (MESSAGE_MARK_KEYS.some((k) => p.keys.has(k))) return 'ndjson';
  if (p.container) return 'json';
  return null;
}

/**
 * Classifies one line. `complete` is false for the first 64 KiB of a line whose end has not been read:
 * then `{` is judged by the top-level keys seen so far and `[` is taken for a one-line JSON document.
 */
export function classifyLine(text: string, complete = true): LineVerdict {
  if (isBlank(text)) return 'blank';
  const t = text.trimStart();
  const c = t.charCodeAt(0);
  if (c === 0x7b /* { */) {
    const p = probe(t, complete);
    if (p.status === 'invalid') return 'unknown';
    if (complete && p.status === 'incomplete') return 'json'; // the start of a pretty-printed document
    return byKeys(p) ?? (complete ? 'unknown' : 'ndjson');
  }
  if (c === 0x5b /* [ */) {
    const p = probe(t, complete);
    if (p.status === 'complete') return 'ndjson'; // a batch on one line
    if (p.status === 'incomplete') return 'json';
    // `[22:00:00.010] -> …` is not JSON: a bracketed timestamp.
    return parseHeader(t) ? 'transcript' : 'unknown';
  }
  if (isComment(t)) return 'comment';
  return parseHeader(t) ? 'transcript' : 'unknown';
}

/**
 * Decides from lines fed in order; comments and blank lines are passed over. After a line of text (one that says
 * nothing conclusive), a `json` verdict is passed over too: a JSON document cannot have text before it, so a `{` or
 * `[` block further down is a pretty-printed dump inside a text log, not the start of a document.
 */
export class FormatDetector {
  private sawComment = false;
  private sawText = false;
  /** True once a line other than blank or comment has been seen. */
  meaningful = false;

  line(text: string): InputFormat | null {
    const v = classifyLine(text);
    if (v === 'blank') return null;
    if (v === 'comment') {
      this.sawComment = true;
      return null;
    }
    this.meaningful = true;
    if (v === 'unknown' || (v === 'json' && this.sawText)) {
      this.sawText = true;
      return null;
    }
    return v;
  }

  /** The first meaningful line is too long to wait for: judge its start. */
  prefix(text: string): InputFormat {
    const v = classifyLine(text, false);
    return v === 'blank' || v === 'comment' || v === 'unknown' ? this.fallback() : v;
  }

  /** Nothing conclusive: a log of `#` comments is a transcript; anything else is read as NDJSON. */
  fallback(): InputFormat {
    return this.sawComment ? 'transcript' : 'ndjson';
  }
}

/** Detects the format of a text (its first lines decide). */
export function detectFormat(text: string): InputFormat {
  const d = new FormatDetector();
  for (const line of text.replace(/^\uFEFF/, '').split('\n')) {
    const f = d.line(line.endsWith('\r') ? line.slice(0, -1) : line);
    if (f) return f;
  }
  return d.fallback();
}

export interface DetectOptions {
  /** Bytes read past the start of the first meaningful line before deciding anyway (default 64 KiB). */
  budget?: number;
  /** Bytes read in all before deciding anyway, e.g. for a long comment header (default 1 MiB). */
  maxPeek?: number;
}

/**
 * Detects the format of a stream: reads chunks only until a line decides (normally the first meaningful
 * one), then returns an iterable that replays the chunks read and continues with the rest of the stream.
 * `conclusive` is false when no line decided (the format is the fallback, or a long first line's start's).
 */
export async function detectInput(
  input: AsyncIterable<Chunk>,
  opts: DetectOptions = {},
): Promise<{ format: InputFormat; input: AsyncIterable<Chunk>; conclusive: boolean }> {
  const budget = opts.budget ?? 64 * 1024;
  const maxPeek = opts.maxPeek ?? 1024 * 1024;
  const it = input[Symbol.asyncIterator]();
  const seen: Chunk[] = [];
  const splitter = new LineSplitter();
  const det = new FormatDetector();
  let total = 0;
  let consumed = 0; // bytes of the lines produced so far (approximately: one byte per line ending)
  let firstAt = -1; // where the first meaningful line starts
  let format: InputFormat | null = null;
  // A line decided (else the fallback or a long line's start did).
  let conclusive = false;
  let ended = false;
  const judge = (lines: ReturnType<LineSplitter['push']>) => {
    for (const l of lines) {
      const wasMeaningful = det.meaningful;
      format = det.line(l.text);
      if (!wasMeaningful && det.meaningful) firstAt = consumed;
      consumed += l.bytes + 1;
      if (format) {
        conclusive = true;
        return;
      }
    }
  };
  while (format === null) {
    const r = await it.next();
    if (r.done) {
      ended = true;
      judge(splitter.end());
      format ??= det.fallback();
      break;
    }
    seen.push(r.value);
    total += typeof r.value === 'string' ? Buffer.byteLength(r.value) : r.value.byteLength;
    judge(splitter.push(r.value));
    if (format !== null) break;
    if (firstAt < 0 && !det.meaningful && splitter.pending > 0 && !isBlank(splitter.peekPending(256))) firstAt = consumed;
    if (firstAt >= 0 && total - firstAt > budget) format = det.meaningful ? det.fallback() : det.prefix(splitter.peekPending(budget));
    else if (total > maxPeek) format = det.fallback();
  }
  return { format, input: replay(seen, it, ended), conclusive };
}

async function* replay(seen: Chunk[], it: AsyncIterator<Chunk>, ended: boolean): AsyncGenerator<Chunk> {
  let finished = ended;
  try {
    while (seen.length > 0) yield seen.shift()!;
    while (!finished) {
      const r = await it.next();
      if (r.done) finished = true;
      else yield r.value;
    }
  } finally {
    if (!finished) await it.return?.();
  }
}
