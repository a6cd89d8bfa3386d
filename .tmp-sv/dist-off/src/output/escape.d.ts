export { truncate, displayWidth, padEnd, padStart, fit } from './width.js';
/** `s` with every terminal control character replaced by a visible escape (`\x1b`, `\u009b`, `\n` …). */
export declare function escapeTerminal(s: string): string;
