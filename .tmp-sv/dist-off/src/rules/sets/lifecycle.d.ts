import type { Rule } from '../types.js';
export declare const LIFECYCLE_RULES: readonly Rule<any, any>[];
