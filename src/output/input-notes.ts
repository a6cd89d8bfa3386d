// What mcptrace says about an input as a whole: it held no MCP message, or one side of a session only.
import type { Side } from '../types.js';

/** `README.md: no MCP messages (0 of 12 lines)`: unescaped; `lines` null when the reader did not count them. */
export function noMessagesText(file: string, lines: number | null): string {
  return `${file}: no MCP messages${lines === null ? '' : ` (0 of ${lines} ${lines === 1 ? 'line' : 'lines'})`}`;
}

/** The note on a session (or input) whose log holds one side's messages only (`SessionInfo.onlySide`). */
export function onlySideText(side: Side): string {
  return `only the ${side}'s side is in the log`;
}
