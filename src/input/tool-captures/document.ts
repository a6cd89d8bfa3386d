// The reader of a JSON-document tool-capture dialect (MCP Inspector's history export, an mcp-recorder cassette): streams the
// document with stream-json's tokenizer and gives each record of its record array to the engine.
import type { Frame } from '../../types.js';
import { MAX_NESTING } from '../shared/depth.js';
import { FramedDocument } from '../json/document-lines.js';
import { errorFrame, oversizedFrame, tooDeepFrame } from '../lines/frames.js';
import { CappedElement } from '../json/json-element.js';
import type { Token } from '../json/json-tokens.js';
import { DEFAULT_MAX_MESSAGE_BYTES, OVERSIZED_KEEP_BYTES, type Chunk } from '../lines/lines.js';
import { ToolCaptureMapper } from './mapper.js';
import { ToolCaptureOrder } from './order.js';
import type { ToolCaptureDialect, DocumentLayout } from './types.js';

/**
 * Pure core, read line by line like `JsonDocumentReader` (FramedDocument: a record's frames are released when its last
 * line ends; a syntax error makes the rest error frames). The records are the elements of a top-level array, or of the
 * array under the layout's `elements` key of a top-level object, whose `header` keys are read whole for the records' `/…` paths; a top-level object with no such array is one
 * record. A record larger than `maxBytes` or nested deeper than MAX_NESTING is not assembled (rule `oversized`).
 */
export class ToolCaptureDocumentReader {
  /** Holds, per record that ended, its frames and whether the tool lists it newest first. */
  private readonly doc: FramedDocument<{ frames: Frame[]; later: Frame[]; newest: boolean }>;
  private readonly layout: DocumentLayout;
  private readonly mapper: ToolCaptureMapper;
  private readonly order: ToolCaptureOrder;
  private readonly maxBytes: number;
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

  constructor(
    d: ToolCaptureDialect & { layout: { document: DocumentLayout } },
    private readonly file: string,
    limits: { maxLines?: number; maxBytes?: number } = {},
  ) {
    this.layout = d.layout.document;
    this.maxBytes = limits.maxBytes ?? DEFAULT_MAX_MESSAGE_BYTES;
    this.doc = new FramedDocument(
      {
        tokens: (tokens) => {
          for (let i = 0; i < tokens.length; i++) this.token(tokens[i]!);
        },
        idle: () => this.elem === null && this.root === null && this.headerValue === null,
        emit: (h, out) => this.order.push(h.frames, h.later, h.newest, out),
        abort: (out) => this.order.end(out),
        end: (out) => this.order.end(out),
      },
      file,
      { maxLines: limits.maxLines ?? 10_000, maxBytes: this.maxBytes },
    );
    this.mapper = new ToolCaptureMapper(d, file);
    this.order = new ToolCaptureOrder(d.provisionalSession, undefined, this.maxBytes);
  }

  /** Physical lines read so far (a last line without its line ending counts). */
  get lines(): number {
    return this.doc.lines;
  }

  push(chunk: Chunk, out: Frame[]): void {
    this.doc.push(chunk, out);
  }

  end(out: Frame[]): void {
    this.doc.end(out);
  }

  private token(t: Token): void {
    const name = t.name;
    const opens = name === 'startObject' || name === 'startArray';
    const closes = name === 'endObject' || name === 'endArray';
    if (this.elem !== null) {
      if (opens) this.elemDepth++;
      else if (closes) this.elemDepth--;
      else if (name === 'keyValue' && this.elemDepth === 1 && !this.keyLines.has(t.value))
        this.keyLines.set(t.value, this.doc.line);
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
      this.elemStart = this.doc.line;
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
      this.rootStart = this.doc.line;
      this.key = null;
    } else if ('value' in t) {
      const text = JSON.stringify(t.name === 'numberValue' ? Number(t.value) : t.value);
      this.doc.hold({
        frames: [
          errorFrame(
            { file: this.file, line: this.doc.line, lines: 1 },
            text,
            `a capture document is an array or object of records, not a top-level ${t.name.replace('Value', '')}`,
          ),
        ],
        later: [],
        newest: false,
      });
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
    const at = { file: this.file, line: start, lines: this.doc.line - start + 1 };
    if (el.overflow !== null) {
      this.doc.hold({
        frames: [
          el.overflow === 'bytes'
            ? oversizedFrame(at, el.head, el.size, this.maxBytes, 'JSON element')
            : tooDeepFrame(at, el.head),
        ],
        later: [],
        newest: false,
      });
      return;
    }
    const value = el.value;
    const frames: Frame[] = [];
    const later: Frame[] = [];
    const newest = this.mapper.record(
      value,
      { ...at, keyLines: this.keyLines },
      () => JSON.stringify(value) ?? '',
      frames,
      later,
    );
    this.doc.hold({ frames, later, newest });
  }
}
