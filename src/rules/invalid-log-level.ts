// Rule invalid-log-level: a logging/setLevel or notifications/message whose level is not one of the 8 RFC 5424 levels.
import { LOGGING_LEVELS, isLoggingLevel, specUrl } from '../protocol/index.js';
import { paramsOf } from '../session/direction.js';
import type { Rule } from './types.js';

/** The messages that carry a `LoggingLevel` in `params.level`. */
const LEVEL_METHODS = ['logging/setLevel', 'notifications/message'];

export const invalidLogLevel: Rule<{ method: string; level: string }> = {
  meta: {
    id: 'invalid-log-level',
    severity: 'error',
    summary: 'A logging level that is not one of the eight RFC 5424 levels the schema allows.',
    specUrl: `${specUrl('server/utilities/logging.mdx')}#log-levels`,
    revisions: 'all',
  },
  message: `{method} level {level} is not a log level (${LOGGING_LEVELS.join(', ')})`,
  on: { kinds: ['request', 'notification'], methods: LEVEL_METHODS, body: true },
  check: ({ record }) => {
    if (record.kind !== 'request' && record.kind !== 'notification') return undefined;
    if (record.method === null || !LEVEL_METHODS.includes(record.method)) return undefined;
    const params = paramsOf(record.message);
    if (params === null || !Object.hasOwn(params, 'level')) return undefined;
    const level = params.level;
    if (isLoggingLevel(level)) return undefined;
    const shown = JSON.stringify(level) ?? String(level);
    return [{ method: record.method, level: shown.length > 60 ? `${shown.slice(0, 60)}…` : shown }];
  },
};
