import type { Argv } from 'yargs';
import { type CliIO, type RunArgs } from './context.js';
export interface StatsArgs extends RunArgs {
    format: 'table' | 'json' | 'markdown';
    color?: boolean;
}
export declare function statsBuilder(y: Argv): Argv<{
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
    format: string;
}>;
export declare function runStats(args: StatsArgs, io: CliIO): Promise<number>;
