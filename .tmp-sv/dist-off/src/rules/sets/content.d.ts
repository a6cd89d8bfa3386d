import type { Rule } from '../types.js';
export declare const CONTENT_RULES: readonly Rule<any, any>[];
