import { escapeTerminal } from './escape.js';
import { statsSections } from './stats-sections.js';
/**
 * One table cell from untrusted text. Control characters become visible escapes first (a newline
 * would end the table row; it shows as `\n`). Then every Markdown-active ASCII punctuation that could
 * change the table or the page is backslash-escaped (CommonMark §2.4): `\` itself, `|` (GFM splits cells on
 * it, even inside code spans), backticks, emphasis `*` `_` `~`, links `[` `]`, and `<` `>` `&` so no raw HTML
 * or entity gets through.
 */
export function escapeMarkdownCell(s) {
    return escapeTerminal(s).replace(/[\\|`*_~[\]<>&]/g, (c) => '\\' + c);
}
function row(cells) {
    return `| ${cells.join(' | ')} |`;
}
function renderSection(sec) {
    const lines = [`### ${escapeMarkdownCell(sec.title)}`, ''];
    lines.push(row(sec.head.map((h) => (h === '' ? ' ' : escapeMarkdownCell(h)))));
    lines.push(row(sec.align.map((a) => (a === 'right' ? '---:' : '---'))));
    for (const r of sec.rows)
        lines.push(row(r.map(escapeMarkdownCell)));
    return lines.join('\n');
}
/** `## mcptrace stats` followed by one `###` section per table. Ends without a trailing newline. */
export function formatStatsMarkdown(stats) {
    return ['## mcptrace stats', ...statsSections(stats).map(renderSection)].join('\n\n');
}
//# sourceMappingURL=stats-markdown.js.map