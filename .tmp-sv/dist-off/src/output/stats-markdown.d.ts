import type { Stats } from '../stats/types.js';
/**
 * One table cell from untrusted text. Control characters become visible escapes first (a newline
 * would end the table row; it shows as `\n`). Then every Markdown-active ASCII punctuation that could
 * change the table or the page is backslash-escaped (CommonMark §2.4): `\` itself, `|` (GFM splits cells on
 * it, even inside code spans), backticks, emphasis `*` `_` `~`, links `[` `]`, and `<` `>` `&` so no raw HTML
 * or entity gets through.
 */
export declare function escapeMarkdownCell(s: string): string;
/** `## mcptrace stats` followed by one `###` section per table. Ends without a trailing newline. */
export declare function formatStatsMarkdown(stats: Stats): string;
