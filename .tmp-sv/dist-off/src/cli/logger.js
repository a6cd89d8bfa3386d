// Diagnostics logger: pino writing to stderr (fd 2), so stdout stays data.
import { pino } from 'pino';
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];
export function createLogger(level = 'warn') {
    return pino({ level, base: undefined }, pino.destination({ fd: 2, sync: true }));
}
//# sourceMappingURL=logger.js.map