import { type Token } from 'stream-json/core/parser.js';
export type { Token };
/**
 * Wraps `jsonParser` (the stream-json parser without its stream and UTF-8 front, which we do ourselves)
 * with keys, strings and numbers packed into single tokens. Write text in order; each call returns the
 * tokens completed by that text. Errors are thrown as the parser throws them.
 */
export declare class Tokenizer {
    private readonly fn;
    constructor(opts: {
        jsonStreaming: boolean;
    });
    write(text: string): Token[];
    /** Ends the input; throws when the text so far is not a complete value. */
    end(): Token[];
}
/** The parser's message without its generic prefix ("Parser cannot parse input: expected ','" → "expected ','"). */
export declare function tokenizerMessage(err: unknown): string;
