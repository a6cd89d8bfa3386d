// JSON document reader: read incrementally with stream-json's tokenizer; each listed element becomes a frame.
import { StringDecoder } from 'node:string_decoder';
import type { Frame } from '../types.js';
import { BomSkipper, toBuffer } from './bom.js';
import { MAX_NESTING } from './depth.js';
import { envelopeToFrame } from './envelope-fields.js';
import { errorFrame, oversizedFrame, tooDeepFrame, valueFrame, type Position } from './frames.js';
import { DocumentPaths, type DocumentSummary } from './json-paths.js';
import { Tokenizer, tokenizerMessage, type Token } from './json-tokens.js';
import { DocumentWalker, type Walked } from './json-walk.js';
import { DEFAULT_MAX_MESSAGE_BYTES, OVERSIZED_KEEP_BYTES, type Chunk } from './lines.js';
import { RawText } from './raw-text.js';
import { ClockTimeline } from './time.js';

export { CONTAINER_KEYS } from './json-find.js';

/** A host's log written as a JSON document of entries (a dialect's `entries` form, dialects/entries.ts). */
export interface JsonEntryReader {
  /** The list element is one of the host's entries. */
  isEntry(o: Record<string, unknown>): boolean;
  /** The entry's record (an event or a log line). */
  frame(o: Record<string, unknown>, at: Position): Frame;
}

interface JsonDocumentLimits {
  maxLines?: number;
  maxBytes?: number;
  /** The document is a host's log of entries: its list elements are read by this first. */
  entries?: JsonEntryReader;
}

const LF = 0x0a;

/**
 * Pure core. Bytes are split at newlines before they reach the tokenizer, so every token is known to come
 * from the current physical line: an element's `line` is the line of its first token (its `{`), `lines`
 * runs to the line of its last. A document is one value or several one after another (`jq .` output); its
 * records are found wherever it keeps them (json-walk.ts, json-find.ts): the elements of a top-level array or
 * of the top-level object's lists under CONTAINER_KEYS, a top-level message, and any message or envelope under
 * any other key, nested at any depth. Other values are skipped and accounted (`document`).
 * A syntax error ends parsing: the element being read and the whole line of the error become an error frame
 * (elements that ended earlier on that line are part of it, so the result does not depend on how the bytes
 * were chunked), and the rest of the input follows as error frames of at most `maxLines` lines each, so
 * nothing is lost. Frames are released at the end of each line. An element larger than `maxBytes` (or nested deeper
 * than MAX_NESTING) is not assembled: it becomes an error frame holding its start (rule `oversized`).
 */
export class JsonDocumentReader {
  private readonly tok: Tokenizer;
  private readonly maxBytes: number;
  private readonly decoder = new StringDecoder('utf8');
  private readonly bom = new BomSkipper();
  private readonly clock = new ClockTimeline();
  private readonly raw: RawText;
  private readonly entries: JsonEntryReader | null;
  private line = 1;
  private atLineStart = true;
  private readonly paths = new DocumentPaths();
  private readonly walker: DocumentWalker;
  private failed = false;
  /** Elements that ended on the current line: released when the line ends, dropped if the line has an error. */
  private held: Frame[] = [];

  constructor(private readonly file: string, limits: JsonDocumentLimits = {}) {
    this.maxBytes = limits.maxBytes ?? DEFAULT_MAX_MESSAGE_BYTES;
    this.raw = new RawText(file, limits.maxLines ?? 10_000, this.maxBytes);
    // Values are packed by us, at most one character past the bound: a larger one makes its element oversized.
    this.tok = new Tokenizer({ jsonStreaming: true, maxValueChars: this.maxBytes + 1 });
    const entries = limits.entries ?? null;
    this.entries = entries;
    const out = { push: (w: Walked) => this.held.push(this.frame(w)) };
    this.walker = new DocumentWalker({ maxBytes: this.maxBytes, maxDepth: MAX_NESTING, headBytes: OVERSIZED_KEEP_BYTES }, this.paths, out, entries && ((o) => entries.isEntry(o)));
  }

  /** Where the document's records were read and what it held besides, by path (for `--log-level info`). */
  get document(): DocumentSummary {
    return this.paths.summary();
  }

  /** Physical lines read so far (a last line without its line ending counts). */
  get lines(): number {
    return this.atLineStart ? this.line - 1 : this.line;
  }

  push(chunk: Chunk, out: Frame[]): void {
    const buf = this.bom.push(toBuffer(chunk));
    if (!buf) return;
    let start = 0;
    while (start < buf.length) {
      const nl = buf.indexOf(LF, start);
      const end = nl < 0 ? buf.length : nl + 1;
      this.feed(this.decoder.write(buf.subarray(start, end)), out);
      if (nl >= 0) this.newline(out);
      else this.atLineStart = false;
      start = end;
    }
  }

  end(out: Frame[]): void {
    const held = this.bom.end();
    if (held) this.push(held, out);
    this.feed(this.decoder.end(), out);
    if (!this.failed) {
      try {
        this.tokens(this.tok.end());
      } catch (err) {
        const line = this.atLineStart ? Math.max(1, this.line - 1) : this.line;
        this.held = [];
        out.push(this.raw.failure(`JSON document ends early at line ${line}: ${tokenizerMessage(err)}`, line));
        return;
      }
      this.release(out);
    }
    this.raw.end(out);
  }

  private feed(text: string, out: Frame[]): void {
    if (text.length === 0) return;
    this.raw.add(text);
    if (this.failed) return;
    let tokens: Token[];
    try {
      tokens = this.tok.write(text);
    } catch (err) {
      this.failed = true;
      this.held = [];
      this.raw.fail(`malformed JSON document at line ${this.line}: ${tokenizerMessage(err)}`, this.line);
      return;
    }
    this.tokens(tokens);
    if (this.walker.idle) this.raw.settle(this.line);
    // A very long line (a one-line document) releases its elements early; see RawText.trimLongLine.
    if (this.raw.trimLongLine(this.line)) this.release(out);
  }

  private newline(out: Frame[]): void {
    this.release(out);
    this.raw.newline(this.line, this.walker.idle && !this.failed, out);
    this.line++;
    this.walker.line = this.line;
    this.atLineStart = true;
  }

  private release(out: Frame[]): void {
    for (let i = 0; i < this.held.length; i++) out.push(this.held[i]);
    this.held = [];
  }

  private tokens(tokens: Token[]): void {
    for (let i = 0; i < tokens.length; i++) this.walker.token(tokens[i]);
  }

  /** The frame of a record found, or of a value that is not one. */
  private frame(w: Walked): Frame {
    const at = { file: this.file, line: w.line, lines: w.lines };
    switch (w.kind) {
      case 'value':
        return valueFrame(at, w.value);
      case 'envelope': {
        const o = w.value as Record<string, unknown>;
        return envelopeToFrame(o, at, () => JSON.stringify(o), this.clock);
      }
      case 'entry':
        return this.entries!.frame(w.value as Record<string, unknown>, at);
      case 'oversized':
        return oversizedFrame(at, w.text, w.size, this.maxBytes, 'JSON element');
      case 'too-deep':
        return tooDeepFrame(at, w.text);
      case 'top-scalar':
        return errorFrame(at, w.text, `a JSON document holds an array or object of messages, not a top-level ${w.what}`);
    }
  }
}

/** Frames of a JSON document given as a byte stream. */
export async function* readJsonDocument(chunks: AsyncIterable<Chunk>, file: string, limits: JsonDocumentLimits = {}): AsyncGenerator<Frame> {
  const reader = new JsonDocumentReader(file, limits);
  const out: Frame[] = [];
  for await (const chunk of chunks) {
    reader.push(chunk, out);
    for (let i = 0; i < out.length; i++) yield out[i];
    out.length = 0;
  }
  reader.end(out);
  yield* out;
}
