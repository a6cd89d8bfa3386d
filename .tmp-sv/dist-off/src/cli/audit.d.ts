import type { Argv } from 'yargs';
import { type AuditFormat } from '../output/audit/renderers.js';
import type { Severity } from '../types.js';
import { type CliIO, type RunArgs } from './context.js';
export interface AuditArgs extends RunArgs {
    format?: AuditFormat;
    out?: string;
    failOn?: Severity | 'none';
    rule?: string[];
    config?: string;
    slowMs?: number;
    color?: boolean;
}
export declare function auditBuilder(y: Argv): Argv<{
    files: string[] | undefined;
} & {
    "input-format": string | undefined;
} & {
    "max-pending": number;
} & {
    "log-level": string;
} & {
    debug: boolean;
} & {
    color: boolean | undefined;
} & {
    method: string[] | undefined;
} & {
    primitive: string[] | undefined;
} & {
    phase: string[] | undefined;
} & {
    dir: string[] | undefined;
} & {
    session: string[] | undefined;
} & {
    format: "html" | "json" | "junit" | "markdown" | "sarif" | "text" | undefined;
} & {
    out: string | undefined;
} & {
    "fail-on": string | undefined;
} & {
    rule: string | undefined;
} & {
    config: string | undefined;
} & {
    "slow-ms": number | undefined;
}>;
export declare function runAudit(args: AuditArgs, io: CliIO): Promise<number>;
/** `--rule id=severity` flags; an unknown rule id or severity is a usage error. */
export declare function parseRuleFlags(flags: string | string[] | undefined): Record<string, Severity | 'off'>;
