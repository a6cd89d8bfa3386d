// Statistics tables of the HTML audit report: per session (lifecycle/operation split, methods) and for all traffic.
import type { MethodStats, ScopeStats, Stats } from '../../stats/types.js';
import { formatCount, formatMs, formatPercent } from '../../util/numbers.js';
import { statsSections, type StatsSection } from '../stats-sections.js';
import { html, type SafeHtml } from './html-escape.js';
import { breakablePath } from './html-links.js';
import { countOf } from '../../util/plural.js';
import { failedCalls } from './parts.js';

/** A table from a neutral stats section; every cell is log-derived text and is escaped by `html`. */
function sectionTable(sec: StatsSection, caption = true): SafeHtml {
  const cls = (i: number) => (sec.align[i] === 'right' ? 'num' : '');
  // A revision (`2025-11-25`) is never broken at its dashes; a name or URL may break after a `/`.
  const cell = (c: string, i: number) =>
    html`<td class="${/^\d{4}-\d{2}-\d{2}$/.test(c) ? 'nowrap' : cls(i)}">${breakablePath(c)}</td>`;
  return html`${caption ? html`<h3>${sec.title}</h3>` : html``}<div class="scroll"><table class="stats">
<thead><tr>${sec.head.map((h, i) => html`<th class="${cls(i)}">${h}</th>`)}</tr></thead>
<tbody>${sec.rows.map((r) => html`<tr>${r.map(cell)}</tr>\n`)}</tbody>
</table></div>`;
}

/** Lifecycle vs operation as numbers and a two-colour bar (SVG: no style attributes under the CSP). */
function splitBar(s: ScopeStats): SafeHtml {
  const life = s.lifecycle.share;
  const w = 320;
  const lw = Math.round(life * w);
  return html`<div class="split">
<svg class="bar" viewBox="0 0 ${w} 14" role="img" aria-label="lifecycle ${formatPercent(life)}, operation ${formatPercent(s.operation.share)}"><rect class="life" x="0" y="0" width="${lw}" height="14"/><rect class="op" x="${lw}" y="0" width="${w - lw}" height="14"/></svg>
<span><span class="tag">lifecycle</span> ${countOf(s.lifecycle.messages, 'message')} · ${countOf(s.lifecycle.bytes, 'byte')} · ${formatPercent(life)}</span>
<span><span class="tag">operation</span> ${countOf(s.operation.messages, 'message')} · ${countOf(s.operation.bytes, 'byte')} · ${formatPercent(s.operation.share)}</span>
</div>`;
}

function byCount<T extends MethodStats>(t: Record<string, T>): Array<[string, T]> {
  return Object.entries(t).sort((a, b) => b[1].count - a[1].count || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
}

/** Per method: count, errors and latency percentiles. */
function methodTable(methods: Record<string, MethodStats>): SafeHtml {
  const rows = byCount(methods);
  if (rows.length === 0) return html`<p class="muted">No requests or notifications.</p>`;
  return html`<table class="stats methods">
<thead><tr><th>method</th><th class="num">count</th><th class="num">errors</th><th class="num">p50</th><th class="num">p95</th><th class="num">max</th></tr></thead>
<tbody>${rows.map(([name, m]) => html`<tr><td class="mono">${name}</td><td class="num">${formatCount(m.count)}</td><td class="num">${formatCount(failedCalls(m))}</td><td class="num">${formatMs(m.latencyMs.p50)}</td><td class="num">${formatMs(m.latencyMs.p95)}</td><td class="num">${formatMs(m.latencyMs.max)}</td></tr>\n`)}</tbody>
</table>`;
}

/** One session's statistics; `s` is the session's entry in `stats.sessions`. */
export function sessionStats(s: ScopeStats | undefined): SafeHtml {
  if (!s) return html`<p class="muted">No statistics for this session.</p>`;
  const p = s.pairs;
  return html`<h3>Statistics</h3>${splitBar(s)}
<p class="muted">${countOf(s.messages, 'message')}, ${countOf(s.bytes, 'byte')} · answered ${formatCount(p.answered)} · unanswered ${formatCount(p.unanswered)} · cancelled ${formatCount(p.cancelled)} · orphans ${formatCount(p.orphans)} · invalid ${formatCount(s.invalid)} · events ${formatCount(s.events)}</p>
${methodTable(s.methods)}`;
}

/** All traffic: lifecycle/operation, methods, tools, errors, pairs (the `stats` report's sections); `single`: of the one session. */
export function allStats(stats: Stats, single: boolean): SafeHtml {
  const sections = statsSections(stats).filter((s) => s.title !== 'Methods' && s.title !== 'Lifecycle vs operation');
  const pick = (title: string) => sections.filter((s) => s.title === title).map((s) => sectionTable(s));
  const rest = sections.filter((s) => !['Totals', 'Tools', 'Errors by code', 'Pairs', 'Sessions'].includes(s.title));
  return html`<section class="card" id="statistics">
<h2>${single ? 'Statistics' : 'Statistics — all sessions'}</h2>
${splitBar(stats)}
<div class="grid2"><div>${pick('Totals')}${pick('Pairs')}</div><div>${pick('Errors by code')}${rest.map((s) => sectionTable(s))}</div></div>
<h3>Methods</h3>${methodTable(stats.methods)}
${pick('Tools')}${pick('Sessions')}
</section>`;
}
