import { type CliIO } from './context.js';
export declare function main(argv: readonly string[], io?: CliIO): Promise<number>;
