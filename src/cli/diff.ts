// `mcptrace diff A B`: two captures, or two sets (folders, quoted globs), compared — the server's surface, behaviour on
// the requests both asked, latency and failures, findings and diagnoses — for people (text), PR comments (markdown),
// machines (json) and code scanning (sarif); exit 1 when a change passes --fail-on. `--write-baseline FILE` keeps a
// side's summary; `--baseline FILE` compares against one.
import { readFile, writeFile } from 'node:fs/promises';
import type { Argv } from 'yargs';
import { compareSides } from '../diff/compare.js';
import type { Side } from '../diff/types.js';
import type { CliIO } from './context.js';
import { diffOptions, readSide, writeDiff, type DiffReportArgs } from './diff-report.js';
import { EXIT } from './errors.js';
import { UsageError } from '../util/errors.js';
import { inputOptions } from './options.js';
import { ruleOptions } from './rule-options.js';

export interface DiffArgs extends DiffReportArgs {
  baseline?: string;
  writeBaseline?: string;
}

const BASELINE_KIND = 'mcptrace-diff-baseline/1';

export function diffBuilder(y: Argv) {
  return diffOptions(
    ruleOptions(
      inputOptions(y, { files: 'A and B: the two logs (files or folders) to compare, A first', follow: false }),
    ),
  )
    .usage(
      "$0 diff A B [options]\n\nCompare two captures, or two sets of captures (a folder, or a quoted glob: 'base/*.ndjson'): the server's surface (tools, prompts, resources, schemas, annotations, capabilities), its answers to the requests both sides asked, latency and failure rates, findings and diagnoses. Exit 1 when a change passes --fail-on (by default a breaking one).",
    )
    .option('baseline', {
      describe:
        'compare against this baseline file (written by --write-baseline) instead of A: mcptrace diff --baseline base.json B',
      type: 'string',
      requiresArg: true,
    })
    .option('write-baseline', {
      describe: 'write the summary of the captures given (one side) to FILE, to compare against later; no comparison',
      type: 'string',
      requiresArg: true,
    })
    .example('$0 diff before.ndjson after.ndjson', 'what changed between two captures of a server')
    .example(
      '$0 diff baseline/ candidate/ --fail-on breaking,latency',
      'two sets: CI fails on a breaking change or a slowdown past 1.5x',
    )
    .example(
      '$0 diff --write-baseline v1.json captures/ && $0 diff --baseline v1.json new/',
      'compare against the last release without keeping its captures',
    )
    .example("$0 diff -f markdown a.ndjson b.ndjson --ignore '**.timestamp'", 'a PR comment, timestamps set aside');
}

export async function runDiff(args: DiffArgs, io: CliIO): Promise<number> {
  const given = args.files ?? [];
  if (args.writeBaseline !== undefined) {
    if (given.length === 0)
      throw new UsageError(
        '--write-baseline FILE needs the captures to summarise: mcptrace diff --write-baseline base.json captures/',
      );
    const side = await readSide(given, args, io);
    await writeFile(args.writeBaseline, JSON.stringify(side) + '\n');
    io.stderr.write(
      `mcptrace: wrote the baseline of ${side.captures.join(', ')} (${side.sessions} sessions, ${side.messages} messages) to ${args.writeBaseline}\n`,
    );
    return EXIT.ok;
  }
  const want = args.baseline === undefined ? 2 : 1;
  if (given.length !== want) {
    throw new UsageError(
      args.baseline === undefined
        ? `diff compares two things: mcptrace diff A B (a capture, a folder or a quoted glob each), or mcptrace diff --baseline FILE B; got ${given.length}`
        : `with --baseline, give the one side to compare: mcptrace diff --baseline ${args.baseline} B; got ${given.length}`,
    );
  }
  const a = args.baseline === undefined ? await readSide([given[0]!], args, io) : await readBaseline(args.baseline);
  const b = await readSide([given.at(-1)!], args, io);
  const report = compareSides(a, b, {
    ignore: args.ignore ?? [],
    maxSlowdown: args.maxSlowdown,
    maxErrorRate: args.maxErrorRate ?? null,
  });
  return writeDiff(report, args, io);
}

async function readBaseline(file: string): Promise<Side> {
  let side: Side;
  try {
    side = JSON.parse(await readFile(file, 'utf8')) as Side;
  } catch (err) {
    throw new UsageError(`--baseline ${file}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
  }
  if (side?.kind !== BASELINE_KIND)
    throw new UsageError(`--baseline ${file}: not a baseline written by mcptrace diff --write-baseline`);
  return side;
}
