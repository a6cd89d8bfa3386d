// A JSON document streamed line by line (the document readers' shared loop): every token is known to come from the current line.
import { StringDecoder } from 'node:string_decoder';
import type { Frame } from '../../types.js';
import { BomSkipper, toBuffer } from '../lines/bom.js';
import { Tokenizer, tokenizerMessage, type Token } from './json-tokens.js';
import type { Chunk } from '../lines/lines.js';
import { RawText } from './raw-text.js';

const LF = 0x0a;

/** What a document reader does with what DocumentLines reads; `O` is where it puts what it finds (frames, HAR entries). */
interface DocumentSink<O> {
  /** A decoded piece of the current line (ending with its `\n` when the line ends), also after a syntax error. */
  text?(text: string): void;
  /** The tokens of that piece. */
  tokens(tokens: Token[], out: O): void;
  /** The tokenizer failed on the current line (`message`: its words): it is fed nothing more. */
  malformed(message: string, out: O): void;
  /** The current line has ended (`line` is still its number). */
  lineEnd?(out: O): void;
}

/**
 * Bytes to tokens: a BOM skipped, bytes split at newlines before they are decoded and tokenized (so a token's line is
 * `line` when the sink is given it), physical lines counted, and the tokenizer's first syntax error caught.
 */
export class DocumentLines<O> {
  /** The current physical line, 1-based. */
  line = 1;
  /** The tokenizer failed: the rest of the input is only text. */
  failed = false;
  private atLineStart = true;
  private readonly tok: Tokenizer;
  private readonly decoder = new StringDecoder('utf8');
  private readonly bom = new BomSkipper();

  constructor(
    private readonly sink: DocumentSink<O>,
    tokenizer: { jsonStreaming: boolean; maxValueChars: number },
  ) {
    this.tok = new Tokenizer(tokenizer);
  }

  /** Physical lines read so far (a last line without its line ending counts). */
  get lines(): number {
    return this.atLineStart ? this.line - 1 : this.line;
  }

  push(chunk: Chunk, out: O): void {
    const buf = this.bom.push(toBuffer(chunk));
    if (!buf) return;
    let start = 0;
    while (start < buf.length) {
      const nl = buf.indexOf(LF, start);
      const end = nl < 0 ? buf.length : nl + 1;
      this.feed(this.decoder.write(buf.subarray(start, end)), out);
      if (nl >= 0) {
        this.sink.lineEnd?.(out);
        this.line++;
        this.atLineStart = true;
      } else this.atLineStart = false;
      start = end;
    }
  }

  /** The end of input: the rest is fed and the tokenizer ended. Its words when the document ends early, else null. */
  end(out: O): string | null {
    const held = this.bom.end();
    if (held) this.push(held, out);
    this.feed(this.decoder.end(), out);
    if (this.failed) return null;
    let tokens: Token[];
    try {
      tokens = this.tok.end();
    } catch (err) {
      this.failed = true;
      return tokenizerMessage(err);
    }
    this.sink.tokens(tokens, out);
    return null;
  }

  private feed(text: string, out: O): void {
    if (text.length === 0) return;
    this.sink.text?.(text);
    if (this.failed) return;
    let tokens: Token[];
    try {
      tokens = this.tok.write(text);
    } catch (err) {
      this.failed = true;
      this.sink.malformed(tokenizerMessage(err), out);
      return;
    }
    this.sink.tokens(tokens, out);
  }
}

/** A reader of a JSON document's frames, as FramedDocument drives it; `H` is what it holds of an element that ended. */
interface FrameSink<H> {
  tokens(tokens: Token[]): void;
  /** No value is being read: the text read so far belongs to none. */
  idle(): boolean;
  /** What an element that ended gave (held until its line ends) goes out. */
  emit(held: H, out: Frame[]): void;
  /** A syntax error: what was read before the line of the error goes out (before the error's frames). */
  abort?(out: Frame[]): void;
  /** The input has ended: what is still kept goes out (before the error frames of the rest). */
  end?(out: Frame[]): void;
}

/**
 * DocumentLines for a reader of frames. What an element gives is held (`hold`) until its line ends. A syntax error ends
 * parsing: the element being read and the whole line of the error become an error frame (elements that ended earlier on
 * that line are dropped, their text is part of it, so the result does not depend on how the bytes were chunked), and
 * the rest of the input follows as error frames of at most `maxLines` lines each (raw-text.ts), so nothing is lost.
 */
export class FramedDocument<H> {
  private readonly doc: DocumentLines<Frame[]>;
  private readonly raw: RawText;
  private held: H[] = [];

  constructor(
    private readonly reader: FrameSink<H>,
    file: string,
    limits: { maxLines: number; maxBytes: number },
  ) {
    const raw = (this.raw = new RawText(file, limits.maxLines, limits.maxBytes));
    const sink: DocumentSink<Frame[]> = {
      text: (text) => raw.add(text),
      tokens: (tokens, out) => {
        reader.tokens(tokens);
        if (reader.idle()) raw.settle(this.line);
        // A very long line (a one-line document) releases its elements early; see RawText.trimLongLine.
        if (raw.trimLongLine(this.line)) this.release(out);
      },
      malformed: (message, out) => {
        this.abort(out);
        raw.fail(`malformed JSON document at line ${this.line}: ${message}`, this.line);
      },
      lineEnd: (out) => {
        this.release(out);
        raw.newline(this.line, reader.idle() && !this.doc.failed, out);
      },
    };
    // Values are packed by us, at most one character past the bound: a larger one makes its element oversized.
    this.doc = new DocumentLines(sink, { jsonStreaming: true, maxValueChars: limits.maxBytes + 1 });
  }

  /** The current physical line. */
  get line(): number {
    return this.doc.line;
  }

  /** Physical lines read so far (a last line without its line ending counts). */
  get lines(): number {
    return this.doc.lines;
  }

  /** What an element that ended on the current line gave: emitted when the line ends, dropped if it has an error. */
  hold(item: H): void {
    this.held.push(item);
  }

  push(chunk: Chunk, out: Frame[]): void {
    this.doc.push(chunk, out);
  }

  end(out: Frame[]): void {
    const early = this.doc.end(out);
    if (early !== null) {
      const line = Math.max(1, this.doc.lines);
      this.abort(out);
      out.push(this.raw.failure(`JSON document ends early at line ${line}: ${early}`, line));
      return;
    }
    this.release(out);
    this.reader.end?.(out);
    this.raw.end(out);
  }

  private release(out: Frame[]): void {
    const held = this.held;
    if (held.length === 0) return;
    this.held = [];
    for (let i = 0; i < held.length; i++) this.reader.emit(held[i]!, out);
  }

  private abort(out: Frame[]): void {
    this.held = [];
    this.reader.abort?.(out);
  }
}
