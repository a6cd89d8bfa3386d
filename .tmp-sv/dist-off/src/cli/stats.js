import { formatStatsJson } from '../output/stats-json.js';
import { formatStatsMarkdown } from '../output/stats-markdown.js';
import { formatStatsTable } from '../output/stats-table.js';
import { StatsCollector } from '../stats/collector.js';
import { openRun, paletteFor } from './context.js';
import { filterOptions, inputOptions } from './options.js';
export function statsBuilder(y) {
    return filterOptions(inputOptions(y))
        .option('format', { alias: 'f', describe: 'output format', choices: ['table', 'json', 'markdown'], default: 'table' })
        .example('$0 stats session.ndjson', 'tables on the terminal')
        .example('$0 stats -f json session.ndjson | jq .lifecycle', 'lifecycle share as JSON')
        .example('$0 stats -f markdown *.ndjson >> $GITHUB_STEP_SUMMARY', 'Markdown for a CI summary');
}
export async function runStats(args, io) {
    const { analyzer, records } = openRun(args, io);
    const collector = new StatsCollector();
    for await (const r of records)
        collector.add(r);
    const { sessions, open } = analyzer.summary();
    const stats = collector.finish(sessions, open);
    const text = args.format === 'json' ? formatStatsJson(stats)
        : args.format === 'markdown' ? formatStatsMarkdown(stats)
            : formatStatsTable(stats, paletteFor(io, args.color));
    await new Promise((resolve, reject) => io.stdout.write(text.endsWith('\n') ? text : text + '\n', (e) => (e ? reject(e) : resolve())));
    return 0;
}
//# sourceMappingURL=stats.js.map