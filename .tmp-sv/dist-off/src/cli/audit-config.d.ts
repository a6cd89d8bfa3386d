import type { Severity } from '../types.js';
export interface AuditConfig {
    rules?: Record<string, Severity | 'off'>;
    failOn?: Severity | 'none';
    slowMs?: number;
}
/** Reads and checks a config file; every problem is a usage error naming the file and the key. */
export declare function loadAuditConfig(path: string): Promise<AuditConfig>;
/** Fails on rule ids that do not exist, so a typo does not silently leave a rule on. */
export declare function checkRuleIds<T>(rules: Record<string, T>, where: string): Record<string, T>;
