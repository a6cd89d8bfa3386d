import type { Rule } from './types.js';
/** Issues listed per finding; the rest are counted (bounded output, one finding per message). */
export declare const MAX_ISSUES = 5;
export interface SchemaViolationData {
    issues: string[];
    more: number;
}
export declare const schemaViolation: Rule<SchemaViolationData>;
