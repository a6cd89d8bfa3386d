// Rules about message content: schemas, log levels, roots, error codes, latency.
import type { Rule } from '../types.js';

export const CONTENT_RULES: readonly Rule<any, any>[] = [];
