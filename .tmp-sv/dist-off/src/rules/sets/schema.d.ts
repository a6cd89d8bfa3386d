import type { Rule } from '../types.js';
export declare const SCHEMA_RULES: readonly Rule<any, any>[];
