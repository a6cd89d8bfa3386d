// `mcptrace stats`: traffic statistics as a table, JSON or Markdown.
import type { Argv } from 'yargs';
import { formatStatsJson } from '../output/stats-json.js';
import { formatStatsMarkdown } from '../output/stats-markdown.js';
import { formatStatsTable } from '../output/stats-table.js';
import { RULES } from '../rules/registry.js';
import { StatsCollector } from '../stats/collector.js';
import { openRun, paletteFor, type CliIO, type RunArgs } from './context.js';
import { filterOptions, inputOptions } from './options.js';

export interface StatsArgs extends RunArgs {
  format: 'table' | 'json' | 'markdown';
  color?: boolean;
}

const NO_RULES = Object.fromEntries(RULES.map((r) => [r.meta.id, 'off' as const]));

export function statsBuilder(y: Argv) {
  return filterOptions(inputOptions(y))
    .option('format', { alias: 'f', describe: 'output format', choices: ['table', 'json', 'markdown'], default: 'table' })
    .example('$0 stats session.ndjson', 'tables on the terminal')
    .example('$0 stats -f json session.ndjson | jq .lifecycle', 'lifecycle share as JSON')
    .example('$0 stats -f markdown *.ndjson >> $GITHUB_STEP_SUMMARY', 'Markdown for a CI summary');
}

export async function runStats(args: StatsArgs, io: CliIO): Promise<number> {
  // Statistics show no findings: skip the rules (schema checks are the costly part of the pipeline).
  const { analyzer, records } = openRun(args, io, { rules: NO_RULES });
  const collector = new StatsCollector();
  for await (const r of records) collector.add(r);
  const { sessions, open } = analyzer.summary();
  const stats = collector.finish(sessions, open);
  const text =
    args.format === 'json' ? formatStatsJson(stats)
    : args.format === 'markdown' ? formatStatsMarkdown(stats)
    : formatStatsTable(stats, paletteFor(io, args.color));
  await new Promise<void>((resolve, reject) => io.stdout.write(text.endsWith('\n') ? text : text + '\n', (e) => (e ? reject(e) : resolve())));
  return 0;
}
