// What the CLI says on stderr about an input once it is read: it held no MCP message, or one side of a session only.
import type { InputSummary } from '../analyzer.js';
import { escapeTerminal } from '../output/escape.js';
import { noMessagesText, onlySideText } from '../output/input-notes.js';
import type { CliIO } from './context.js';
import type { Log } from './logger.js';

/** Log levels that silence the CLI's plain stderr notes, as they silence the logger's warnings. */
const QUIET = new Set(['error', 'fatal', 'silent']);

/**
 * Notes on each input as it ends: one plain line when it held no MCP message at all (`README.md: no MCP messages (0
 * of 12 lines)`; when `wentWrong` says its lines showed a failure, that they say what went wrong), at any log level
 * but the quiet ones; and at `--log-level info`, that its log holds one side only.
 */
export function inputNoter(
  io: Pick<CliIO, 'stderr'>,
  log: Log,
  logLevel: string,
  wentWrong?: (file: string) => boolean,
): (input: InputSummary) => void {
  const quiet = QUIET.has(logLevel);
  return (i) => {
    if (i.messages === 0 && !quiet)
      io.stderr.write(`mcptrace: ${escapeTerminal(noMessagesText(i.file, i.lines, i.unread, wentWrong?.(i.file) ?? false))}
`);
    if (i.onlySide === 'server') {
      log.info(
        { input: i.file, side: i.onlySide },
        `${onlySideText(i.onlySide)}: its responses answer requests that are not in it (read as the server's, not as orphans)`,
      );
    } else if (i.onlySide === 'client') {
      log.info({ input: i.file, side: i.onlySide }, `${onlySideText(i.onlySide)}: no server message in it`);
    }
  };
}

/**
 * What a capture held but gave no records (TLS or HTTP/2 connections, HTTP traffic that carried no MCP): one plain
 * line each on stderr (`capture.har: 3 HAR entries carried no MCP message (…)`), at any log level but the quiet ones.
 */
export function captureNoter(io: Pick<CliIO, 'stderr'>, logLevel: string): (file: string, text: string) => void {
  const quiet = QUIET.has(logLevel);
  return (file, text) => {
    if (!quiet) io.stderr.write(`mcptrace: ${escapeTerminal(`${file}: ${text}`)}\n`);
  };
}
