// A thin adapter over stream-json's pure tokenizer: text in, token arrays out, synchronously, no streams.
import { jsonParser, type Token } from 'stream-json/core/parser.js';

export type { Token };

/** stream-chain's registered "no value" symbol: passed to a flushable stage, it means end of input. */
const NONE: symbol = Symbol.for('object-stream.none');

/**
 * Wraps `jsonParser` (the stream-json parser without its stream and UTF-8 front, which we do ourselves)
 * with keys, strings and numbers packed into single tokens. Write text in order; each call returns the
 * tokens completed by that text. Errors are thrown as the parser throws them.
 *
 * With `maxValueChars`, the parser streams values in chunks and this class packs them, keeping at most that many
 * characters of each: a huge string in a document then costs bounded memory. A packed value that was cut carries
 * its full length in `cut`.
 */
export class Tokenizer {
  private readonly fn;
  private readonly packer: Packer | null;

  constructor(opts: { jsonStreaming: boolean; maxValueChars?: number }) {
    const streamed = opts.maxValueChars !== undefined;
    this.fn = jsonParser({ packValues: !streamed, streamValues: streamed, jsonStreaming: opts.jsonStreaming });
    this.packer = streamed ? new Packer(opts.maxValueChars!) : null;
  }

  write(text: string): Token[] {
    const t = tokens(this.fn(text));
    return this.packer ? this.packer.pack(t) : t;
  }

  /** Ends the input; throws when the text so far is not a complete value. */
  end(): Token[] {
    const t = tokens(this.fn(NONE as unknown as string));
    return this.packer ? this.packer.pack(t) : t;
  }
}

/** A packed token; `cut` is the value's full length when only its first characters were kept. */
export type PackedToken = Token & { cut?: number };

/** Joins streamed chunks (`startString`, `stringChunk`…, `endString`; keys and numbers alike) into one token each. */
class Packer {
  private acc = '';
  private len = 0;

  constructor(private readonly cap: number) {}

  pack(tokens: Token[]): Token[] {
    const out: Token[] = [];
    for (let i = 0; i < tokens.length; i++) {
      const t = tokens[i];
      switch (t.name) {
        case 'startKey':
        case 'startString':
        case 'startNumber':
          this.acc = '';
          this.len = 0;
          break;
        case 'stringChunk':
        case 'numberChunk': {
          const room = this.cap - this.acc.length;
          if (room > 0) this.acc += t.value.length <= room ? t.value : t.value.slice(0, room);
          this.len += t.value.length;
          break;
        }
        case 'endKey':
          out.push(this.take('keyValue'));
          break;
        case 'endString':
          out.push(this.take('stringValue'));
          break;
        case 'endNumber':
          out.push(this.take('numberValue'));
          break;
        default:
          out.push(t);
      }
    }
    return out;
  }

  private take(name: 'keyValue' | 'stringValue' | 'numberValue'): Token {
    const t: PackedToken = { name, value: this.acc };
    if (this.len > this.acc.length) t.cut = this.len;
    this.acc = '';
    this.len = 0;
    return t;
  }
}

function tokens(r: unknown): Token[] {
  return typeof r === 'symbol' ? [] : (r as { values: Token[] }).values;
}

/** The parser's message without its generic prefix ("Parser cannot parse input: expected ','" → "expected ','"). */
export function tokenizerMessage(err: unknown): string {
  const msg = err instanceof Error ? err.message : String(err);
  return msg.replace(/^Parser (?:cannot parse input: |has )/, '').trim();
}
