// Diagnostics logger: pino writing to stderr (fd 2), so stdout stays data.
import { pino, type Logger } from 'pino';

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export function createLogger(level: LogLevel = 'warn'): Logger {
  return pino({ level, base: undefined }, pino.destination({ fd: 2, sync: true }));
}
