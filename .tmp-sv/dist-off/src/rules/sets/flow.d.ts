import type { Rule } from '../types.js';
export declare const FLOW_RULES: readonly Rule<any, any>[];
