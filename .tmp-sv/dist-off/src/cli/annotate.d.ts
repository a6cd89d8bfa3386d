import type { Argv } from 'yargs';
import { type CliIO, type RunArgs } from './context.js';
export interface AnnotateArgs extends RunArgs {
    format: 'text' | 'ndjson' | 'json';
    body?: boolean;
    color?: boolean;
}
export declare function annotateBuilder(y: Argv): Argv<{
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
} & {
    body: boolean | undefined;
}>;
export declare function runAnnotate(args: AnnotateArgs, io: CliIO): Promise<number>;
