// What a command needs from the process, passed in so commands can run in-process in tests.
import type { Readable, Writable } from 'node:stream';
import type { Logger } from 'pino';
import { Analyzer, type AnalyzerOptions } from '../analyzer.js';
import type { InputFormat } from '../input/index.js';
import { analyzeStream } from '../analyze-stream.js';
import { colorEnabled, createPalette, type Palette } from '../output/color.js';
import type { PipelineRecord } from '../types.js';
import { buildFilter, type FilterOptions } from './filter.js';
import { resolveInputs } from './inputs.js';
import { createLogger, type LogLevel } from './logger.js';

export interface CliIO {
  stdin: Readable;
  stdout: Writable & { isTTY?: boolean };
  stderr: Writable;
  env: NodeJS.ProcessEnv;
}

export function processIO(): CliIO {
  return { stdin: process.stdin, stdout: process.stdout, stderr: process.stderr, env: process.env };
}

/** Colour for stdout: `--color`/`--no-color` win, then NO_COLOR / FORCE_COLOR, then TTY detection. */
export function paletteFor(io: CliIO, color: boolean | undefined): Palette {
  if (color !== undefined) return createPalette(color);
  return createPalette(colorEnabled({ isTTY: io.stdout.isTTY === true, env: io.env }));
}

/** The options every log-reading command shares. */
export interface RunArgs extends FilterOptions {
  files?: string[];
  inputFormat?: InputFormat;
  maxPending: number;
  logLevel: string;
}

/** Sets up a run: the analyzer over all inputs and the records that pass the filters, in order. */
export function openRun(
  args: RunArgs,
  io: CliIO,
  more: Pick<AnalyzerOptions, 'rules' | 'ruleOptions'> = {},
): { analyzer: Analyzer; records: AsyncGenerator<PipelineRecord> } {
  const log = createLogger(args.logLevel as LogLevel);
  const analyzer = new Analyzer({ inputFormat: args.inputFormat, maxPending: args.maxPending, ...more });
  const keep = buildFilter(args);
  async function* records(): AsyncGenerator<PipelineRecord> {
    for await (const r of recordsOf(analyzer, args.files, io, log)) if (!keep || keep(r)) yield r;
  }
  return { analyzer, records: records() };
}

/** Every record of every input, in order; each input is its own stream with its own sessions. */
async function* recordsOf(analyzer: Analyzer, files: readonly string[] | undefined, io: CliIO, log: Logger): AsyncGenerator<PipelineRecord> {
  for (const input of resolveInputs(files, io.stdin)) {
    log.debug({ input: input.name }, 'reading');
    yield* analyzeStream(analyzer, input.open(), input.name);
  }
}
