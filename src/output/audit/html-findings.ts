// Findings of the HTML audit report: the severity filter, per-session finding tables, and the rules reference.
import type { AuditFinding, AuditReport } from '../../audit/types.js';
import type { Severity } from '../../types.js';
import { formatCount } from '../../util/numbers.js';
import { display, html, type SafeHtml } from './html-escape.js';
import { breakablePath, linkTo, type HtmlLinks } from './html-links.js';
import { ruleSeverities, SEVERITIES } from './parts.js';

/**
 * The filter: one checkbox per severity. Hidden until the script runs (it is the script's job), so a page
 * read without scripts shows every row and no dead controls.
 */
export function severityFilter(totals: Record<Severity, number>): SafeHtml {
  return html`<fieldset class="filter" data-filter hidden>
<legend>Show findings</legend>
${SEVERITIES.map((s) => html`<label><input type="checkbox" data-sev-filter="${s}" checked> <span class="sev ${s}">${s}</span> ${formatCount(totals[s])}</label>`)}
</fieldset>`;
}

/** `→ request 3 tools/call`: what the finding's record was (the method may break after its `/`). */
function recordText(f: AuditFinding): SafeHtml {
  const arrow = f.dir === 'c2s' ? '→' : f.dir === 's2c' ? '←' : f.dir === null ? '' : '·';
  const id = f.id === null ? '' : typeof f.id === 'string' ? JSON.stringify(f.id) : String(f.id);
  const head = [arrow, f.kind ?? '', id].filter((x) => x !== '').join(' ');
  return html`${head}${f.method === null ? '' : html` ${breakablePath(display(f.method))}`}`;
}

/** The rule's name linked to its page, and a link to the spec section it enforces in the session's revision. */
function ruleCell(rule: string, links: HtmlLinks, revision: string | null): SafeHtml {
  const spec = links.spec(rule, revision);
  return html`${linkTo(links.doc(rule), rule)}${spec === null ? '' : html`<br>${linkTo(spec, 'spec', 'ref')}`}`;
}

/**
 * A table of findings. `bodyId` gives the id of the record's body when the report kept it (its sequence
 * step), so the row links to it; records outside the kept sequence are named by seq and source only.
 */
export function findingsTable(
  findings: readonly AuditFinding[],
  bodyId: (f: AuditFinding) => string | null,
  links: HtmlLinks,
  revision: (f: AuditFinding) => string | null,
  /** The id of the story that holds the finding's record, when the report tells it: the row links to it. */
  storyId: (f: AuditFinding) => string | null = () => null,
): SafeHtml {
  if (findings.length === 0) return html`<p class="muted none">No findings.</p>`;
  return html`<div class="scroll"><table class="findings">
<thead><tr><th>severity</th><th>rule</th><th>message</th><th>record and source</th></tr></thead>
<tbody>${findings.map((f) => {
    const id = bodyId(f);
    const seq = id === null ? html`#${f.seq}` : html`<a href="#${id}" data-open="${id}">#${f.seq}</a>`;
    const told = storyId(f);
    const story = told === null ? '' : html` · <a href="#${told}" data-open="${told}" class="story-link">story</a>`;
    return html`<tr class="finding" data-sev="${f.severity}"><td><span class="sev ${f.severity}">${f.severity}</span></td><td class="mono rule">${ruleCell(f.rule, links, revision(f))}</td><td class="msg">${f.message}</td><td class="mono">${seq} ${recordText(f)}${story}<br><span class="muted">${breakablePath(f.source)}</span></td></tr>\n`;
  })}</tbody>
</table></div>`;
}

/** A rule's severity, or per severity when its findings have several: `error 5 warning 2`. */
function severityCell(severities: ReadonlyArray<[Severity, number]>): SafeHtml {
  const one = severities.length === 1;
  return html`${severities.map(([s, n], i) => html`${i > 0 ? ' ' : ''}<span class="sev ${s}">${s}</span>${one ? '' : ` ${formatCount(n)}`}`)}`;
}

/**
 * The rules: those that fired, with counts, then every active rule. Spec and doc references are links (made from the
 * rule table, never from the log), the spec in `revision` (the one every session negotiated) when it has the page.
 */
export function rulesSection(report: AuditReport, links: HtmlLinks, revision: string | null): SafeHtml {
  const fired = report.rules.filter((r) => (report.byRule[r.id] ?? 0) > 0);
  const unknown = Object.keys(report.byRule).filter((id) => !report.rules.some((r) => r.id === id));
  const row = (r: AuditReport['rules'][number], anchor = false) =>
    html`<tr${anchor ? html` id="rule-${r.id}"` : ''}><td class="mono rule">${r.id}</td><td>${severityCell(ruleSeverities(report, r.id, r.effectiveSeverity))}</td><td class="num">${formatCount(report.byRule[r.id] ?? 0)}</td><td>${r.description}<br><span class="muted">spec:</span> ${linkTo(links.spec(r.id, revision), html`<code class="ref">${breakablePath(links.spec(r.id, revision) ?? r.specUrl)}</code>`)}<br><span class="muted">doc:</span> ${linkTo(links.doc(r.id), html`<code class="ref">${breakablePath(r.docUrl)}</code>`)}</td></tr>\n`;
  const head = html`<thead><tr><th>rule</th><th>severity</th><th class="num">findings</th><th>what it checks</th></tr></thead>`;
  return html`<section class="card" id="rules">
<h2>Rules</h2>
${fired.length === 0 && unknown.length === 0 ? html`<p class="muted">No rule fired.</p>` : html`<div class="scroll"><table class="rules">${head}<tbody>${fired.map((r) => row(r, true))}${unknown.map((id) => html`<tr id="rule-${id}"><td class="mono">${id}</td><td>${severityCell(ruleSeverities(report, id, null))}</td><td class="num">${formatCount(report.byRule[id])}</td><td class="muted">(not in the active rule list)</td></tr>`)}</tbody></table></div>`}
<details><summary>All ${report.rules.length} active rules</summary><div class="scroll"><table class="rules">${head}<tbody>${report.rules.map((r) => row(r))}</tbody></table></div></details>
</section>`;
}
