// A thin adapter over stream-json's pure tokenizer: text in, token arrays out, synchronously, no streams.
import { jsonParser } from 'stream-json/core/parser.js';
/** stream-chain's registered "no value" symbol: passed to a flushable stage, it means end of input. */
const NONE = Symbol.for('object-stream.none');
/**
 * Wraps `jsonParser` (the stream-json parser without its stream and UTF-8 front, which we do ourselves)
 * with keys, strings and numbers packed into single tokens. Write text in order; each call returns the
 * tokens completed by that text. Errors are thrown as the parser throws them.
 */
export class Tokenizer {
    fn;
    constructor(opts) {
        this.fn = jsonParser({ packValues: true, streamValues: false, jsonStreaming: opts.jsonStreaming });
    }
    write(text) {
        return tokens(this.fn(text));
    }
    /** Ends the input; throws when the text so far is not a complete value. */
    end() {
        return tokens(this.fn(NONE));
    }
}
function tokens(r) {
    return typeof r === 'symbol' ? [] : r.values;
}
/** The parser's message without its generic prefix ("Parser cannot parse input: expected ','" → "expected ','"). */
export function tokenizerMessage(err) {
    const msg = err instanceof Error ? err.message : String(err);
    return msg.replace(/^Parser (?:cannot parse input: |has )/, '').trim();
}
//# sourceMappingURL=json-tokens.js.map