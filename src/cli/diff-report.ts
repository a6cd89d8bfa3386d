// What `diff` and `replay` share: the comparison's options, reading a side from captures (a file, a folder, a glob),
// and writing the report in the format asked with the exit code --fail-on gives.
import { existsSync, statSync } from 'node:fs';
import type { Argv } from 'yargs';
import { glob } from 'tinyglobby';
import { SideCollector } from '../diff/collect.js';
import { FAIL_ON, failingChanges, type FailOn } from '../diff/fail-on.js';
import type { DiffReport, Side } from '../diff/types.js';
import { Diagnoser } from '../diagnose/diagnoser.js';
import { formatDiffMarkdown } from '../output/diff-markdown.js';
import { formatDiffSarif } from '../output/diff-sarif.js';
import { formatDiffText } from '../output/diff-text.js';
import { outputWidth } from './columns.js';
import { openRun, paletteFor, type CliIO, type RunArgs } from './context.js';
import { EXIT } from './errors.js';
import { UsageError } from '../util/errors.js';
import { commaList, WIDTH_OPTION } from './options.js';
import { ruleSettings, type RuleArgs } from './rule-options.js';
import { TOOL } from '../util/tool.js';
import { writeText } from './writer.js';
import type { PipelineRecord } from '../types.js';

export interface DiffReportArgs extends RunArgs, RuleArgs {
  format: 'text' | 'markdown' | 'json' | 'sarif';
  failOn: FailOn[];
  ignore?: string[];
  maxSlowdown: number;
  maxErrorRate?: number;
  width?: number;
  color?: boolean;
}

export function diffOptions<T>(y: Argv<T>) {
  return y
    .option('format', {
      alias: 'f',
      describe: 'output format',
      choices: ['text', 'markdown', 'json', 'sarif'],
      default: 'text',
    })
    .option('fail-on', {
      describe: `exit 1 on these changes (comma-separated): ${FAIL_ON.join(', ')}`,
      type: 'string',
      default: 'breaking',
      coerce: failOnList,
    })
    .option('ignore', {
      describe:
        'result paths to set aside when comparing answers: globs over dotted paths (content.*.text, **.timestamp); repeatable',
      type: 'string',
      coerce: commaList,
    })
    .option('max-slowdown', {
      describe: 'a method or tool whose median latency grew more than this factor is a latency change (1.5x)',
      type: 'string',
      default: '1.5x',
      coerce: factor,
    })
    .option('max-error-rate', {
      describe: "a method or tool whose failure rate in B passes this (5%, 0.05) and A's is a latency change",
      type: 'string',
      coerce: rate,
    })
    .option('width', WIDTH_OPTION);
}

/** The report on stdout in the format asked; the exit code: 1 when a change passes --fail-on. */
export async function writeDiff(report: DiffReport, args: DiffReportArgs, io: CliIO): Promise<number> {
  const failing = failingChanges(report, args.failOn);
  const text =
    args.format === 'json'
      ? JSON.stringify({ ...report, failing: failing.length }, null, 2) + '\n'
      : args.format === 'markdown'
        ? formatDiffMarkdown(report, failing)
        : args.format === 'sarif'
          ? formatDiffSarif(report, failing, { ...TOOL, informationUri: 'https://modelcontextprotocol.io' })
          : formatDiffText(report, failing, outputWidth(io, args.width), paletteFor(io, args.color));
  await writeText(io.stdout, text);
  return failing.length > 0 ? EXIT.findings : EXIT.ok;
}

/** One side: every capture its inputs name (a file, a folder, a glob), read as one run, summarised. */
/** `also`: sees every record too (replay builds its script in the same pass). */
export async function readSide(
  inputs: readonly string[],
  args: DiffReportArgs,
  io: CliIO,
  also?: (r: PipelineRecord) => void,
): Promise<Side> {
  const files: string[] = [];
  for (const input of inputs) files.push(...(await expand(input)));
  const settings = await ruleSettings(args);
  const diagnoser = new Diagnoser({ slowMs: settings.ruleOptions.slowMs, maxLive: args.maxSessions });
  const collector = new SideCollector();
  const run = openRun(
    { ...args, files, follow: false },
    io,
    { rules: settings.rules, ruleOptions: settings.ruleOptions },
    undefined,
    (r) => {
      diagnoser.observe(r);
      collector.observe(r);
      also?.(r);
    },
    (f) => diagnoser.wentWrong(f),
  );
  for await (const _ of run.batches) {
    // Every record was observed as it came.
  }
  const summary = run.analyzer.summary();
  collector.endFindings(summary.findings);
  const causes: Record<string, number> = {};
  for (const s of diagnoser.finish(summary)) {
    const cause = s.diagnoses[0]?.cause ?? 'ok';
    causes[cause] = (causes[cause] ?? 0) + 1;
  }
  return collector.finish([...inputs], causes);
}

/** A file or folder as is (the reader opens a folder's logs); anything else a glob. */
async function expand(input: string): Promise<string[]> {
  if (existsSync(input)) return [input];
  const found = (await glob(input, { onlyFiles: true, expandDirectories: false })).sort();
  if (found.length === 0) throw new UsageError(`${input}: no such file, folder or capture matching the glob`);
  return found.filter((f) => statSync(f).isFile());
}

function failOnList(v: unknown): FailOn[] {
  const items = commaList(v);
  for (const x of items)
    if (!FAIL_ON.includes(x as FailOn))
      throw new UsageError(`--fail-on ${x}: give ${FAIL_ON.join(', ')} (comma-separated)`);
  return items as FailOn[];
}

/** `1.5x`, `1.5`, `150%`. */
function factor(v: unknown): number {
  const text = String(Array.isArray(v) ? v.at(-1) : v).trim();
  const m = /^(\d+(?:\.\d+)?)\s*(x|×|%)?$/i.exec(text);
  const n = m === null ? NaN : m[2] === '%' ? Number(m[1]) / 100 : Number(m[1]);
  if (!(n > 0)) throw new UsageError(`--max-slowdown ${text}: give a factor such as 1.5x`);
  return n;
}

/** `5%` or `0.05`. */
function rate(v: unknown): number {
  const text = String(Array.isArray(v) ? v.at(-1) : v).trim();
  const m = /^(\d+(?:\.\d+)?)\s*(%)?$/.exec(text);
  const n = m === null ? NaN : m[2] === '%' ? Number(m[1]) / 100 : Number(m[1]);
  if (!(n >= 0 && n <= 1)) throw new UsageError(`--max-error-rate ${text}: give a rate such as 5% or 0.05`);
  return n;
}
