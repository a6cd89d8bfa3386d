// Types for cases.mjs (plain ESM so scripts/update-golden.mjs can import it without a build).

export interface GoldenCommand {
  name: string;
  args: string[];
}

export interface GoldenCase {
  sample: string;
  command: string;
  args: string[];
  expected: string;
  /** The expected stderr's path: the file exists only when the command writes to stderr. */
  stderr: string;
}

export const GOLDEN_COMMANDS: GoldenCommand[];
export const STORY_GOLDENS: { sample: string; name: string; args: string[]; request: string }[];
export const SAMPLES_DIR: string;
export const EXPECTED_DIR: string;
export function sampleFiles(root: string): string[];
export function goldenCases(root: string): GoldenCase[];
export function goldenEnv(base?: NodeJS.ProcessEnv): NodeJS.ProcessEnv;
