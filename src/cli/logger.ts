// Diagnostics logger: pino writing to stderr (fd 2), so stdout stays data.
import { createRequire } from 'node:module';
import type { Logger } from 'pino';
import type { Palette } from '../output/color.js';
import { escapeJsonForTerminal } from '../output/escape.js';
import { prettyLogLine } from './log-pretty.js';

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** Log levels that silence the CLI's plain stderr lines (an input's notes, an exporter's), as they silence the logger's warnings. */
export function quietLevel(level: string): boolean {
  return level === 'error' || level === 'fatal' || level === 'silent';
}

const METHODS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace'] as const;

/** What the CLI logs through: pino's level methods. */
export type Log = Pick<Logger, (typeof METHODS)[number]>;

/** Where log lines go instead of fd 2 (`CliIO.diagnostics`: a command run in-process by a test). */
export interface LogDestination {
  write(line: string): unknown;
}

/**
 * A pino logger, made (and pino loaded) only when something is logged at or above `level`: most runs log nothing,
 * and every run pays for the modules it loads at start-up. `pretty` (stderr is a terminal): each line for a person to
 * read (log-pretty.ts), in its palette; else pino's JSON lines, for a program or a file.
 */
export function createLogger(level: LogLevel = 'warn', to?: LogDestination, pretty?: Palette): Log {
  let real: Logger | undefined;
  const get = (): Logger => {
    if (real === undefined) {
      // In the bundled CLI `require` is the bundler's and pino is inside the bundle (an installed mcptrace has no
      // node_modules); tsc's ES modules have no `require`, and load pino from node_modules.
      const { pino } = (
        typeof require === 'function' ? require('pino') : createRequire(import.meta.url)('pino')
      ) as typeof import('pino');
      const stderr = to ?? pino.destination({ fd: 2, sync: true });
      // Log lines carry names from the command line and the system (input file names, error messages): pino's JSON
      // escapes C0 controls but leaves DEL, C1, line separators and bidi controls raw, which a terminal may act on.
      // Each line is escaped as JSON sinks escape it for a terminal (ARCHITECTURE.md principle 7); the JSON value is unchanged.
      const shown = pretty ? (line: string) => prettyLogLine(line, pretty) : escapeJsonForTerminal;
      real = pino({ level, base: undefined }, { write: (line: string) => stderr.write(shown(line)) });
    }
    return real;
  };
  const shown = level === 'silent' ? -1 : LOG_LEVELS.indexOf(level);
  const log: Record<string, unknown> = {};
  for (const [i, name] of METHODS.entries()) {
    log[name] = i <= shown ? (...args: unknown[]) => (get()[name] as (...a: unknown[]) => void)(...args) : () => {};
  }
  return log as unknown as Log;
}
