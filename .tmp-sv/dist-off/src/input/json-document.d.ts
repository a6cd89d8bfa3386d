import type { Frame } from '../types.js';
import type { Chunk } from './lines.js';
/** Keys of a top-level object that may hold the list of messages; the first one holding an array is read. */
export declare const CONTAINER_KEYS: ReadonlySet<string>;
/**
 * Pure core. Bytes are split at newlines before they reach the tokenizer, so every token is known to come
 * from the current physical line: an element's `line` is the line of its first token (its `{`), `lines`
 * runs to the line of its last. Accepted documents: an array of elements; an object whose first container
 * key holds an array of elements (other keys are skipped, not assembled); an object without one, which is
 * a single element (a pretty-printed message); and several such values one after another (`jq .` output).
 * A syntax error ends parsing: the element being read and the whole line of the error become an error frame
 * (elements that ended earlier on that line are part of it, so the result does not depend on how the bytes
 * were chunked), and the rest of the input follows as error frames of at most `maxLines` lines each, so
 * nothing is lost. Frames are released at the end of each line.
 */
export declare class JsonDocumentReader {
    private readonly file;
    private readonly tok;
    private readonly decoder;
    private readonly bom;
    private readonly clock;
    private readonly raw;
    private line;
    private atLineStart;
    private depth;
    /** Depth at which the elements sit (1: top-level array; 2: array under a container key); -1 none. */
    private containerDepth;
    /** A top-level object being assembled until it turns out to hold a container (then it is dropped). */
    private rootAsm;
    private rootStart;
    private key;
    private elem;
    private elemStart;
    private failed;
    /** Elements that ended on the current line: released when the line ends, dropped if the line has an error. */
    private held;
    constructor(file: string, limits?: {
        maxLines?: number;
        maxBytes?: number;
    });
    push(chunk: Chunk, out: Frame[]): void;
    end(out: Frame[]): void;
    private feed;
    private newline;
    private release;
    private tokens;
    private token;
    private topLevel;
    /** A top-level value has ended; an object that held no element list is itself one element. */
    private endRoot;
    private element;
}
/** Frames of a JSON document given as a byte stream. */
export declare function readJsonDocument(chunks: AsyncIterable<Chunk>, file: string): AsyncGenerator<Frame>;
