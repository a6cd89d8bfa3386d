// What the CLI says on stderr about its inputs: it reads the run's status channel (src/util/status.ts), the lines the
// stages tell as they read and each input's summary as it ends (it held no MCP message, or one side of a session only).
import type { InputSummary, RunStatus } from '../analyzer.js';
import { escapeTerminal } from '../output/escape.js';
import { noMessagesText, onlySideText } from '../output/input-notes.js';
import type { StatusKind } from '../util/status.js';
import type { CliIO } from './context.js';
import { quietLevel, type Log } from './logger.js';

/**
 * The run's status, printed at any log level but the quiet ones: each line the stages tell, as it comes, one plain line
 * on stderr (`capture.har: 3 HAR entries carried no MCP message (…)`; a followed file's notice as it is worded); and
 * each input as it ends: one plain line when it held no MCP message at all (`README.md: no MCP messages (0 of 12
 * lines)`; when `wentWrong` says its lines showed a failure, that they say what went wrong), and at `--log-level info`,
 * that its log holds one side only.
 */
export function statusPrinter(
  io: Pick<CliIO, 'stderr'>,
  log: Log,
  logLevel: string,
  wentWrong?: (file: string) => boolean,
): Required<RunStatus> {
  const quiet = quietLevel(logLevel);
  const say = (line: string) => {
    if (!quiet) io.stderr.write(`mcptrace: ${escapeTerminal(line)}\n`);
  };
  return {
    note: (source: string, text: string, kind: StatusKind = 'note') =>
      say(kind === 'notice' ? text : `${source}: ${text}`),
    inputEnd: (i: InputSummary) => {
      if (i.messages === 0) say(noMessagesText(i.file, i.lines, i.unread, wentWrong?.(i.file) ?? false));
      if (i.onlySide === 'server') {
        log.info(
          { input: i.file, side: i.onlySide },
          `${onlySideText(i.onlySide)}: its responses answer requests that are not in it (read as the server's, not as orphans)`,
        );
      } else if (i.onlySide === 'client') {
        log.info({ input: i.file, side: i.onlySide }, `${onlySideText(i.onlySide)}: no server message in it`);
      }
    },
  };
}
