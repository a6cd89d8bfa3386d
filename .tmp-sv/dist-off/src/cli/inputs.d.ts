export interface NamedInput {
    /** Name used in `source` fields: the path as given, `-` for stdin. */
    name: string;
    open(): AsyncIterable<Buffer | string>;
}
/** How the CLI passes a bare `-` (stdin) through the argument parser, which would drop it. */
export declare const STDIN_ARG = "\0stdin";
/** Checks every file before anything is read, so a typo fails fast with exit 2. */
export declare function resolveInputs(files: readonly string[] | undefined, stdin?: NodeJS.ReadableStream): NamedInput[];
