// The audit report as one self-contained HTML page: no external URL, inline style and script pinned by a strict CSP.
import { createHash } from 'node:crypto';
import type { AuditFinding, AuditReport } from '../../audit/types.js';
import type { TimeSpan } from '../../stats/types.js';
import { formatCount, formatMs } from '../../util/numbers.js';
import { spanText } from '../stats-sections.js';
import { html, rawHtml, type SafeHtml } from './html-escape.js';
import { findingsTable, rulesSection, severityFilter } from './html-findings.js';
import {
  emptyFailure,
  sessionCount,
  sessionsFailure,
  findingsFail,
  nothingChecked,
  reportNotes,
  reportRevision,
  SEVERITIES,
} from './parts.js';
import { HTML_SCRIPT } from './html-script.js';
import { briefSessionSection, sessionSection } from './html-session.js';
import { whatHappened, type DiagnosisPlaces } from './html-diagnosis.js';
import { stepId } from './svg-sequence.js';
import { allStats } from './html-stats.js';
import { HTML_STYLE } from './html-style.js';
import { countOf, pluralOf } from '../../util/plural.js';
import { breakablePath, htmlLinks } from './html-links.js';

function sha256(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

/**
 * Nothing may load or run but this page's own sheet and script, each allowed by its hash: an injected
 * <script>, event handler, `javascript:` URL, style or remote image would be refused even if it reached
 * the markup. `img-src data:` only; no base URI, forms or frames.
 */
const HTML_CSP = `default-src 'none'; style-src ${sha256(HTML_STYLE)}; script-src ${sha256(HTML_SCRIPT)}; img-src data:; base-uri 'none'; form-action 'none'`;

function verdict(report: AuditReport): SafeHtml {
  if (report.failed) {
    const empty = emptyFailure(report);
    const sessions = sessionsFailure(report);
    const reasons = [
      ...(sessions === null ? [] : [sessions]),
      ...(findingsFail(report) ? [`at --fail-on ${report.failOn}`] : []),
      ...(empty === null ? [] : [empty]),
    ];
    return html`<div class="verdict failed">FAILED <span>${reasons.join('; ')}</span></div>`;
  }
  const unchecked = nothingChecked(report);
  if (unchecked !== null)
    return html`<div class="verdict ungated">NOTHING CHECKED <span class="muted">${unchecked.replace(/^nothing checked: /, '')}</span></div>`;
  if (report.failOn === 'none')
    return html`<div class="verdict ungated">NOT GATED <span class="muted">(--fail-on none)</span></div>`;
  return html`<div class="verdict passed">PASSED <span>at --fail-on ${report.failOn}</span></div>`;
}

/** Past this many inputs, the list is folded under its count: the header stays a screen's top. */
const INPUTS_SHOWN = 5;

function inputsHtml(inputs: readonly string[]): SafeHtml {
  const list = html`${inputs.map((f, i) => html`${i > 0 ? ', ' : ''}${breakablePath(f)}`)}`;
  return inputs.length <= INPUTS_SHOWN
    ? list
    : html`<details class="inputs"><summary>${countOf(inputs.length, 'file')}</summary>${list}</details>`;
}

/** The run's notes; past `INPUTS_SHOWN`, those that do not fail the run are folded under their count. */
function notesHtml(report: AuditReport): SafeHtml {
  const notes = reportNotes(report);
  const note = (n: (typeof notes)[number]) => html`<p class="note${n.fails ? ' failed' : ''}">${n.text}</p>`;
  if (notes.length <= INPUTS_SHOWN) return html`${notes.map(note)}`;
  const folded = notes.filter((n) => !n.fails);
  return html`${notes.filter((n) => n.fails).map(note)}${folded.length === 0 ? '' : html`<details class="notes"><summary>${countOf(folded.length, 'note')}</summary>${folded.map(note)}</details>`}`;
}

/** The run's span, then each input's clock times without a date (never compared with other times), a line each. */
function timeSpanHtml(span: TimeSpan): SafeHtml | string {
  const lines = [
    ...(span.first === null ? [] : [html`${span.first} – ${span.last ?? '?'} (${formatMs(span.durationMs)})`]),
    ...span.clockOnly.map((c) => html`${c.file}: ${spanText(c)}, clock times without a date`),
  ];
  return lines.length === 0 ? 'no timestamps' : html`${lines.map((l, i) => html`${i > 0 ? rawHtml('<br>') : ''}${l}`)}`;
}

function summary(report: AuditReport): SafeHtml {
  const { stats } = report;
  return html`<section class="card" id="summary">
<header class="report"><div><h1>MCP audit report</h1><div class="muted">${report.tool.name} ${report.tool.version} · generated ${report.generatedAt}</div></div>${verdict(report)}</header>
<dl class="facts">
<dt>inputs</dt><dd class="mono inputs">${inputsHtml(report.inputs)}</dd>
<dt>sessions</dt><dd>${formatCount(sessionCount(report))}${report.sessions.length < stats.sessions.length ? html` <span class="muted">(the first ${report.sessions.length} in detail)</span>` : ''}</dd>
<dt>traffic</dt><dd>${countOf(stats.messages, 'message')}, ${countOf(stats.bytes, 'byte')}, ${formatCount(stats.invalid)} invalid, ${countOf(stats.events, 'transport event')}${(stats.logs ?? 0) > 0 ? `, ${countOf(stats.logs, 'log line')}` : ''}</dd>
<dt>time span</dt><dd>${timeSpanHtml(stats.timeSpan)}</dd>
<dt>fail on</dt><dd>${report.failOn}</dd>
</dl>
<div class="totals">${SEVERITIES.map((s) => html`<div class="total ${s}" data-total="${s}"><b>${formatCount(report.totals[s])}</b>${report.totals[s] === 1 ? s : pluralOf(s)}</div>`)}</div>
${report.findingsOmitted > 0 ? html`<p class="muted">${countOf(report.findingsOmitted, 'more finding')} counted but not listed (report limit).</p>` : ''}
${notesHtml(report)}
</section>`;
}

/**
 * A report of more sessions than this draws the diagram and bodies of this many sessions at most, those that need
 * attention (failed, degraded, or with an error); the others are brief (`briefSessionSection`). 300 sessions drawn
 * in full were 18 MB and 13 s to open in Chromium (docs/performance.md, "The HTML report of many sessions").
 */
const FULL_SESSIONS = 10;

/** The sessions that need attention: failed, degraded, or with an error finding. */
function needAttention(report: AuditReport): Set<number> {
  const bad = new Set(report.diagnoses.filter((d) => d.verdict !== 'ok').map((d) => d.session));
  return new Set(
    report.sessions
      .map((_, i) => i)
      .filter((i) => bad.has(report.sessions[i].info.key) || report.sessions[i].counts.error > 0),
  );
}

/** Which sessions are drawn in full: all of a small report, else the first `FULL_SESSIONS` that need attention. */
function fullSessions(report: AuditReport, attention: ReadonlySet<number>): Set<number> {
  if (report.sessions.length <= FULL_SESSIONS) return new Set(report.sessions.map((_, i) => i));
  return new Set([...attention].slice(0, FULL_SESSIONS));
}

/**
 * Each diagnosis's session section, by the session's identity: its input and key (two files may hold sessions of the
 * same key, and a session known only from a host's lines has no section); the n-th of one input and key (a file read
 * twice) is its n-th section.
 */
function diagnosisPlaces(report: AuditReport, full: ReadonlySet<number>): DiagnosisPlaces {
  const id = (file: string, key: string) => `${file}\u0000${key}`;
  const byId = new Map<string, number[]>();
  report.sessions.forEach((s, i) => {
    const k = id(s.info.file, s.info.key);
    byId.set(k, [...(byId.get(k) ?? []), i]);
  });
  const seen = new Map<string, number>();
  const sections = report.diagnoses.map((d) => {
    const k = id(d.file, d.session);
    const n = seen.get(k) ?? 0;
    seen.set(k, n + 1);
    return byId.get(k)?.[n] ?? null;
  });
  const kept = new Map<number, Set<number>>();
  const keptOf = (i: number) => {
    let k = kept.get(i);
    if (!k)
      kept.set(
        i,
        (k = new Set([...report.sessions[i].sequence.head, ...report.sessions[i].sequence.tail].map((x) => x.seq))),
      );
    return k;
  };
  return {
    section: (i) => sections[i] ?? null,
    record: (i, seq) => {
      const at = sections[i];
      if (at === null || at === undefined) return null;
      return full.has(at) && keptOf(at).has(seq) ? stepId(at, seq) : `session-${at}`;
    },
  };
}

/** What the page links to beside itself: the rule pages under `docBase` (a URL ending in `/`), when given. */
interface HtmlContext {
  docBase?: string;
}

/** Render the whole report. Pure: the same report and context give the same bytes. */
export function renderAuditHtml(report: AuditReport, ctx: HtmlContext = {}): string {
  return [...renderAuditHtmlChunks(report, ctx)].join('');
}

/**
 * The page in pieces whose concatenation is `renderAuditHtml`'s string: the head, each session's section (made when
 * it is asked for), the rest. A report with 200 detailed sessions is tens of megabytes: it is written as it is made,
 * never held as one string (docs/performance.md, "Memory").
 */
export function* renderAuditHtmlChunks(report: AuditReport, ctx: HtmlContext = {}): Generator<string> {
  const links = htmlLinks(report, ctx.docBase);
  // One session: its statistics are the report's, shown once at the end.
  const single = report.sessions.length === 1 && report.stats.sessions.length <= 1;
  const bySession = new Map<string, AuditFinding[]>();
  for (const f of report.findings) {
    const list = bySession.get(f.session);
    if (list) list.push(f);
    else bySession.set(f.session, [f]);
  }
  const shown = new Set(report.sessions.map((s) => s.info.key));
  const attention = needAttention(report);
  const full = fullSessions(report, attention);
  const others = report.findings.filter((f) => !shown.has(f.session));
  yield html`<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${HTML_CSP}">
<meta name="referrer" content="no-referrer">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="generator" content="${report.tool.name} ${report.tool.version}">
<title>MCP audit report — ${report.inputs.join(', ')}</title>
<style>${rawHtml(HTML_STYLE)}</style>
</head>
<body>
<main>
${summary(report)}
${whatHappened(report, diagnosisPlaces(report, full), links)}
${severityFilter(report.totals)}
`.value;
  for (const [i, s] of report.sessions.entries()) {
    if (!full.has(i)) {
      yield briefSessionSection(s, i, bySession.get(s.info.key) ?? [], links, attention.has(i)).value;
      continue;
    }
    const st =
      report.stats.sessions.find((x) => x.key === s.info.key && x.file === s.info.file) ??
      report.stats.sessions.find((x) => x.key === s.info.key);
    yield sessionSection(s, i, bySession.get(s.info.key) ?? [], st, links, !single).value;
  }
  yield html`
${
  others.length > 0
    ? html`<section class="card" id="other-findings"><h2>Findings outside the detailed sessions</h2>${findingsTable(
        others,
        () => null,
        links,
        () => null,
      )}</section>`
    : ''
}
${rulesSection(report, links, reportRevision(report))}
${allStats(report.stats, single)}
<footer>Generated by ${report.tool.name} ${report.tool.version} at ${report.generatedAt}. Self-contained: this page loads nothing from anywhere.</footer>
</main>
<script>${rawHtml(HTML_SCRIPT)}</script>
</body>
</html>
`.value;
}
