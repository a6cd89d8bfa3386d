// Log levels of the logging utility (schema `LoggingLevel`, identical in every supported revision).

/**
 * The eight syslog severities of RFC 5424 §6.2.1, least to most severe, as `LoggingLevel` enumerates them in every
 * `schema/<rev>/schema.json` (https://modelcontextprotocol.io/specification/2025-11-25/server/utilities/logging §Log Levels).
 * `logging/setLevel` takes one (an invalid level → -32602), and every `notifications/message` carries one.
 */
export const LOGGING_LEVELS = [
  'debug',
  'info',
  'notice',
  'warning',
  'error',
  'critical',
  'alert',
  'emergency',
] as const;

export type LoggingLevel = (typeof LOGGING_LEVELS)[number];

const LEVELS = new Set<unknown>(LOGGING_LEVELS);

/** True when `v` is exactly one of the eight level strings (case-sensitive, as the schema enum is). */
export function isLoggingLevel(v: unknown): v is LoggingLevel {
  return LEVELS.has(v);
}
