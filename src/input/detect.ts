// Input format detection from the first meaningful line(s), on a file or a live stream (peek, then replay).
import { Buffer } from 'node:buffer';
import { ToolCaptureDetector } from './tool-captures/recognise.js';
import { ENTRY_KEYS, entriesDialect } from './dialects/entries.js';
import { DialectScorer, JUDGED_LINES, SCORED_LINES, type DialectScore } from './dialects/scorer.js';
import { FORMATS, type InputFormat } from './formats/index.js';
import type { FormatDetect } from './formats/types.js';
import { ENVELOPE_KEYS, MESSAGE_MARK_KEYS } from './readers/envelope-fields.js';
import { CONTAINER_KEYS, mayBeMessage } from './json/json-find.js';
import { DocumentStart } from './json/document-start.js';
import { JsonHead } from './json/json-head.js';
import { Tokenizer } from './json/json-tokens.js';
import { isBlank, LineSplitter, type Chunk } from './lines/lines.js';
import { isComment, parseHeader } from './readers/transcript-syntax.js';

export { INPUT_FORMATS, type InputFormat } from './formats/index.js';

/** The formats a line's verdict names (classifyLine): mcptrace's own and the generic ones (their entries detect `by: 'verdict'`). */
type BaseFormat = 'ndjson' | 'envelope' | 'transcript' | 'json';

/** The formats one stage of detection tells (formats/types.ts, FormatDetect), each with its part of detection. */
function stage<B extends FormatDetect['by']>(by: B): { name: InputFormat; detect: Extract<FormatDetect, { by: B }> }[] {
  return FORMATS.flatMap((f) =>
    f.detect.by === by ? [{ name: f.name, detect: f.detect as Extract<FormatDetect, { by: B }> }] : [],
  );
}
const BY_BYTES = stage('bytes');
/** Bytes read before the first line is judged: what the formats told by their first bytes look at. */
const HEAD_BYTES = Math.max(0, ...BY_BYTES.map((s) => s.detect.bytes));
const BY_LINE = stage('line');
const BY_START = stage('start');

/** The format whose start the input's start (its first 4 KiB of text) is, or null. */
function startFormat(start: string): InputFormat | null {
  for (const s of BY_START) if (s.detect.test(start)) return s.name;
  return null;
}

/** What one line says: a format, nothing (blank), a `#` comment, or nothing conclusive. */
type LineVerdict = BaseFormat | 'blank' | 'comment' | 'unknown';

interface Probe {
  status: 'complete' | 'incomplete' | 'invalid';
  keys: Set<string>;
  container: boolean;
  /** A message (`jsonrpc`) under some key, nested deeper than the top: a document that keeps its messages there. */
  nested: boolean;
}

/** Tokenizes a line (or a long line's prefix) to learn whether it is whole JSON and its top-level keys. */
function probe(text: string, complete: boolean): Probe {
  const tok = new Tokenizer({ jsonStreaming: false });
  const keys = new Set<string>();
  let container = false;
  let nested = false;
  let depth = 0;
  let lastKey: string | null = null;
  const visit = (tokens: ReturnType<Tokenizer['write']>) => {
    for (const t of tokens) {
      if (t.name === 'startObject' || t.name === 'startArray') {
        if (depth === 1 && t.name === 'startArray' && lastKey !== null && CONTAINER_KEYS.has(lastKey)) container = true;
        depth++;
      } else if (t.name === 'endObject' || t.name === 'endArray') depth--;
      else if (t.name === 'keyValue') {
        if (depth === 1) keys.add((lastKey = t.value));
        else if (t.value === 'jsonrpc') nested = true;
      }
    }
  };
  try {
    visit(tok.write(text));
  } catch {
    return { status: 'invalid', keys, container, nested };
  }
  if (!complete) return { status: 'incomplete', keys, container, nested };
  try {
    visit(tok.end());
  } catch {
    return { status: 'incomplete', keys, container, nested };
  }
  return { status: 'complete', keys, container, nested };
}

function byKeys(p: Probe): BaseFormat | null {
  if (p.keys.has('jsonrpc')) return 'ndjson';
  if (ENVELOPE_KEYS.some((k) => p.keys.has(k))) return 'envelope';
  // A record that holds a message under its own key is a document's, though it names the method beside it.
  if (p.nested) return 'json';
  if (MESSAGE_MARK_KEYS.some((k) => p.keys.has(k))) return 'ndjson';
  if (p.container) return 'json';
  return null;
}

/**
 * The start of an object whose line is too long to wait for. Its keys so far decide as a whole line's do, but an object
 * they do not make a message (no key that says so, or keys beside `id` or `method` that no message has) is the start
 * of a JSON document: the document reading reads lines of messages too, one top-level value after another, while the
 * NDJSON reading of a document whose first member fills a long line finds no message in it.
 */
function startVerdict(p: Probe): BaseFormat {
  const v = byKeys(p);
  if (v === null) return 'json';
  return v === 'ndjson' && !mayBeMessage(Object.fromEntries([...p.keys].map((k) => [k, true])), null) ? 'json' : v;
}

/**
 * Classifies one line. `complete` is false for the first 64 KiB of a line whose end has not been read:
 * then `{` is judged by the top-level keys seen so far (startVerdict) and `[` is taken for a one-line JSON document.
 */
export function classifyLine(text: string, complete = true): LineVerdict {
  if (isBlank(text)) return 'blank';
  const t = text.trimStart();
  const c = t.charCodeAt(0);
  if (c === 0x7b /* { */) {
    const p = probe(t, complete);
    if (p.status === 'invalid') return 'unknown';
    if (complete && p.status === 'incomplete') return 'json'; // the start of a pretty-printed document
    return complete ? (byKeys(p) ?? 'unknown') : startVerdict(p);
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
class FormatDetector {
  private sawComment = false;
  private sawText = false;
  /** True once a line other than blank or comment has been seen. */
  meaningful = false;

  line(text: string): BaseFormat | null {
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

  /** A line judged a document's start was text after all: `json` verdicts further down are passed over. */
  text(): void {
    this.sawText = true;
  }

  /** The first meaningful line is too long to wait for: judge its start. */
  prefix(text: string): BaseFormat {
    const v = classifyLine(text, false);
    return v === 'blank' || v === 'comment' || v === 'unknown' ? this.fallback() : v;
  }

  /** Nothing conclusive: a log of `#` comments is a transcript; anything else is read as NDJSON. */
  fallback(): BaseFormat {
    return this.sawComment ? 'transcript' : 'ndjson';
  }
}

/**
 * Decides between the base formats (FormatDetector) and the text-log dialects (dialects/scorer.ts), from lines fed in
 * order. A first conclusive line that is JSON, or a transcript record (a marker, an event, a session break), decides at
 * once when no dialect has scored yet, as the base detector always did: NDJSON and transcripts are not held. A line
 * of text with a time (which a host's log starts with) only starts the scoring: every dialect scores the meaningful lines
 * until one has DECISIVE points, or SCORED_LINES were scored by some dialect (JUDGED_LINES in all), or the input (or the peek budget) ends; then the best
 * dialect wins if it scored enough, else the first conclusive line's format, else the fallback. A transcript record
 * after such a line, with no dialect scored, decides `transcript` there (a live transcript is held to its first record).
 */
export class InputDetector {
  private readonly base = new FormatDetector();
  private readonly scorer = new DialectScorer();
  private readonly captures = new ToolCaptureDetector();
  /** What the lines decided while a JSON document's start was still probed for a tool-capture dialect's shape. */
  private deferred: InputFormat | null = null;
  private first: BaseFormat | null = null;
  /** The first element of a JSON input, read until its keys tell whether it is a dialect's JSON form (Dialect.entries). */
  private head: JsonHead | null = null;
  /** A first line that opens a JSON document (`{` alone), read on until its lines show it is one (document-start.ts). */
  private doc: DocumentStart | null = null;
  private scored = 0;
  /** The format chosen was read from the lines (false: the fallback, or a long first line's start, chose it). */
  conclusive = false;

  /** True once a line other than blank or comment has been seen. */
  get meaningful(): boolean {
    return this.base.meaningful;
  }

  /**
   * A line that only one format's logs hold (a curl transcript's) decides at once; then a record of another tool's capture
   * (tool-captures/recognise.ts); while a JSON document's start is probed for one, the format the lines decided waits.
   */
  line(text: string): InputFormat | null {
    for (const s of BY_LINE) if (s.detect.test(text)) return this.read(s.name);
    const c = this.captures.line(text);
    if (c !== null) return this.read(c);
    if (this.deferred !== null) return this.captures.probing ? null : this.deferred;
    const f = this.decide(text);
    if (f === null || !this.captures.probing) return f;
    this.deferred = f;
    return null;
  }

  private decide(text: string): InputFormat | null {
    const v = this.base.line(text);
    if (isBlank(text) || isComment(text)) return null;
    this.scored++;
    if (this.head !== null || this.doc !== null) return this.headLine(text);
    this.scorer.line(text);
    // JSON first: its first element's keys may be a dialect's entries (Dialect.entries), in an array or one per line.
    if (this.first === null && v !== 'transcript' && this.scorer.best === 0 && /^\s*[[{]/.test(text)) {
      this.first = v;
      this.head = new JsonHead(ENTRY_KEYS);
      if (v === 'json') this.doc = new DocumentStart();
      return this.headLine(text);
    }
    if (this.first === null && v !== null) {
      this.first = v;
      if (this.scorer.best === 0 && decidesAtOnce(v, text)) return this.read(v);
    } else if (this.first === 'transcript' && v === 'transcript' && this.scorer.best === 0 && decidesAtOnce(v, text)) {
      // A transcript that opens with a line of text: its first record decides, as its first line would have.
      return this.read(v);
    }
    const d = this.scorer.decisive();
    if (d !== null) return this.read(d);
    return this.enough() ? this.final() : null;
  }

  /**
   * A line of a JSON input's first element: a dialect whose entries have its keys, else the first line's format, once a
   * first line that opens a document (`json`) has shown it is one; one that is not (a JS object printed into a text log)
   * makes its lines text, and detection goes on from the next line.
   */
  private headLine(text: string): InputFormat | null {
    if (this.head !== null) {
      const keys = this.head.line(text);
      if (keys !== null) {
        this.head = null;
        const d = entriesDialect(keys);
        if (d !== null) {
          this.doc = null;
          this.scorer.entries(d);
          return this.read(d);
        }
      }
    }
    if (this.doc !== null) {
      const is = this.doc.line(text);
      if (is === false) {
        this.doc = this.head = this.first = null;
        this.base.text();
        return this.enough() ? this.final() : null;
      }
      if (is === true) this.doc = null;
    }
    if (this.head === null && this.doc === null) return this.first === null ? null : this.read(this.first);
    return this.scored >= SCORED_LINES ? this.final() : null;
  }

  /** Enough lines were judged: SCORED_LINES that some dialect scored, or JUDGED_LINES meaningful lines in all. */
  private enough(): boolean {
    return this.scorer.scored >= SCORED_LINES || this.scored >= JUDGED_LINES;
  }

  /** No more lines to judge: the best dialect that scored enough, else the first conclusive line's format, else the fallback. */
  final(): InputFormat {
    if (this.deferred !== null) return this.deferred;
    const d = this.scorer.winner() ?? this.first;
    return d === null ? this.base.fallback() : this.read(d);
  }

  /** The first meaningful line is too long to wait for: its start decides (dialect lines are never that long at first). */
  prefix(text: string): InputFormat {
    const c = this.captures.prefix(text);
    return c !== null ? this.read(c) : this.base.prefix(text);
  }

  /** Every dialect's score over the lines judged, and how many lines that was. */
  scores(): { lines: number; dialects: DialectScore[] } {
    return { lines: this.scored, dialects: this.scorer.scores() };
  }

  private read(f: InputFormat): InputFormat {
    this.conclusive = true;
    return f;
  }
}

/** A first conclusive line that decides without waiting for the dialects: JSON, or a transcript record with a marker. */
function decidesAtOnce(v: BaseFormat, text: string): boolean {
  if (v !== 'transcript') return true;
  const h = parseHeader(text.trimStart());
  return h !== null && h.kind !== 'time-only';
}

/** Detects the format of a text (its first lines decide; a HAR file by its start). */
export function detectFormat(text: string): InputFormat {
  const start = startFormat(text.slice(0, 4096));
  if (start !== null) return start;
  const d = new InputDetector();
  for (const line of text.replace(/^\uFEFF/, '').split('\n')) {
    const f = d.line(line.endsWith('\r') ? line.slice(0, -1) : line);
    if (f) return f;
  }
  return d.final();
}

export interface DetectOptions {
  /** Bytes read past the start of the first meaningful line before deciding anyway (default 64 KiB). */
  budget?: number;
  /** Bytes read in all before deciding anyway, e.g. for a long comment header (default 1 MiB). */
  maxPeek?: number;
}

/** What detection chose for an input, and why: every dialect's score over the lines it judged. */
export interface Detection {
  format: InputFormat;
  /** False when no line decided (the format is the fallback, or a long first line's start's). */
  conclusive: boolean;
  /** Meaningful lines judged, and each dialect's score over them. */
  scores: { lines: number; dialects: DialectScore[] };
}

/**
 * Detects the format of a stream: reads chunks only until a line decides (normally the first meaningful one; for a
 * text log, enough lines for the dialects to be scored), then returns an iterable that replays the chunks read and
 * continues with the rest of the stream. A binary packet capture is told by its first 4 bytes, before any line.
 */
export async function detectInput(
  input: AsyncIterable<Chunk>,
  opts: DetectOptions = {},
): Promise<Detection & { input: AsyncIterable<Chunk> }> {
  const budget = opts.budget ?? 64 * 1024;
  const maxPeek = opts.maxPeek ?? 1024 * 1024;
  const it = input[Symbol.asyncIterator]();
  const seen: Chunk[] = [];
  const splitter = new LineSplitter();
  const det = new InputDetector();
  let total = 0;
  let consumed = 0; // bytes of the lines produced so far (approximately: one byte per line ending)
  let firstAt = -1; // where the first meaningful line starts
  let format: InputFormat | null = null;
  let ended = false;
  let head = false; // the first bytes were looked at for a binary format's (a capture's magic number)
  const judge = (lines: ReturnType<LineSplitter['push']>) => {
    for (const l of lines) {
      const wasMeaningful = det.meaningful;
      format = det.line(l.text);
      if (!wasMeaningful && det.meaningful) firstAt = consumed;
      consumed += l.bytes + 1;
      if (format) return;
    }
  };
  while (format === null) {
    const r = await it.next();
    if (r.done) {
      ended = true;
      if (!head) for (const c of seen) judge(splitter.push(c));
      judge(splitter.end());
      format ??= det.final();
      break;
    }
    seen.push(r.value);
    total += typeof r.value === 'string' ? Buffer.byteLength(r.value) : r.value.byteLength;
    if (!head) {
      if (total < HEAD_BYTES) continue;
      head = true;
      format = bytesFormat(seen);
      if (format !== null) {
        det.conclusive = true;
        break;
      }
      for (const c of seen.slice(0, -1)) judge(splitter.push(c));
      if (format !== null) break;
    }
    judge(splitter.push(r.value));
    if (format !== null) break;
    if (firstAt < 0 && !det.meaningful && splitter.pending > 0 && !isBlank(splitter.peekPending(256)))
      firstAt = consumed;
    if (firstAt >= 0 && total - firstAt > budget)
      format = det.meaningful ? det.final() : det.prefix(splitter.peekPending(budget));
    else if (total > maxPeek) format = det.final();
  }
  // A document whose start says what it is (a HAR file's first key), whatever its first line looked like.
  if (format === 'json' || format === 'ndjson') {
    const head =
      seen.length === 0
        ? ''
        : Buffer.concat(seen.slice(0, 4).map((c) => (typeof c === 'string' ? Buffer.from(c) : c))).toString(
            'utf8',
            0,
            4096,
          );
    const start = startFormat(head);
    if (start !== null)
      return { format: start, input: replay(seen, it, ended), conclusive: true, scores: det.scores() };
  }
  return { format, input: replay(seen, it, ended), conclusive: det.conclusive, scores: det.scores() };
}

/**
 * Whether an input opens as a JSON document (its first non-blank character `{`, or `[` and then `{`, `[`, `]` or `"`;
 * `[DEBUG] …` does not): reads only as far as that takes, and returns the input to be read again from its start.
 */
export async function opensDocument(
  input: AsyncIterable<Chunk>,
): Promise<{ document: boolean; input: AsyncIterable<Chunk> }> {
  const it = input[Symbol.asyncIterator]();
  const seen: Chunk[] = [];
  let text = '';
  for (;;) {
    const r = await it.next();
    if (r.done) return { document: opening(text) === true, input: replay(seen, it, true) };
    seen.push(r.value);
    // Only ASCII is looked at: latin1 reads every byte as one character, a split UTF-8 sequence included.
    text +=
      typeof r.value === 'string'
        ? r.value
        : Buffer.from(r.value.buffer, r.value.byteOffset, r.value.byteLength).toString('latin1');
    const v = text.length > 64 * 1024 ? false : opening(text);
    if (v !== null) return { document: v, input: replay(seen, it, false) };
  }
}

/** The opening of a JSON document (true), of anything else (false), or not known yet (null). */
function opening(text: string): boolean | null {
  const m = /^(?:\uFEFF|\xEF\xBB\xBF)?\s*(\S)\s*(\S)?/.exec(text);
  if (m === null) return null;
  if (m[1] === '{') return true;
  if (m[1] !== '[') return false;
  return m[2] === undefined ? null : '{[]"'.includes(m[2]);
}

/** The binary format whose first bytes the chunks read so far start with (a capture's magic number), or null (a text chunk never does). */
function bytesFormat(seen: Chunk[]): InputFormat | null {
  if (seen.some((c) => typeof c === 'string')) return null;
  const bytes = Buffer.concat(seen as Uint8Array[]);
  for (const s of BY_BYTES) if (s.detect.test(bytes.subarray(0, s.detect.bytes))) return s.name;
  return null;
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
