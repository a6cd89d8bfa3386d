import type { Argv } from 'yargs';
import type { CliIO } from './context.js';
export interface RulesArgs {
    format: 'text' | 'json';
}
export declare function rulesBuilder(y: Argv): Argv<{
    format: string;
}>;
export declare function runRules(args: RulesArgs, io: CliIO): Promise<number>;
