// JSON document reader: read incrementally with stream-json's tokenizer; each listed element becomes a frame.
import type { Frame } from '../../types.js';
import { MAX_NESTING } from '../shared/depth.js';
import { FramedDocument } from './document-lines.js';
import { envelopeToFrame } from '../readers/envelope-fields.js';
import { errorFrame, oversizedFrame, tooDeepFrame, valueFrame, type Position } from '../lines/frames.js';
import { DocumentPaths, type DocumentSummary } from './json-paths.js';
import { DocumentWalker, type Walked } from './json-walk.js';
import { DEFAULT_MAX_MESSAGE_BYTES, OVERSIZED_KEEP_BYTES, type Chunk } from '../lines/lines.js';
import { ClockTimeline } from '../shared/time.js';

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

/**
 * Pure core. Bytes are split at newlines before they reach the tokenizer (document-lines.ts), so every token is known
 * to come from the current physical line: an element's `line` is the line of its first token (its `{`), `lines` runs
 * to the line of its last. A document is one value or several one after another (`jq .` output); its records are found
 * wherever it keeps them (json-walk.ts, json-find.ts): the elements of a top-level array or of the top-level object's
 * lists under CONTAINER_KEYS, a top-level message, and any message or envelope under any other key, nested at any
 * depth. Other values are skipped and accounted (`document`). Frames are released at the end of each line; a syntax
 * error makes error frames of the rest (FramedDocument). An element larger than `maxBytes` (or nested deeper than
 * MAX_NESTING) is not assembled: it becomes an error frame holding its start (rule `oversized`).
 */
export class JsonDocumentReader {
  private readonly maxBytes: number;
  private readonly clock = new ClockTimeline();
  private readonly entries: JsonEntryReader | null;
  private readonly paths = new DocumentPaths();
  private readonly doc: FramedDocument<Frame>;
  private readonly walker: DocumentWalker;

  constructor(
    private readonly file: string,
    limits: JsonDocumentLimits = {},
  ) {
    this.maxBytes = limits.maxBytes ?? DEFAULT_MAX_MESSAGE_BYTES;
    const entries = limits.entries ?? null;
    this.entries = entries;
    this.doc = new FramedDocument(
      {
        tokens: (tokens) => {
          for (let i = 0; i < tokens.length; i++) this.walker.token(tokens[i]);
        },
        idle: () => this.walker.idle,
        emit: (frame, out) => out.push(frame),
      },
      file,
      { maxLines: limits.maxLines ?? 10_000, maxBytes: this.maxBytes },
    );
    const out = { push: (w: Walked) => this.doc.hold(this.frame(w)) };
    this.walker = new DocumentWalker(
      { maxBytes: this.maxBytes, maxDepth: MAX_NESTING, headBytes: OVERSIZED_KEEP_BYTES },
      this.doc,
      this.paths,
      out,
      entries && ((o) => entries.isEntry(o)),
    );
  }

  /** Where the document's records were read and what it held besides, by path (for `--log-level info`). */
  get document(): DocumentSummary {
    return this.paths.summary();
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
        return errorFrame(
          at,
          w.text,
          `a JSON document holds an array or object of messages, not a top-level ${w.what}`,
        );
    }
  }
}
