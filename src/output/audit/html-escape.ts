// HTML escaping for the audit report: a tagged template that escapes every interpolated value (ARCHITECTURE.md principle 7).
//
// The report is built only from `html` templates. A value interpolated into one is escaped unless it is
// already `SafeHtml` (the output of another template), so log text can never become markup: there is no
// string concatenation of HTML anywhere in the renderer. One escape serves text and attribute contexts
// alike because every attribute the report writes is double-quoted and none is a URL, event handler,
// style or script context (those take no log data at all). The same holds for inline SVG: the HTML parser
// decodes entities in SVG text and attributes exactly as in HTML.
import { escapeTerminal } from '../escape.js';

/** Markup that is known to be safe: produced by `html` or `rawHtml` from constants. */
export class SafeHtml {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

/** What may be interpolated: markup, lists of markup, or any value (escaped as text). */
type HtmlValue = SafeHtml | readonly HtmlValue[] | string | number | boolean | null | undefined;

const ENTITIES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/**
 * `s` safe in HTML/SVG text and in double- or single-quoted attribute values. Control characters, C1,
 * line separators and bidi overrides from the log become visible escapes first (`\x1b`, `\u202e`), so a
 * log cannot hide text or make it read backwards (CVE-2021-42574); `keepLines` keeps newlines and tabs
 * for `<pre>` blocks.
 */
export function escapeHtml(s: string, keepLines = false): string {
  const visible = keepLines
    ? s
        .split('\n')
        .map((line) => line.split('\t').map(escapeTerminal).join('\t'))
        .join('\n')
    : escapeTerminal(s);
  return visible.replace(/[&<>"']/g, (c) => ENTITIES[c]);
}

/** Any value from the log as display text: strings as they are, other JSON values as compact JSON. */
export function display(v: unknown): string {
  if (typeof v === 'string') return v;
  if (v === undefined) return '';
  if (typeof v === 'number' || typeof v === 'boolean' || v === null) return String(v);
  try {
    return JSON.stringify(v) ?? String(v);
  } catch {
    return String(v);
  }
}

function render(v: HtmlValue): string {
  if (v instanceof SafeHtml) return v.value;
  if (Array.isArray(v)) return v.map(render).join('');
  if (v === null || v === undefined || v === false) return '';
  return escapeHtml(String(v));
}

/** The template every piece of the report is written with: `html\`<td>${logText}</td>\``. */
export function html(strings: TemplateStringsArray, ...values: HtmlValue[]): SafeHtml {
  let out = strings[0];
  for (let i = 0; i < values.length; i++) out += render(values[i]) + strings[i + 1];
  return new SafeHtml(out);
}

/** Multi-line text for a `<pre>`: escaped, newlines and tabs kept. */
export function preText(s: string): SafeHtml {
  return new SafeHtml(escapeHtml(s, true));
}

/** Markup from a constant of this program (CSS, the script): never pass log data here. */
export function rawHtml(constant: string): SafeHtml {
  return new SafeHtml(constant);
}
