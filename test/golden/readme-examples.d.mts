// Types for readme-examples.mjs (plain ESM so scripts/update-golden.mjs can import it without a build).

export interface ReadmeExample {
  /** 1-based line of the marker in its page. */
  line: number;
  /** The command's arguments after `mcptrace`. */
  args: string[];
  /** 1-based inclusive line ranges of its stdout. */
  ranges: [number, number][];
  /** 0-based indexes of the block's lines between the fences (end exclusive). */
  first: number;
  end: number;
}

export const README: string;
export function examplePages(root: string): string[];
export const EXAMPLE_ENV: Record<string, string>;
export function parseRanges(spec: string): [number, number][];
export function readmeExamples(text: string, page?: string): ReadmeExample[];
export function exampleBlock(example: ReadmeExample, stdout: string): string[];
export function currentBlock(text: string, example: ReadmeExample): string[];
export function rewriteReadme(text: string, examples: ReadmeExample[], stdouts: string[]): string;
