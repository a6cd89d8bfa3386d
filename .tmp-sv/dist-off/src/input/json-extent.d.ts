/**
 * A small scanner, not a parser: it counts `{[` and `}]` outside strings (escapes handled) and reports the
 * index just past the bracket that closes the value. It never re-reads text it has seen. JSON strings
 * cannot span lines, so string state ends with each line; invalid JSON is the decode stage's business.
 */
export declare class JsonExtent {
    private depth;
    /** True while the value is open (a bracket seen and not yet closed). */
    get open(): boolean;
    /**
     * Scans one line (from `from`). Returns the index just past the character that completes the value, or
     * -1 when the value continues on a later line. The first call must start at an opening `{` or `[`.
     */
    scan(text: string, from?: number): number;
}
