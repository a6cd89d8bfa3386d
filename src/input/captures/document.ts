// The reader of a JSON-document capture dialect (MCP Inspector's history export, an mcp-recorder cassette): streams the
// document with stream-json's tokenizer and gives each record of its record array to the engine.
import { StringDecoder } from 'node:string_decoder';
import type { Frame } from '../../types.js';
import { BomSkipper, toBuffer } from '../bom.js';
import { MAX_NESTING } from '../depth.js';
import { errorFrame, oversizedFrame, tooDeepFrame } from '../frames.js';
import { CappedElement } from '../json-element.js';
import { Tokenizer, tokenizerMessage, type Token } from '../json-tokens.js';
import { DEFAULT_MAX_MESSAGE_BYTES, OVERSIZED_KEEP_BYTES, type Chunk } from '../lines.js';
import { RawText } from '../raw-text.js';
import { CaptureMapper } from './mapper.js';
import { CaptureOrder } from './order.js';
import type { CaptureDialect, DocumentLayout } from './types.js';

const LF = 0x0a;

/**
 * Pure core, the shape of `JsonDocumentReader` (bytes are split at newlines before the tokenizer, so each token's line
 * is known; a record's frames are released when its last line ends; a syntax error makes the rest error frames). The
 * records are the elements of a top-level array, or of the array under the layout's `elements` key of a top-level
 * object, whose `header` keys are read whole for the records' `/…` paths; a top-level object with no such array is one
 * record. A record larger than `maxBytes` or nested deeper than MAX_NESTING is not assembled (rule `oversized`).
 */
export class CaptureDocumentReader {
  private readonly tok: Tokenizer;
  private readonly decoder = new StringDecoder('utf8');
  private readonly bom = new BomSkipper();
  private readonly raw: RawText;
  private readonly layout: DocumentLayout;
  private readonly mapper: CaptureMapper;
  private readonly order: CaptureOrder;
  private readonly maxBytes: number;
  private line = 1;
  private atLineStart = true;
  /** Depth outside records; records sit at `recordsDepth` (1: a top-level array; 2: the array under `elements`). */
  private depth = 0;
  private recordsDepth = -1;
  private key: string | null = null;
  /** A top-level object assembled until its record array turns up (then dropped): with none it is a record itself. */
  private root: CappedElement | null = null;
  private rootStart = 0;
  /** A header value being assembled, and its key. */
  private headerValue: CappedElement | null = null;
  private headerKey = '';
  private elem: CappedElement | null = null;
  private elemStart = 0;
  private elemDepth = 0;
  private keyLines = new Map<string, number>();
  private failed = false;
  /** Records that ended on the current line (their frames, and whether newest first): dropped if the line has an error. */
  private held: Array<{ frames: Frame[]; later: Frame[]; newest: boolean }> = [];

  constructor(d: CaptureDialect & { layout: { document: DocumentLayout } }, private readonly file: string, limits: { maxLines?: number; maxBytes?: number } = {}) {
    this.layout = d.layout.document;
    this.maxBytes = limits.maxBytes ?? DEFAULT_MAX_MESSAGE_BYTES;
    this.raw = new RawText(file, limits.maxLines ?? 10_000, this.maxBytes);
    this.tok = new Tokenizer({ jsonStreaming: true, maxValueChars: this.maxBytes + 1 });
    this.mapper = new CaptureMapper(d, file);
    this.order = new CaptureOrder(d.provisionalSession, undefined, this.maxBytes);
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
        this.order.end(out);
        out.push(this.raw.failure(`JSON document ends early at line ${line}: ${tokenizerMessage(err)}`, line));
        return;
      }
      this.release(out);
    }
    this.order.end(out);
    this.raw.end(out);
  }

  private get idle(): boolean {
    return this.elem === null && this.root === null && this.headerValue === null;
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
      this.order.end(out); // what was read before the error goes out before the error's frames
      this.raw.fail(`malformed JSON document at line ${this.line}: ${tokenizerMessage(err)}`, this.line);
      return;
    }
    this.tokens(tokens);
    if (this.idle) this.raw.settle(this.line);
    if (this.raw.trimLongLine(this.line)) this.release(out);
  }

  private newline(out: Frame[]): void {
    this.release(out);
    this.raw.newline(this.line, this.idle && !this.failed, out);
    this.line++;
    this.atLineStart = true;
  }

  private release(out: Frame[]): void {
    for (const h of this.held) this.order.push(h.frames, h.later, h.newest, out);
    this.held = [];
  }

  private tokens(tokens: Token[]): void {
    for (let i = 0; i < tokens.length; i++) this.token(tokens[i]!);
  }

  private token(t: Token): void {
    const name = t.name;
    const opens = name === 'startObject' || name === 'startArray';
    const closes = name === 'endObject' || name === 'endArray';
    if (this.elem !== null) {
      if (opens) this.elemDepth++;
      else if (closes) this.elemDepth--;
      else if (name === 'keyValue' && this.elemDepth === 1 && !this.keyLines.has(t.value)) this.keyLines.set(t.value, this.line);
      if (this.elem.consume(t)) this.record(this.elem, this.elemStart);
      return;
    }
    if (this.depth === this.recordsDepth) {
      if (closes) {
        this.recordsDepth = -1;
        if (--this.depth === 0) this.endRoot();
        return;
      }
      this.elem = new CappedElement(this.maxBytes, MAX_NESTING, OVERSIZED_KEEP_BYTES);
      this.elemStart = this.line;
      this.elemDepth = opens ? 1 : 0;
      this.keyLines = new Map();
      if (this.elem.consume(t)) this.record(this.elem, this.elemStart);
      return;
    }
    if (this.depth === 0) {
      this.topLevel(t);
      return;
    }
    // Inside the top-level object, outside its records.
    if (this.headerValue !== null) {
      if (this.headerValue.consume(t)) this.endHeader();
    } else if (this.depth === 1 && name === 'keyValue') {
      this.key = t.value;
    } else if (this.depth === 1 && name === 'startArray' && this.key === this.layout.elements) {
      this.root = null;
      this.depth = this.recordsDepth = 2;
      return;
    } else if (this.depth === 1 && this.key !== null && this.layout.header?.includes(this.key)) {
      this.headerKey = this.key;
      this.headerValue = new CappedElement(this.maxBytes, MAX_NESTING, OVERSIZED_KEEP_BYTES);
      if (this.headerValue.consume(t)) this.endHeader();
    }
    this.root?.consume(t);
    if (opens) this.depth++;
    else if (closes && --this.depth === 0) this.endRoot();
  }

  private topLevel(t: Token): void {
    if (t.name === 'startArray') {
      this.depth = this.recordsDepth = 1;
    } else if (t.name === 'startObject') {
      this.depth = 1;
      this.root = new CappedElement(this.maxBytes, MAX_NESTING, OVERSIZED_KEEP_BYTES);
      this.root.consume(t);
      this.rootStart = this.line;
      this.key = null;
    } else if ('value' in t) {
      const text = JSON.stringify(t.name === 'numberValue' ? Number(t.value) : t.value);
      this.held.push({ frames: [errorFrame({ file: this.file, line: this.line, lines: 1 }, text, `a capture document is an array or object of records, not a top-level ${t.name.replace('Value', '')}`)], later: [], newest: false });
    }
  }

  private endHeader(): void {
    const v = this.headerValue!;
    this.headerValue = null;
    if (v.overflow === null) this.mapper.header[this.headerKey] = v.value;
  }

  /** A top-level value has ended; an object that held no record array is itself one record. */
  private endRoot(): void {
    const root = this.root;
    this.root = null;
    this.recordsDepth = -1;
    this.key = null;
    if (root !== null) {
      this.keyLines = new Map();
      this.record(root, this.rootStart);
    }
  }

  private record(el: CappedElement, start: number): void {
    this.elem = null;
    const at = { file: this.file, line: start, lines: this.line - start + 1 };
    if (el.overflow !== null) {
      this.held.push({ frames: [el.overflow === 'bytes' ? oversizedFrame(at, el.head, el.size, this.maxBytes, 'JSON element') : tooDeepFrame(at, el.head)], later: [], newest: false });
      return;
    }
    const value = el.value;
    const frames: Frame[] = [];
    const later: Frame[] = [];
    const newest = this.mapper.record(value, { ...at, keyLines: this.keyLines }, () => JSON.stringify(value) ?? '', frames, later);
    this.held.push({ frames, later, newest });
  }
}
