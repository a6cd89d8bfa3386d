import type { Argv } from 'yargs';
export declare function inputOptions<T>(y: Argv<T>): Argv<T & {
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
}>;
export declare function filterOptions<T>(y: Argv<T>): Argv<T & {
    method: string[] | undefined;
} & {
    primitive: string[] | undefined;
} & {
    phase: string[] | undefined;
} & {
    dir: string[] | undefined;
} & {
    session: string[] | undefined;
}>;
