// `mcptrace diff A B`: two captures, or two sets (folders, quoted globs), compared — the server's surface, behaviour on
// the requests both asked, latency and failures, findings and diagnoses — for people (text), PR comments (markdown),
// machines (json) and code scanning (sarif); exit 1 when a change passes --fail-on. `--write-baseline FILE` keeps a
// side's summary; `--baseline FILE` compares against one.
import { existsSync, statSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import type { Argv } from 'yargs';
import { glob } from 'tinyglobby';
import { SideCollector } from '../diff/collect.js';
import { compareSides } from '../diff/compare.js';
import { FAIL_ON, failingChanges, type FailOn } from '../diff/fail-on.js';
import type { Side } from '../diff/types.js';
import { Diagnoser } from '../diagnose/diagnoser.js';
import { formatDiffMarkdown } from '../output/diff-markdown.js';
import { formatDiffSarif } from '../output/diff-sarif.js';
import { formatDiffText } from '../output/diff-text.js';
import { outputWidth } from './columns.js';
import { openRun, paletteFor, type CliIO, type RunArgs } from './context.js';
import { EXIT, UsageError } from './errors.js';
import { inputOptions, WIDTH_OPTION } from './options.js';
import { ruleOptions, ruleSettings, type RuleArgs } from './rule-options.js';
import { TOOL } from './tool.js';
import { writeText } from './writer.js';

export interface DiffArgs extends RunArgs, RuleArgs {
  format: 'text' | 'markdown' | 'json' | 'sarif';
  failOn: FailOn[];
  ignore?: string[];
  maxSlowdown: number;
  maxErrorRate?: number;
  baseline?: string;
  writeBaseline?: string;
  width?: number;
  color?: boolean;
}

const BASELINE_KIND = 'mcptrace-diff-baseline/1';

export function diffBuilder(y: Argv) {
  return ruleOptions(inputOptions(y))
    .usage('$0 diff A B [options]\n\nCompare two captures, or two sets of captures (a folder, or a quoted glob: \'base/*.ndjson\'): the server\'s surface (tools, prompts, resources, schemas, annotations, capabilities), its answers to the requests both sides asked, latency and failure rates, findings and diagnoses. Exit 1 when a change passes --fail-on (by default a breaking one).')
    .option('format', { alias: 'f', describe: 'output format', choices: ['text', 'markdown', 'json', 'sarif'], default: 'text' })
    .option('fail-on', { describe: `exit 1 on these changes (comma-separated): ${FAIL_ON.join(', ')}`, type: 'string', default: 'breaking', coerce: failOnList })
    .option('ignore', { describe: 'result paths to set aside when comparing answers: globs over dotted paths (content.*.text, **.timestamp); repeatable', type: 'string', coerce: (v: unknown) => (Array.isArray(v) ? v : [v]).flatMap((x) => String(x).split(',')).map((x) => x.trim()).filter((x) => x !== '') })
    .option('max-slowdown', { describe: 'a method or tool whose median latency grew more than this factor is a latency change (1.5x)', type: 'string', default: '1.5x', coerce: factor })
    .option('max-error-rate', { describe: 'a method or tool whose failure rate in B passes this (5%, 0.05) and A\'s is a latency change', type: 'string', coerce: rate })
    .option('baseline', { describe: 'compare against this baseline file (written by --write-baseline) instead of A: mcptrace diff --baseline base.json B', type: 'string', requiresArg: true })
    .option('write-baseline', { describe: 'write the summary of the captures given (one side) to FILE, to compare against later; no comparison', type: 'string', requiresArg: true })
    .option('width', WIDTH_OPTION)
    .example('$0 diff before.ndjson after.ndjson', 'what changed between two captures of a server')
    .example("$0 diff baseline/ candidate/ --fail-on breaking,latency", 'two sets: CI fails on a breaking change or a slowdown past 1.5x')
    .example('$0 diff --write-baseline v1.json captures/ && $0 diff --baseline v1.json new/', 'compare against the last release without keeping its captures')
    .example("$0 diff -f markdown a.ndjson b.ndjson --ignore '**.timestamp'", 'a PR comment, timestamps set aside');
}

export async function runDiff(args: DiffArgs, io: CliIO): Promise<number> {
  const given = args.files ?? [];
  if (args.writeBaseline !== undefined) {
    if (given.length === 0) throw new UsageError('--write-baseline FILE needs the captures to summarise: mcptrace diff --write-baseline base.json captures/');
    const side = await readSide(given, args, io);
    await writeFile(args.writeBaseline, JSON.stringify(side) + '\n');
    io.stderr.write(`mcptrace: wrote the baseline of ${side.captures.join(', ')} (${side.sessions} sessions, ${side.messages} messages) to ${args.writeBaseline}\n`);
    return EXIT.ok;
  }
  const want = args.baseline === undefined ? 2 : 1;
  if (given.length !== want) {
    throw new UsageError(args.baseline === undefined
      ? `diff compares two things: mcptrace diff A B (a capture, a folder or a quoted glob each), or mcptrace diff --baseline FILE B; got ${given.length}`
      : `with --baseline, give the one side to compare: mcptrace diff --baseline ${args.baseline} B; got ${given.length}`);
  }
  const a = args.baseline === undefined ? await readSide([given[0]!], args, io) : await readBaseline(args.baseline);
  const b = await readSide([given.at(-1)!], args, io);
  const report = compareSides(a, b, { ignore: args.ignore ?? [], maxSlowdown: args.maxSlowdown, maxErrorRate: args.maxErrorRate ?? null });
  const failing = failingChanges(report, args.failOn);
  const text =
    args.format === 'json' ? JSON.stringify({ ...report, failing: failing.length }, null, 2) + '\n'
    : args.format === 'markdown' ? formatDiffMarkdown(report, failing)
    : args.format === 'sarif' ? formatDiffSarif(report, failing, { ...TOOL, informationUri: 'https://modelcontextprotocol.io' })
    : formatDiffText(report, failing, outputWidth(io, args.width), paletteFor(io, args.color));
  await writeText(io.stdout, text);
  return failing.length > 0 ? EXIT.findings : EXIT.ok;
}

/** One side: every capture its inputs name (a file, a folder, a glob), read as one run, summarised. */
async function readSide(inputs: readonly string[], args: DiffArgs, io: CliIO): Promise<Side> {
  const files: string[] = [];
  for (const input of inputs) files.push(...(await expand(input)));
  const settings = await ruleSettings(args);
  const diagnoser = new Diagnoser({ slowMs: settings.ruleOptions.slowMs, maxLive: args.maxSessions });
  const collector = new SideCollector();
  const run = openRun({ ...args, files, follow: false }, io, { rules: settings.rules, ruleOptions: settings.ruleOptions }, undefined, (r) => {
    diagnoser.observe(r);
    collector.observe(r);
  }, (f) => diagnoser.wentWrong(f));
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

async function readBaseline(file: string): Promise<Side> {
  let side: Side;
  try {
    side = JSON.parse(await readFile(file, 'utf8')) as Side;
  } catch (err) {
    throw new UsageError(`--baseline ${file}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
  }
  if (side?.kind !== BASELINE_KIND) throw new UsageError(`--baseline ${file}: not a baseline written by mcptrace diff --write-baseline`);
  return side;
}

function failOnList(v: unknown): FailOn[] {
  const items = (Array.isArray(v) ? v : [v]).flatMap((x) => String(x).split(',')).map((x) => x.trim()).filter((x) => x !== '');
  for (const x of items) if (!FAIL_ON.includes(x as FailOn)) throw new UsageError(`--fail-on ${x}: give ${FAIL_ON.join(', ')} (comma-separated)`);
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
