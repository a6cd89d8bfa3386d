import type { Readable, Writable } from 'node:stream';
import { Analyzer, type AnalyzerOptions } from '../analyzer.js';
import type { InputFormat } from '../input/index.js';
import { type Palette } from '../output/color.js';
import type { PipelineRecord } from '../types.js';
import { type FilterOptions } from './filter.js';
export interface CliIO {
    stdin: Readable;
    stdout: Writable & {
        isTTY?: boolean;
    };
    stderr: Writable;
    env: NodeJS.ProcessEnv;
}
export declare function processIO(): CliIO;
/** Colour for stdout: `--color`/`--no-color` win, then NO_COLOR / FORCE_COLOR, then TTY detection. */
export declare function paletteFor(io: CliIO, color: boolean | undefined): Palette;
/** The options every log-reading command shares. */
export interface RunArgs extends FilterOptions {
    files?: string[];
    inputFormat?: InputFormat;
    maxPending: number;
    logLevel: string;
}
/** Sets up a run: the analyzer over all inputs and the records that pass the filters, in order. */
export declare function openRun(args: RunArgs, io: CliIO, more?: Pick<AnalyzerOptions, 'rules' | 'ruleOptions'>): {
    analyzer: Analyzer;
    records: AsyncGenerator<PipelineRecord>;
};
