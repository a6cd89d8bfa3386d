// The stats report as terminal tables (cli-table3), one titled table per section.
import Table from 'cli-table3';
import { escapeTerminal } from './escape.js';
import { statsSections } from './stats-sections.js';
import { truncate } from './width.js';
/**
 * cli-table3 colours headers red and borders grey through @colors/colors, which decides on its own whether
 * the terminal takes colour — even when our output is piped. So its styling is always switched off
 * (`head: []`, `border: []`) and headers are coloured by our palette, which the caller decided.
 */
function renderSection(sec, p, maxCell) {
    const table = new Table({
        head: sec.head.map((h) => (h === '' ? '' : p.bold(h))),
        colAligns: sec.align,
        // No rule between body rows: the report stays about half as tall.
        chars: { mid: '', 'left-mid': '', 'mid-mid': '', 'right-mid': '' },
        style: { head: [], border: [] },
    });
    for (const row of sec.rows)
        table.push(row.map((c) => truncate(escapeTerminal(c), maxCell)));
    return `${p.bold(p.cyan(sec.title))}\n${table.toString()}`;
}
/** The whole report: totals, lifecycle vs operation, breakdowns, methods, tools, errors, pairs, sessions. */
export function formatStatsTable(stats, palette, opts = {}) {
    const max = opts.maxCellWidth ?? 60;
    return statsSections(stats)
        .map((s) => renderSection(s, palette, max))
        .join('\n\n');
}
//# sourceMappingURL=stats-table.js.map