// Detection of tool-capture dialects: a JSONL line's object, or a JSON document's start, has the shape a tool writes.
//
// A capture's records carry their own keys (mcpsnoop's `seq` and `direction`, MCPSpy's `transport_type`), so one
// record decides, ahead of the generic `envelope`, `ndjson` and `json` verdicts the same line would get. A
// pretty-printed document is probed line by line until its top-level object and first record show a dialect's shape
// (decided as soon as the shape holds on what was read) or cannot any more.
import { Assembler } from 'stream-json/core/assembler.js';
import { isPlainObject, setOwn } from '../../util/own.js';
import { Tokenizer, type Token } from '../json/json-tokens.js';
import { isBlank } from '../lines/lines.js';
import { TOOL_CAPTURES, type ToolCaptureName } from './index.js';
import { matches } from './paths.js';
import type { DocumentLayout } from './types.js';

/** Lines of a pretty-printed document probed at most. */
const PROBE_LINES = 200;

const NO_HEADER = {};

type Documented = (typeof TOOL_CAPTURES)[number] & { layout: { document: DocumentLayout } };
const DOCUMENTS = TOOL_CAPTURES.filter((d): d is Documented => 'document' in d.layout);

/** The tool-capture dialect whose shape a parsed top-level value has (a JSONL record, or a whole one-line document). */
function dialectOf(v: unknown): ToolCaptureName | null {
  for (const d of TOOL_CAPTURES) {
    if ('lines' in d.layout) {
      if (isPlainObject(v) && d.layout.lines.some((s) => matches(s, v, NO_HEADER))) return d.name;
      continue;
    }
    const doc = d.layout.document;
    const records =
      doc.elements === ''
        ? v
        : isPlainObject(v) && (doc.root === undefined || matches(doc.root, v, NO_HEADER))
          ? v[doc.elements]
          : undefined;
    if (!Array.isArray(records) || (doc.elements === '' && !Array.isArray(v))) continue;
    if (doc.first === undefined || (records.length > 0 && matches(doc.first, records[0], NO_HEADER))) return d.name;
  }
  return null;
}

/**
 * Fed the meaningful lines in order, as detection reads them: says which tool-capture dialect the input is, or null. A
 * first line that starts a JSON document not complete on it is probed further while `probing`.
 */
export class ToolCaptureDetector {
  private state: 'first' | 'probe' | 'done' = 'first';
  private probe: DocumentProbe | null = null;
  /** A line that is no JSON was seen: a JSONL record may still follow (a tool's banner first), a document cannot. */
  private sawText = false;

  get probing(): boolean {
    return this.state === 'probe';
  }

  line(text: string): ToolCaptureName | null {
    if (this.state === 'done' || isBlank(text)) return null;
    if (this.state === 'probe') return this.probed(this.probe!.line(text));
    const t = text.trimStart();
    const c = t.charCodeAt(0);
    if (c !== 0x7b && c !== 0x5b) {
      this.sawText = true;
      return null;
    }
    let v: unknown;
    try {
      v = JSON.parse(t);
    } catch {
      if (this.sawText) return null;
      this.state = 'probe';
      this.probe = new DocumentProbe();
      return this.probed(this.probe.line(text));
    }
    // The first JSON line decides: a capture's record, or the generic format it is.
    this.state = 'done';
    return dialectOf(v);
  }

  /**
   * The first meaningful line is too long to wait for (a record holding a large response): the members read whole
   * from its start decide, as they would on the whole line (a shape's keys come before a large message).
   */
  prefix(text: string): ToolCaptureName | null {
    if (this.state !== 'first' || this.sawText) return null;
    const t = text.trimStart();
    if (t.charCodeAt(0) !== 0x7b && t.charCodeAt(0) !== 0x5b) return null;
    const asm = new Assembler();
    try {
      for (const token of new Tokenizer({ jsonStreaming: false }).write(t)) asm.consume(token);
    } catch {
      // what was read before the error stands
    }
    // Members still open are not attached to their parent yet: the root holds those read whole.
    return dialectOf(asm.stack.length > 0 ? asm.stack[0] : asm.current);
  }

  private probed(r: ToolCaptureName | null | 'no'): ToolCaptureName | null {
    if (r === null) return null;
    this.state = 'done';
    this.probe = null;
    return r === 'no' ? null : r;
  }
}

/** A stand-in for a value in a skeleton: containers are not kept. */
const CONTAINER = Object.freeze({});

/**
 * The start of a pretty-printed document, read into skeletons: the top-level object's members and the first element of
 * each of its arrays (or of the top-level array), with their scalar values and a stand-in for containers.
 */
class DocumentProbe {
  private readonly tok = new Tokenizer({ jsonStreaming: false });
  private lines = 0;
  private depth = 0;
  private rootKind: 'array' | 'object' | null = null;
  private readonly root: Record<string, unknown> = {};
  private rootKey = '';
  /** First elements by the key of their array (`''`: the top-level array's), and the one being read. */
  private readonly firsts = new Map<string, Record<string, unknown>>();
  private arrayKey: string | null = null;
  private first: Record<string, unknown> | null = null;
  private firstKey = '';
  /** Dialects whose document this cannot be any more. */
  private readonly out = new Set<ToolCaptureName>();

  /** A dialect, null (undecided), or 'no' (no tool-capture dialect's document). */
  line(text: string): ToolCaptureName | null | 'no' {
    let tokens: Token[];
    try {
      tokens = this.tok.write(`${text}\n`);
    } catch {
      return 'no';
    }
    for (const t of tokens) this.token(t);
    for (const d of DOCUMENTS) if (!this.out.has(d.name) && this.fits(d.layout.document)) return d.name;
    if (
      this.out.size === DOCUMENTS.length ||
      (this.rootKind !== null && this.depth === 0) ||
      ++this.lines >= PROBE_LINES
    )
      return 'no';
    return null;
  }

  private fits(doc: DocumentLayout): boolean {
    if (this.rootKind !== (doc.elements === '' ? 'array' : 'object')) return false;
    if (doc.root !== undefined && !matches(doc.root, this.root, NO_HEADER)) return false;
    if (doc.first === undefined) return doc.elements === '' || Object.hasOwn(this.root, doc.elements);
    const first = this.firsts.get(doc.elements);
    return first !== undefined && matches(doc.first, first, NO_HEADER);
  }

  private token(t: Token): void {
    const opens = t.name === 'startObject' || t.name === 'startArray';
    const closes = t.name === 'endObject' || t.name === 'endArray';
    if (this.depth === 0 && opens) {
      this.rootKind = t.name === 'startArray' ? 'array' : 'object';
      for (const d of DOCUMENTS)
        if ((d.layout.document.elements === '') !== (this.rootKind === 'array')) this.out.add(d.name);
    }
    // A first element starts in the top-level array, or in an array that is a member of the top-level object.
    const elementDepth = this.rootKind === 'array' ? 1 : 2;
    if (
      this.depth === elementDepth &&
      this.first === null &&
      this.arrayKey !== null &&
      !this.firsts.has(this.arrayKey)
    ) {
      if (t.name === 'startObject') {
        this.first = {};
        this.firsts.set(this.arrayKey, this.first);
      }
    } else if (this.first !== null && this.depth === elementDepth + 1) {
      if (t.name === 'keyValue') this.firstKey = t.value;
      else member(this.first, this.firstKey, t);
    } else if (this.rootKind === 'object' && this.depth === 1) {
      if (t.name === 'keyValue') this.rootKey = t.value;
      else member(this.root, this.rootKey, t);
    }
    if (opens) {
      if (this.depth === 0) this.arrayKey = t.name === 'startArray' ? '' : null;
      else if (this.depth === 1 && this.rootKind === 'object')
        this.arrayKey = t.name === 'startArray' ? this.rootKey : null;
      this.depth++;
    } else if (closes) {
      this.depth--;
      if (this.first !== null && this.depth === elementDepth) {
        // A whole first element that fits no dialect rules out the dialects whose records it would be.
        for (const d of DOCUMENTS)
          if (d.layout.document.elements === this.arrayKey && !this.fits(d.layout.document)) this.out.add(d.name);
        this.first = null;
      }
    }
  }
}

/** A member of a skeleton: a scalar value, or a container's stand-in. */
function member(into: Record<string, unknown>, key: string, t: Token): void {
  if (t.name === 'startObject' || t.name === 'startArray') setOwn(into, key, CONTAINER);
  else if (t.name === 'stringValue') setOwn(into, key, t.value);
  else if (t.name === 'numberValue') setOwn(into, key, Number(t.value));
  else if (t.name === 'trueValue' || t.name === 'falseValue') setOwn(into, key, t.name === 'trueValue');
  else if (t.name === 'nullValue') setOwn(into, key, null);
}
