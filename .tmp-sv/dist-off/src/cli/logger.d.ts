import { type Logger } from 'pino';
export declare const LOG_LEVELS: readonly ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];
export type LogLevel = (typeof LOG_LEVELS)[number];
export declare function createLogger(level?: LogLevel): Logger;
