// "What happened", first in the HTML audit report: the sessions by verdict and cause, the rules that fired, a row per
// session, then the causes of each session that failed or degraded with the log's own lines as evidence.
import type { AuditReport } from '../../audit/types.js';
import { worstVerdict } from '../../diagnose/diagnoser.js';
import { CAUSE_METAS } from '../../diagnose/registry.js';
import type { Diagnosis, SessionDiagnosis, Verdict } from '../../diagnose/types.js';
import { formatCount } from '../../util/numbers.js';
import { countOf } from '../../util/plural.js';
import { sessionLabel } from '../diagnosis-parts.js';
import { html, preText, type SafeHtml } from './html-escape.js';
import { breakablePath, linkTo, type HtmlLinks } from './html-links.js';

/** Where a diagnosed session is in the report: its section's index (null: no section), and the link to one of its records. */
export interface DiagnosisPlaces {
  /** The section of `report.diagnoses[i]`, or null (a session of log lines only has none). */
  section(i: number): number | null;
  /** The id a link to record `seq` of `report.diagnoses[i]` goes to: its body when the page has it, else its section, else null. */
  record(i: number, seq: number): string | null;
}

/** Past this many sessions ok, their rows are folded into a <details> below the ones that need attention. */
const OK_ROWS_SHOWN = 20;
/** Distinct summaries shown per cause in the summary by cause. */
const SUMMARIES_PER_CAUSE = 3;

const TITLES = new Map(CAUSE_METAS.map((m) => [m.id, m.title]));

function headCause(s: SessionDiagnosis): Diagnosis | undefined {
  return s.diagnoses.find((d) => d.impact !== 'note');
}

function badge(v: Verdict): SafeHtml {
  return html`<span class="badge ${v}">${v}</span>`;
}

function causeLink(cause: string, links: HtmlLinks): SafeHtml {
  return html`<span class="mono cause">${linkTo(links.cause(cause), cause)}</span>`;
}

/** `300 sessions: 212 ok, 47 degraded, 41 failed` (and the lines outside any session, apart). */
function countsLine(list: readonly SessionDiagnosis[]): SafeHtml {
  const sessions = list.filter((s) => s.session !== '');
  const n = (v: Verdict) => sessions.filter((s) => s.verdict === v).length;
  // The lines outside any session (one entry per input that has them), by their worst verdict.
  const outside = worstVerdict(list.filter((s) => s.session === '').map((s) => s.verdict));
  return html`<p class="lead"><b>${countOf(sessions.length, 'session')}:</b> ${(['failed', 'degraded', 'ok'] as const).map((v, i) => html`${i > 0 ? ', ' : ''}${badge(v)} ${formatCount(n(v))}`)}${outside !== 'ok' ? html`; the lines outside any session: ${badge(outside)}` : ''}</p>`;
}

/** Per cause that made a session fail or degrade: how many sessions, the side, and what the log said most often. */
function byCause(list: readonly SessionDiagnosis[], links: HtmlLinks): SafeHtml {
  const causes = new Map<string, { sessions: number; sides: Set<string>; summaries: Map<string, number> }>();
  for (const s of list) {
    for (const d of s.diagnoses) {
      if (d.impact === 'note') continue;
      let c = causes.get(d.cause);
      if (!c) causes.set(d.cause, (c = { sessions: 0, sides: new Set(), summaries: new Map() }));
      c.sessions++;
      c.sides.add(d.side);
      c.summaries.set(d.summary, (c.summaries.get(d.summary) ?? 0) + 1);
    }
  }
  if (causes.size === 0) return html`<p class="muted">No session failed or degraded.</p>`;
  const rows = [...causes].sort((a, b) => b[1].sessions - a[1].sessions || (a[0] < b[0] ? -1 : 1));
  return html`<h3>By cause</h3><div class="scroll"><table class="causes">
<thead><tr><th>cause</th><th class="num">sessions</th><th>side</th><th>what the log says</th></tr></thead>
<tbody>${rows.map(([id, c]) => {
    const top = [...c.summaries].sort((a, b) => b[1] - a[1]).slice(0, SUMMARIES_PER_CAUSE);
    const more = c.summaries.size - top.length;
    return html`<tr><td>${causeLink(id, links)}<br><span class="muted">${TITLES.get(id) ?? ''}</span></td><td class="num">${formatCount(c.sessions)}</td><td>${[...c.sides].join(', ')}</td><td class="msg">${top.map(([text, n], i) => html`${i > 0 ? html`<br>` : ''}${text}${n > 1 ? html` <b>×${formatCount(n)}</b>` : ''}`)}${more > 0 ? html`<br><span class="muted">and ${formatCount(more)} more</span>` : ''}</td></tr>\n`;
  })}</tbody></table></div>`;
}

/** The rules that fired, most findings first, each linked to its row of the Rules section. */
function byRule(report: AuditReport): SafeHtml {
  const fired = Object.entries(report.byRule)
    .filter(([, n]) => n > 0)
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
  if (fired.length === 0) return html`<h3>By rule</h3><p class="muted">No rule fired.</p>`;
  return html`<h3>By rule</h3><p class="rules-fired">${fired.map(([id, n], i) => html`${i > 0 ? ' · ' : ''}<a class="mono" href="#rule-${id}">${id}</a> ×${formatCount(n)}`)}</p>`;
}

function row(s: SessionDiagnosis, i: number, places: DiagnosisPlaces, links: HtmlLinks): SafeHtml {
  const top = headCause(s);
  const section = places.section(i);
  const name = sessionLabel(s);
  const more = s.verdict === 'ok' ? null : `why-${i}`;
  return html`<tr class="diagnosis ${s.verdict}"><td>${badge(s.verdict)}</td><td class="mono name">${more === null ? breakablePath(name) : html`<a href="#${more}">${breakablePath(name)}</a>`}</td><td class="msg">${top === undefined ? html`<span class="muted">no problem found</span>` : html`${causeLink(top.cause, links)}: ${top.summary}`}</td><td class="side">${top?.side ?? ''}</td><td class="nowrap">${section === null ? '' : html`<a href="#session-${section}">session</a>`}</td></tr>\n`;
}

function evidence(d: Diagnosis, i: number, places: DiagnosisPlaces): SafeHtml {
  if (d.evidence.length === 0) return html``;
  return html`<ol class="evidence">${d.evidence.map((e) => {
    const to = places.record(i, e.seq);
    return html`<li><span class="mono where">${to === null ? html`#${e.seq}` : html`<a href="#${to}" data-open="${to}">#${e.seq}</a>`} <span class="muted">${breakablePath(e.source)}</span></span><pre>${preText(e.text)}</pre></li>`;
  })}</ol>`;
}

/** One session that failed or degraded: each cause with its side, its summary and the log lines that show it. */
function detail(s: SessionDiagnosis, i: number, places: DiagnosisPlaces, links: HtmlLinks): SafeHtml {
  const section = places.section(i);
  return html`<div class="why ${s.verdict}" id="why-${i}"><h4>${badge(s.verdict)} ${sessionLabel(s)}${s.server !== null && s.session !== '' && s.server !== s.session ? html` <span class="muted">(session ${s.session})</span>` : ''}${section === null ? '' : html` <a class="ref" href="#session-${section}">the session in this report</a>`}</h4>
${s.diagnoses.map((d) => html`<div class="cause-item${d.impact === 'note' ? ' note' : ''}"><p>${causeLink(d.cause, links)} <span class="tag side">${d.impact === 'note' ? 'note' : d.side}</span> ${d.summary}</p>${evidence(d, i, places)}</div>`)}
</div>`;
}

/** The "What happened" section: the first thing the report shows after its header. */
export function whatHappened(report: AuditReport, places: DiagnosisPlaces, links: HtmlLinks): SafeHtml {
  const list = report.diagnoses;
  if (list.length === 0) return html``;
  const indexed = list.map((s, i) => [s, i] as const);
  const attention = indexed.filter(([s]) => s.verdict !== 'ok');
  const ok = indexed.filter(([s]) => s.verdict === 'ok');
  const head = html`<thead><tr><th>verdict</th><th>server or session</th><th>what happened</th><th class="side">side</th><th></th></tr></thead>`;
  const okFolded = ok.length > OK_ROWS_SHOWN;
  const rows = [...attention, ...(okFolded ? [] : ok)];
  return html`<section class="card" id="what-happened">
<h2>What happened</h2>
${countsLine(list)}
${byCause(list, links)}
${byRule(report)}
<h3>Sessions</h3>
${rows.length === 0 ? '' : html`<div class="scroll"><table class="diagnoses">${head}<tbody>${rows.map(([s, i]) => row(s, i, places, links))}</tbody></table></div>`}
${okFolded ? html`<details class="ok-sessions"><summary>${countOf(ok.length, 'more row')} ok, a line each</summary><div class="scroll"><table class="diagnoses">${head}<tbody>${ok.map(([s, i]) => row(s, i, places, links))}</tbody></table></div></details>` : ''}
${attention.length === 0 ? '' : html`<h3>Causes and evidence</h3>${attention.map(([s, i]) => detail(s, i, places, links))}`}
</section>`;
}
