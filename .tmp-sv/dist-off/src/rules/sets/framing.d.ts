import type { Rule } from '../types.js';
export declare const FRAMING_RULES: readonly Rule<any, any>[];
