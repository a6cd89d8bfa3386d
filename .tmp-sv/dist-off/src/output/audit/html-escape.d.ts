/** Markup that is known to be safe: produced by `html` or `rawHtml` from constants. */
export declare class SafeHtml {
    readonly value: string;
    constructor(value: string);
    toString(): string;
}
/** What may be interpolated: markup, lists of markup, or any value (escaped as text). */
export type HtmlValue = SafeHtml | readonly HtmlValue[] | string | number | boolean | null | undefined;
/**
 * `s` safe in HTML/SVG text and in double- or single-quoted attribute values. Control characters, C1,
 * line separators and bidi overrides from the log become visible escapes first (`\x1b`, `\u202e`), so a
 * log cannot hide text or make it read backwards (CVE-2021-42574); `keepLines` keeps newlines and tabs
 * for `<pre>` blocks.
 */
export declare function escapeHtml(s: string, keepLines?: boolean): string;
/** Any value from the log as display text: strings as they are, other JSON values as compact JSON. */
export declare function display(v: unknown): string;
/** The template every piece of the report is written with: `html\`<td>${logText}</td>\``. */
export declare function html(strings: TemplateStringsArray, ...values: HtmlValue[]): SafeHtml;
/** Multi-line text for a `<pre>`: escaped, newlines and tabs kept. */
export declare function preText(s: string): SafeHtml;
/** Markup from a constant of this program (CSS, the script): never pass log data here. */
export declare function rawHtml(constant: string): SafeHtml;
