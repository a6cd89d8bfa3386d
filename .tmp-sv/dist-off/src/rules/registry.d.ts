import type { Rule } from './types.js';
export declare const RULES: readonly Rule<any, any>[];
export declare const ruleById: ReadonlyMap<string, Rule<any, any>>;
