// Links of the HTML report: rule pages and spec sections, made from the rule table only (never from the log).
import type { AuditReport } from '../../audit/types.js';
import { specUrlFor } from '../../rules/spec-urls.js';
import { joinKey, pathKeys } from '../../util/key-path.js';
import { html, type SafeHtml } from './html-escape.js';
import { CAUSE_METAS } from '../../diagnose/registry.js';

/** Where a rule's page and its spec section are, in a session's negotiated revision. */
export interface HtmlLinks {
  /** The rule page's URL (`docBase` + `docs/rules/<id>.md`), or null when the report was made without a `docBase`. */
  doc(rule: string): string | null;
  /** The spec section of the rule in `revision` (the rule's own link when that revision lacks it), or null. */
  spec(rule: string, revision: string | null): string | null;
  /** A cause's page (`docBase` + `docs/causes/<id>.md`, a cause of the registry only), or null without a `docBase`. */
  cause(id: string): string | null;
}

const CAUSES = new Set(CAUSE_METAS.map((m) => m.id));

/** Only our own kinds of link: the spec site over https, the rule pages as files or over https. */
const SAFE = /^(https:\/\/|file:\/\/\/)[^\s"'<>`]*$/;

/**
 * The links of `report`. `docBase` is the URL of the folder the rule pages' `docs/rules/<id>.md` paths are under
 * (the installed package, as a `file:` URL ending in `/`).
 */
export function htmlLinks(report: AuditReport, docBase?: string): HtmlLinks {
  const rules = new Map(report.rules.map((r) => [r.id, r]));
  const safe = (url: string): string | null => (SAFE.test(url) ? url : null);
  return {
    doc: (id) => {
      const r = rules.get(id);
      return r === undefined || docBase === undefined ? null : safe(new URL(r.docUrl, docBase).href);
    },
    spec: (id, revision) => {
      const r = rules.get(id);
      return r === undefined ? null : safe(specUrlFor(r.specUrl, revision));
    },
    cause: (id) =>
      docBase === undefined || !CAUSES.has(id) ? null : safe(new URL(`docs/causes/${id}.md`, docBase).href),
  };
}

/** `<a>` to `url` opening in a new tab, or the text alone when there is no link. */
export function linkTo(url: string | null, text: string | SafeHtml, cls = ''): SafeHtml {
  if (url === null) return html`${text}`;
  return html`<a href="${url}" target="_blank" rel="noreferrer noopener"${cls === '' ? '' : html` class="${cls}"`}>${text}</a>`;
}

/** A file path or method that may break after each `/` (never inside a name): `<wbr>` after every `/`. */
export function breakablePath(path: string): SafeHtml {
  const parts = path.split('/');
  return html`${parts.map((p, i) => (i < parts.length - 1 ? html`${p}/<wbr>` : html`${p}`))}`;
}

/**
 * A capability's key path (util/key-path.ts) that may break between its keys only: after each `.` of
 * `tasks.requests.tools.call`, before the `[` of `extensions["io.modelcontextprotocol/ui"]`, never inside a key.
 */
export function breakableKeyPath(path: string): SafeHtml {
  let at = '';
  const steps = pathKeys(path).map((key) => {
    const next = joinKey(at, key);
    const step = next.slice(at.length);
    at = next;
    return step;
  });
  return html`${steps.map((step, i) => (i === 0 ? html`${step}` : step.startsWith('.') ? html`.<wbr>${step.slice(1)}` : html`<wbr>${step}`))}`;
}
