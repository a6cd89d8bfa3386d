import { formatCount } from '../numbers.js';
import { display, html } from './html-escape.js';
export const SEVERITIES = ['error', 'warning', 'info'];
/**
 * The filter: one checkbox per severity. Hidden until the script runs (it is the script's job), so a page
 * read without scripts shows every row and no dead controls.
 */
export function severityFilter(totals) {
    return html `<fieldset class="filter" data-filter hidden>
<legend>Show findings</legend>
${SEVERITIES.map((s) => html `<label><input type="checkbox" data-sev-filter="${s}" checked> <span class="sev ${s}">${s}</span> ${formatCount(totals[s])}</label>`)}
</fieldset>`;
}
/** `→ req 3 tools/call`: what the finding's record was. */
function recordText(f) {
    const arrow = f.dir === 'c2s' ? '→' : f.dir === 's2c' ? '←' : f.dir === null ? '' : '·';
    const id = f.id === null ? '' : typeof f.id === 'string' ? JSON.stringify(f.id) : String(f.id);
    return [arrow, f.kind ?? '', id, display(f.method ?? '')].filter((x) => x !== '').join(' ');
}
/**
 * A table of findings. `bodyId` gives the id of the record's body when the report kept it (its sequence
 * step), so the row links to it; records outside the kept sequence are named by seq and source only.
 */
export function findingsTable(findings, bodyId) {
    if (findings.length === 0)
        return html `<p class="muted none">No findings.</p>`;
    return html `<table class="findings">
<thead><tr><th>severity</th><th>rule</th><th>message</th><th>record</th><th>source</th></tr></thead>
<tbody>${findings.map((f) => {
        const id = bodyId(f);
        const seq = id === null ? html `#${f.seq}` : html `<a href="#${id}" data-open="${id}">#${f.seq}</a>`;
        return html `<tr class="finding" data-sev="${f.severity}"><td><span class="sev ${f.severity}">${f.severity}</span></td><td class="mono rule">${f.rule}</td><td class="msg">${f.message}</td><td class="mono">${seq} ${recordText(f)}</td><td class="mono">${f.source}</td></tr>\n`;
    })}</tbody>
</table>`;
}
/**
 * The rules: those that fired, with counts, then every active rule. Spec and doc references are shown as
 * copyable text, not links: the report makes no reference to any URL a browser would follow.
 */
export function rulesSection(report) {
    const fired = report.rules.filter((r) => (report.byRule[r.id] ?? 0) > 0);
    const unknown = Object.keys(report.byRule).filter((id) => !report.rules.some((r) => r.id === id));
    const row = (r) => html `<tr><td class="mono rule">${r.id}</td><td><span class="sev ${r.effectiveSeverity}">${r.effectiveSeverity}</span></td><td class="num">${formatCount(report.byRule[r.id] ?? 0)}</td><td>${r.description}<br><span class="muted">spec:</span> <code class="ref">${r.specUrl}</code><br><span class="muted">doc:</span> <code class="ref">${r.docUrl}</code></td></tr>\n`;
    const head = html `<thead><tr><th>rule</th><th>severity</th><th class="num">findings</th><th>what it checks</th></tr></thead>`;
    return html `<section class="card" id="rules">
<h2>Rules</h2>
${fired.length === 0 && unknown.length === 0 ? html `<p class="muted">No rule fired.</p>` : html `<table class="rules">${head}<tbody>${fired.map(row)}${unknown.map((id) => html `<tr><td class="mono">${id}</td><td></td><td class="num">${formatCount(report.byRule[id])}</td><td class="muted">(not in the active rule list)</td></tr>`)}</tbody></table>`}
<details><summary>All ${report.rules.length} active rules</summary><table class="rules">${head}<tbody>${report.rules.map(row)}</tbody></table></details>
</section>`;
}
//# sourceMappingURL=html-findings.js.map