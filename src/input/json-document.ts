// JSON document reader: read incrementally with stream-json's tokenizer; each listed element becomes a frame.
import { StringDecoder } from 'node:string_decoder';
import type { Frame } from '../types.js';
import { BomSkipper, toBuffer } from './bom.js';
import { MAX_NESTING } from './depth.js';
import { envelopeToFrame, isEnvelope } from './envelope-fields.js';
import { errorFrame, oversizedFrame, tooDeepFrame, valueFrame } from './frames.js';
import { CappedElement } from './json-element.js';
import { Tokenizer, tokenizerMessage, type Token } from './json-tokens.js';
import { DEFAULT_MAX_MESSAGE_BYTES, OVERSIZED_KEEP_BYTES, type Chunk } from './lines.js';
import { RawText } from './raw-text.js';
import { ClockTimeline } from './time.js';

/** Keys of a top-level object that may hold the list of messages; the first one holding an array is read. */
export const CONTAINER_KEYS: ReadonlySet<string> = new Set(['messages', 'records', 'events', 'entries', 'log', 'items']);

const LF = 0x0a;

/**
 * Pure core. Bytes are split at newlines before they reach the tokenizer, so every token is known to come
 * from the current physical line: an element's `line` is the line of its first token (its `{`), `lines`
 * runs to the line of its last. Accepted documents: an array of elements; an object whose first container
 * key holds an array of elements (other keys are skipped, not assembled); an object without one, which is
 * a single element (a pretty-printed message); and several such values one after another (`jq .` output).
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
  private line = 1;
  private atLineStart = true;
  private depth = 0;
  /** Depth at which the elements sit (1: top-level array; 2: array under a container key); -1 none. */
  private containerDepth = -1;
  /** A top-level object being assembled until it turns out to hold a container (then it is dropped). */
  private rootAsm: CappedElement | null = null;
  private rootStart = 0;
  private key: string | null = null;
  private elem: CappedElement | null = null;
  private elemStart = 0;
  private failed = false;
  /** Elements that ended on the current line: released when the line ends, dropped if the line has an error. */
  private held: Frame[] = [];

  constructor(private readonly file: string, limits: { maxLines?: number; maxBytes?: number } = {}) {
    this.maxBytes = limits.maxBytes ?? DEFAULT_MAX_MESSAGE_BYTES;
    this.raw = new RawText(file, limits.maxLines ?? 10_000, this.maxBytes);
    // Values are packed by us, at most one character past the bound: a larger one makes its element oversized.
    this.tok = new Tokenizer({ jsonStreaming: true, maxValueChars: this.maxBytes + 1 });
  }

  /** Physical lines read so far (a last line without its line ending counts). */
  get lines(): number {
    return this.atLineStart ? this.line - 1 : this.line;
  }

  private newElement(): CappedElement {
    return new CappedElement(this.maxBytes, MAX_NESTING, OVERSIZED_KEEP_BYTES);
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
    if (this.elem === null && this.rootAsm === null) this.raw.settle(this.line);
    // A very long line (a one-line document) releases its elements early; see RawText.trimLongLine.
    if (this.raw.trimLongLine(this.line)) this.release(out);
  }

  private newline(out: Frame[]): void {
    this.release(out);
    this.raw.newline(this.line, this.elem === null && this.rootAsm === null && !this.failed, out);
    this.line++;
    this.atLineStart = true;
  }

  private release(out: Frame[]): void {
    for (let i = 0; i < this.held.length; i++) out.push(this.held[i]);
    this.held = [];
  }

  private tokens(tokens: Token[]): void {
    for (let i = 0; i < tokens.length; i++) this.token(tokens[i]);
  }

  private token(t: Token): void {
    const name = t.name;
    const opens = name === 'startObject' || name === 'startArray';
    const closes = name === 'endObject' || name === 'endArray';
    if (this.elem !== null) {
      if (opens) this.depth++;
      else if (closes) this.depth--;
      if (this.elem.consume(t)) this.element(this.elem, this.elemStart);
      return;
    }
    if (this.depth === this.containerDepth) {
      if (closes) {
        // The end of the element list.
        this.containerDepth = -1;
        if (--this.depth === 0) this.endRoot();
        return;
      }
      this.elem = this.newElement();
      this.elemStart = this.line;
      if (opens) this.depth++;
      if (this.elem.consume(t)) this.element(this.elem, this.elemStart);
      return;
    }
    if (this.depth === 0) {
      this.topLevel(t);
      return;
    }
    // Inside a top-level object, outside its element list.
    if (this.rootAsm !== null) {
      if (this.depth === 1 && name === 'keyValue') {
        this.key = t.value;
      } else if (this.depth === 1 && name === 'startArray' && this.key !== null && CONTAINER_KEYS.has(this.key)) {
        this.rootAsm = null;
        this.depth = this.containerDepth = 2;
        return;
      }
      this.rootAsm.consume(t);
    }
    if (opens) this.depth++;
    else if (closes && --this.depth === 0) this.endRoot();
  }

  private topLevel(t: Token): void {
    if (t.name === 'startArray') {
      this.depth = this.containerDepth = 1;
    } else if (t.name === 'startObject') {
      this.depth = 1;
      this.rootAsm = this.newElement();
      this.rootAsm.consume(t);
      this.rootStart = this.line;
      this.key = null;
    } else if ('value' in t) {
      const text = JSON.stringify(t.name === 'numberValue' ? Number(t.value) : t.value);
      const at = { file: this.file, line: this.line, lines: 1 };
      this.held.push(errorFrame(at, text, `a JSON document holds an array or object of messages, not a top-level ${t.name.replace('Value', '')}`));
    }
  }

  /** A top-level value has ended; an object that held no element list is itself one element. */
  private endRoot(): void {
    const root = this.rootAsm;
    this.rootAsm = null;
    this.containerDepth = -1;
    this.key = null;
    if (root !== null) this.element(root, this.rootStart);
  }

  private element(el: CappedElement, start: number): void {
    this.elem = null;
    const at = { file: this.file, line: start, lines: this.line - start + 1 };
    if (el.overflow !== null) {
      this.held.push(el.overflow === 'bytes' ? oversizedFrame(at, el.head, el.size, this.maxBytes, 'JSON element') : tooDeepFrame(at, el.head));
      return;
    }
    const value = el.value;
    this.held.push(isEnvelope(value) ? envelopeToFrame(value, at, () => JSON.stringify(value), this.clock) : valueFrame(at, value));
  }
}

/** Frames of a JSON document given as a byte stream. */
export async function* readJsonDocument(chunks: AsyncIterable<Chunk>, file: string, limits: { maxLines?: number; maxBytes?: number } = {}): AsyncGenerator<Frame> {
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
