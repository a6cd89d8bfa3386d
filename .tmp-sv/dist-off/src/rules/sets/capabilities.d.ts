import type { Rule } from '../types.js';
export declare const CAPABILITY_RULES: readonly Rule<any, any>[];
