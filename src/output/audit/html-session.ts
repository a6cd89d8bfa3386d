// One session of the HTML audit report: header, capability matrix, findings, statistics, sequence diagram, bodies.
import type { AuditFinding, AuditSession, CapabilityRow, SequenceStep } from '../../audit/types.js';
import type { SessionStats } from '../../stats/types.js';
import { formatCount, formatMs } from '../../util/numbers.js';
import { display, html, preText, type SafeHtml } from './html-escape.js';
import { findingsTable } from './html-findings.js';
import { storiesSection, storyIds } from './html-story.js';
import { sessionStats } from './html-stats.js';
import { clockOf, sequenceSvg, stepId } from './svg-sequence.js';
import { diagramItems } from './step-groups.js';
import { revisionText, undeclaredReason } from '../text-session.js';
import { sessionNoteText } from '../input-notes.js';
import { countOf } from '../../util/plural.js';
import { breakableKeyPath, breakablePath, type HtmlLinks } from './html-links.js';

function peer(p: AuditSession['info']['clientInfo']): SafeHtml {
  if (p === null) return html`<span class="muted">not seen</span>`;
  const name = display(p.name);
  const version = display(p.version);
  return html`<b>${name === '' ? '?' : name}</b>${version === '' ? '' : html` <span class="muted">${version}</span>`}`;
}

/** A session of the 2026-07-28 revision only: it has no handshake to have seen or missed. */
function modernOnly(i: AuditSession['info']): boolean {
  return i.eras?.every((e) => e === 'modern') === true;
}
const MODERN_HANDSHAKE = 'none: 2026-07-28 has none (each request states its revision and capabilities)';

function header(s: AuditSession, index: number): SafeHtml {
  const i = s.info;
  const mismatch =
    i.requestedRevision !== null && i.negotiatedRevision !== null && i.requestedRevision !== i.negotiatedRevision;
  const c = s.counts;
  return html`<h2 id="session-${index}">Session <span class="mono">${i.key}</span> <span class="muted">· ${breakablePath(i.file)}</span></h2>
<dl class="facts">
<dt>client</dt><dd class="client">${peer(i.clientInfo)}</dd>
<dt>server</dt><dd class="server">${peer(i.serverInfo)}</dd>
<dt>revision</dt><dd>${i.eras === undefined ? html`requested <code>${i.requestedRevision ?? '?'}</code>, negotiated <code>${i.negotiatedRevision ?? '?'}</code>${mismatch ? html` <span class="tag warn">differs</span>` : ''}` : revisionText(i)}</dd>
<dt>transport</dt><dd>${i.transport ?? 'unknown'}</dd>
${i.server != null ? html`<dt>server name</dt><dd class="mono">${i.server}</dd>` : ''}${sessionNoteText(i) !== null ? html`<dt>note</dt><dd>${sessionNoteText(i)}</dd>` : ''}
<dt>handshake</dt><dd>${modernOnly(i) ? MODERN_HANDSHAKE : `initialize ${i.initializeSeen ? 'seen' : 'not seen'}, notifications/initialized ${i.initializedSeen ? 'seen' : 'not seen'}`}</dd>
<dt>records</dt><dd>#${i.firstSeq} – #${i.lastSeq}</dd>
<dt>findings</dt><dd><span class="sev error">${countOf(c.error, 'error')}</span> <span class="sev warning">${countOf(c.warning, 'warning')}</span> <span class="sev info">${countOf(c.info, 'info')}</span></dd>
</dl>`;
}

function status(r: CapabilityRow, i: AuditSession['info']): SafeHtml {
  if (r.usedUndeclared > 0) return html`<span class="tag bad">used without being declared</span>`;
  if (r.declared === null) return html`<span class="tag">${undeclaredReason(i, r.side)}</span>`;
  if (r.declared && r.used === 0 && r.usedBelow === 0) return html`<span class="tag warn">declared, never used</span>`;
  if (r.declared && r.used === 0) return html`<span class="tag good">used through its sub-capabilities</span>`;
  if (r.declared) return html`<span class="tag good">declared and used</span>`;
  return html`<span class="tag">not declared</span>`;
}

function capabilityMatrix(rows: readonly CapabilityRow[], i: AuditSession['info']): SafeHtml {
  if (rows.length === 0) return html`<h3>Capabilities</h3><p class="muted">No capability declared or used.</p>`;
  const declared = (r: CapabilityRow) => (r.declared === null ? '?' : r.declared ? 'yes' : 'no');
  return html`<h3>Capabilities</h3><div class="scroll"><table class="capabilities">
<thead><tr><th>side</th><th>capability</th><th>declared</th><th class="num">used</th><th class="num">undeclared uses</th><th>status</th></tr></thead>
<tbody>${rows.map((r) => html`<tr><td>${r.side}</td><td class="mono">${breakableKeyPath(r.path)}</td><td>${declared(r)}</td><td class="num">${formatCount(r.used)}</td><td class="num">${formatCount(r.usedUndeclared)}</td><td>${status(r, i)}</td></tr>\n`)}</tbody>
</table></div>`;
}

function summaryLine(s: SequenceStep): string {
  const arrow = s.dir === 'c2s' ? '→' : s.dir === 's2c' ? '←' : '·';
  const id = s.id === null ? '' : typeof s.id === 'string' ? ` ${JSON.stringify(s.id)}` : ` ${s.id}`;
  const latency = s.latencyMs === null ? '' : ` (${formatMs(s.latencyMs)})`;
  return `#${s.seq} ${clockOf(s.ts)} ${arrow} ${s.kind}${id} ${s.label}${latency}`;
}

function bodies(steps: readonly SequenceStep[], index: number, elided: number, headCount: number): SafeHtml {
  const item = (s: SequenceStep) =>
    html`<details class="body" id="${stepId(index, s.seq)}"><summary>${s.severity === null ? '' : html`<span class="sev ${s.severity}">${s.severity}</span> `}${summaryLine(s)}</summary>${s.body === null ? html`<p class="muted">No body kept.</p>` : html`<pre>${preText(s.body)}</pre>`}</details>\n`;
  const gap = elided > 0 ? html`<p class="muted gap-note">… ${countOf(elided, 'message')} elided …</p>` : html``;
  return html`<h3>Message bodies</h3><p class="muted">Click an arrow in the diagram or a line below to see the message as logged.</p><div class="bodies">${steps.slice(0, headCount).map(item)}${gap}${steps.slice(headCount).map(item)}</div>`;
}

/**
 * The section for one session; `index` keeps element ids unique and never comes from the log. `ownStats`: the session
 * has statistics of its own (with one session, the report's Statistics are its statistics, shown once).
 */
export function sessionSection(
  s: AuditSession,
  index: number,
  findings: readonly AuditFinding[],
  stats: SessionStats | undefined,
  links: HtmlLinks,
  ownStats: boolean,
): SafeHtml {
  const steps = [...s.sequence.head, ...s.sequence.tail];
  const kept = new Set(steps.map((x) => x.seq));
  const bodyId = (f: AuditFinding) => (kept.has(f.seq) ? stepId(index, f.seq) : null);
  const told = storyIds(s.stories ?? [], index);
  return html`<section class="card session" data-session-index="${index}">
${header(s, index)}
<h3>Findings</h3>${findingsTable(
    findings,
    bodyId,
    links,
    () => s.info.negotiatedRevision,
    (f) => told.get(f.seq) ?? null,
  )}
${storiesSection(s.stories, index)}
${capabilityMatrix(s.capabilities, s.info)}
${ownStats ? sessionStats(stats) : ''}
<h3>Sequence</h3>
<div class="legend"><span>→ request (solid)</span><span>⇢ response (dashed)</span><span class="sev error">error response</span><span>▷ notification (open head)</span><span>▭ transport event</span><span>● finding, in its severity's colour</span>${hasBlocks(s) ? html`<span class="chain-key">▭ a chain (multi round-trip request, version retry, subscription): one block, its legs marked</span>` : ''}</div>
<div class="diagram">${sequenceSvg(s, index)}</div>
${bodies(steps, index, s.sequence.elided, s.sequence.head.length)}
</section>`;
} /** Whether the session's diagram draws a chain as a block (its legend says what a block is only then). */
function hasBlocks(s: AuditSession): boolean {
  return diagramItems(s.sequence, { nest: false }).some((i) => i.kind === 'open');
}

/** Step lines a brief session shows: its first and its last. */
const BRIEF_HEAD = 20;
const BRIEF_TAIL = 10;

/**
 * A session of a report of many that is not drawn in full: a line in a <details>, open when the session needs attention
 * (failed, degraded, or with an error), closed when not; inside, a line of facts, its findings, and its messages as
 * lines (one text node). No diagram and no bodies: those are the report of this session alone, whose command it names.
 */
export function briefSessionSection(
  s: AuditSession,
  index: number,
  findings: readonly AuditFinding[],
  links: HtmlLinks,
  open: boolean,
): SafeHtml {
  const i = s.info;
  const steps = [...s.sequence.head, ...s.sequence.tail];
  const shown =
    steps.length > BRIEF_HEAD + BRIEF_TAIL ? [...steps.slice(0, BRIEF_HEAD), null, ...steps.slice(-BRIEF_TAIL)] : steps;
  const left = steps.length - (BRIEF_HEAD + BRIEF_TAIL) + s.sequence.elided;
  const lines = shown.map((x) => (x === null ? `… ${countOf(left, 'message')} more …` : summaryLine(x))).join('\n');
  const c = s.counts;
  const server = display(i.serverInfo?.name) || i.server || '';
  return html`<section class="card session brief" data-session-index="${index}"><details class="brief"${open ? html` open` : ''}>
<summary><h2 id="session-${index}">Session <span class="mono">${i.key}</span>${server === '' ? '' : html` <span class="mono">${server}</span>`} <span class="muted">· ${breakablePath(i.file)} · ${countOf(c.error, 'error')}, ${countOf(c.warning, 'warning')}, ${countOf(c.info, 'info')}</span></h2></summary>
<p class="facts-line"><span class="muted">client</span> <span class="client">${peer(i.clientInfo)}</span> · <span class="muted">server</span> <span class="server">${peer(i.serverInfo)}</span> · ${i.transport ?? 'unknown transport'} · records #${i.firstSeq} – #${i.lastSeq}</p>
${
  findings.length === 0
    ? html`<p class="muted none">No findings.</p>`
    : findingsTable(
        findings,
        () => null,
        links,
        () => i.negotiatedRevision,
      )
}
<details class="steps"><summary>Messages (${formatCount(steps.length + s.sequence.elided)})</summary><pre>${preText(lines)}</pre><p class="muted">The sequence diagram and the message bodies: <code>mcptrace audit -f html --session ${i.key} ${i.file}</code></p></details>
</details></section>`;
}
