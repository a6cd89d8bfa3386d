// A HAR 1.2 file read as a stream: its `log.entries` one at a time, each bounded, with the line it starts on.
import { MAX_NESTING } from '../../shared/depth.js';
import { CappedElement } from '../../json/json-element.js';
import { DocumentLines } from '../../json/document-lines.js';
import type { Token } from '../../json/json-tokens.js';
import { OVERSIZED_KEEP_BYTES, type Chunk } from '../../lines/lines.js';

/** One element of `log.entries`: its value, or (past the bound) its start and size. */
export interface HarEntry {
  /** 0-based position in `log.entries`. */
  index: number;
  /** Line of the entry's `{`. */
  line: number;
  value: unknown;
  /** Set when the entry was not assembled: larger than the bound, or nested too deep. */
  overflow: { why: 'bytes' | 'depth'; head: string; size: number } | null;
}

/**
 * `{"log": {"version": …, "creator": …, "entries": [ … ]}}` (HAR 1.2, http://www.softwareishard.com/blog/har-12-spec/):
 * only the entries are assembled, each on its own and within `maxBytes`, so a HAR of any size reads in bounded
 * memory. Read line by line (document-lines.ts), so every token is known to come from the current line.
 * A syntax error ends the reading (`error` says where); entries before it are kept.
 */
export class HarDocument {
  private readonly doc: DocumentLines<HarEntry[]>;
  private depth = 0;
  /** Where we are: the keys that lead to the current container, one per depth that is an object. */
  private key: string | null = null;
  private inLog = false;
  private entriesDepth = -1;
  private elem: CappedElement | null = null;
  private elemLine = 0;
  private index = 0;
  /** The document's end was reached, or an error stopped the reading. */
  error: string | null = null;
  /** Whether a `log.entries` array was seen. */
  sawEntries = false;

  constructor(private readonly maxBytes: number) {
    const sink = {
      tokens: (tokens: Token[], out: HarEntry[]) => {
        for (let i = 0; i < tokens.length; i++) this.token(tokens[i]!, out);
      },
      malformed: (message: string) => {
        this.error = `malformed HAR at line ${this.doc.line}: ${message}`;
      },
    };
    this.doc = new DocumentLines(sink, { jsonStreaming: false, maxValueChars: maxBytes + 1 });
  }

  /** Physical lines read. */
  get lines(): number {
    return this.doc.line;
  }

  push(chunk: Chunk, out: HarEntry[]): void {
    this.doc.push(chunk, out);
  }

  end(out: HarEntry[]): void {
    const early = this.doc.end(out);
    if (early !== null) this.error = `the HAR file ends early at line ${this.doc.line}: ${early}`;
  }

  private token(t: Token, out: HarEntry[]): void {
    const opens = t.name === 'startObject' || t.name === 'startArray';
    const closes = t.name === 'endObject' || t.name === 'endArray';
    if (this.elem !== null) {
      if (this.elem.consume(t)) this.done(out);
      return;
    }
    if (this.depth === this.entriesDepth && !closes) {
      this.elem = new CappedElement(this.maxBytes, MAX_NESTING, OVERSIZED_KEEP_BYTES);
      this.elemLine = this.doc.line;
      if (this.elem.consume(t)) this.done(out);
      return;
    }
    if (t.name === 'keyValue') {
      this.key = t.value;
      return;
    }
    if (opens) {
      this.depth++;
      if (this.depth === 2 && this.key === 'log' && t.name === 'startObject') this.inLog = true;
      else if (this.depth === 3 && this.inLog && this.key === 'entries' && t.name === 'startArray') {
        this.entriesDepth = 3;
        this.sawEntries = true;
      }
    } else if (closes) {
      if (this.depth === this.entriesDepth) this.entriesDepth = -1;
      if (this.depth === 2) this.inLog = false;
      this.depth--;
    }
    this.key = null;
  }

  private done(out: HarEntry[]): void {
    const el = this.elem!;
    this.elem = null;
    const overflow = el.overflow === null ? null : { why: el.overflow, head: el.head, size: el.size };
    out.push({ index: this.index++, line: this.elemLine, value: overflow === null ? el.value : null, overflow });
  }
}

/** Whether a file's start is a HAR document: `{"log": {` and one of the keys HAR puts first. */
export function looksLikeHar(start: string): boolean {
  return /^\uFEFF?\s*\{\s*"log"\s*:\s*\{\s*"(?:version|creator|browser|pages|entries)"\s*:/.test(start);
}
