// `mcptrace why`: only the diagnosis of each session — verdict, cause, side, the log's own lines — for the person
// who wants the answer. Exit 1 when a session failed (or degraded, with --fail-on degraded).
import type { Argv } from 'yargs';
import { Diagnoser } from '../diagnose/diagnoser.js';
import { evidenceLines, quoteEvidence } from '../diagnose/quote.js';
import type { SessionDiagnosis } from '../diagnose/types.js';
import { escapeJsonForTerminal } from '../output/escape.js';
import { jsonChunks } from '../output/json-chunks.js';
import { formatWhyText } from '../output/why-text.js';
import { openRun, type CliIO, type RunArgs } from './context.js';
import { WIDTH_OPTION, inputOptions } from './options.js';
import { ruleOptions, ruleSettings, type RuleArgs } from './rule-options.js';
import { readSourceLines } from './source-lines.js';
import { writePieces, writeText } from './writer.js';

export interface WhyArgs extends RunArgs, RuleArgs {
  format: 'text' | 'json';
  failOn: 'failed' | 'degraded' | 'none';
  width?: number;
}

export function whyBuilder(y: Argv) {
  return ruleOptions(inputOptions(y))
    .option('format', { alias: 'f', describe: 'output format', choices: ['text', 'json'], default: 'text' })
    .option('fail-on', {
      describe: 'exit 1 when a session is this bad or worse',
      choices: ['failed', 'degraded', 'none'],
      default: 'failed',
    })
    .option('width', WIDTH_OPTION)
    .example('$0 why ~/Library/Logs/Claude/mcp-server-notes.log', "what went wrong, in the log's own words")
    .example('$0 why -f json mcp.log | jq \'.[] | select(.verdict != "ok")\'', 'the diagnosis as JSON');
}

/** Diagnoses the inputs in one thread (the diagnosis is not merged across --jobs pieces yet, so why has no --jobs). */
export async function diagnoseRun(args: RunArgs & RuleArgs, io: CliIO): Promise<SessionDiagnosis[]> {
  const settings = await ruleSettings(args);
  const diagnoser = new Diagnoser({ slowMs: settings.ruleOptions.slowMs, maxLive: args.maxSessions });
  const { analyzer, batches } = openRun(
    args,
    io,
    { rules: settings.rules, ruleOptions: settings.ruleOptions },
    undefined,
    (r) => diagnoser.observe(r),
    (f) => diagnoser.wentWrong(f),
  );
  for await (const _ of batches) {
    // Every record was observed as it came (`all`).
  }
  const result = diagnoser.finish(analyzer.summary());
  const lines = await readSourceLines(evidenceLines(result));
  quoteEvidence(result, (file, n) => lines.get(file)?.get(n));
  return result;
}

export async function runWhy(args: WhyArgs, io: CliIO): Promise<number> {
  const result = await diagnoseRun(args, io);
  if (args.format === 'json') {
    // In pieces, a session each: the text of JSON.stringify(result, null, 2), never one string (docs/performance.md,
    // "Memory"); on a terminal, with what JSON leaves raw escaped (ARCHITECTURE.md principle 7).
    const safe = io.stdout.isTTY ? escapeJsonForTerminal : (s: string) => s;
    await writePieces(io.stdout, jsonLines(result, safe));
  } else await writeText(io.stdout, formatWhyText(result, args.width ?? 80));
  const bad =
    args.failOn !== 'none' &&
    result.some((s) => s.verdict === 'failed' || (args.failOn === 'degraded' && s.verdict === 'degraded'));
  return bad ? 1 : 0;
}

/** `value` as `JSON.stringify(value, null, 2)` and a newline, a top-level element a piece, each made `safe`. */
function* jsonLines(value: unknown, safe: (s: string) => string): Generator<string> {
  for (const piece of jsonChunks(value, { depth: 1 })) yield safe(piece);
  yield '\n';
}
