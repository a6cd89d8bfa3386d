// The HTML report's stories: each request the report lists (it went wrong, or is among the slowest) as a line that
// opens into its timeline — offset, gap, record, direction, role, what it says, and the findings and marks on each step.
import type { Story } from '../../story/story.js';
import { markText } from '../mark-text.js';
import { formatMs } from '../../util/numbers.js';
import { countOf } from '../../util/plural.js';
import { outcomeWords, requestTitle, stepWords } from '../story-words.js';
import { html, type SafeHtml } from './html-escape.js';

const ARROW = { c2s: '→', s2c: '←', unknown: '·' } as const;

/** The element id of a story: unique per session section (`index` never comes from the log). */
function storyId(sessionIndex: number, seq: number): string {
  return `story-${sessionIndex}-${seq}`;
}

/** Each seq of a record of a story, mapped to its story's id: a finding's row links to the story that holds it. */
export function storyIds(stories: readonly Story[], sessionIndex: number): Map<number, string> {
  const out = new Map<number, string>();
  for (const s of stories)
    for (const st of s.steps) if (!out.has(st.record.seq)) out.set(st.record.seq, storyId(sessionIndex, s.request.seq));
  return out;
}

function stepRows(s: Story): SafeHtml {
  return html`${s.steps.map((st) => {
    const r = st.record;
    const notes = [
      ...r.findings.map(
        (f) =>
          html`<div class="note"><span class="sev ${f.severity}">${f.severity}</span> <b>${f.rule}</b>: ${f.message}</div>`,
      ),
      ...(r.marks ?? []).map(
        (m) =>
          html`<div class="note"><span class="sev ${m.impact === 'failed' ? 'error' : 'warning'}">${m.impact}</span> <b>${m.cause}</b>: ${markText(m)}</div>`,
      ),
    ];
    const at = st.atMs === null ? '' : `${st.atMs > 0 ? '+' : ''}${formatMs(st.atMs)}`;
    return html`<tr class="step" data-role="${st.role}"><td class="num">${at}</td><td class="num">${st.gapMs === null ? '' : formatMs(st.gapMs)}</td><td class="mono">#${r.seq}</td><td>${ARROW[r.dir]}</td><td class="mono">${st.role}</td><td class="msg">${stepWords(st, s)}${notes}</td></tr>\n`;
  })}`;
}

/** The stories of one session's requests, each folded under its line; nothing when there are none. */
export function storiesSection(stories: readonly Story[] | undefined, sessionIndex: number): SafeHtml | string {
  if (stories === undefined || stories.length === 0) return '';
  const item = (s: Story) => {
    const findings = s.steps.reduce((a, x) => a + x.record.findings.length + (x.record.marks?.length ?? 0), 0); // marks counted as findings
    const tag = s.outcome === 'ok' ? (findings > 0 ? 'warning' : 'info') : 'error';
    return html`<details class="story" id="${storyId(sessionIndex, s.request.seq)}" data-outcome="${s.outcome}"><summary><span class="sev ${tag}">${s.outcome}</span> <span class="mono">#${s.request.seq} ${ARROW[s.request.dir]} ${requestTitle(s.request)}</span> · ${outcomeWords(s)}${findings > 0 ? ` · ${countOf(findings, 'finding')}` : ''}</summary>
<div class="scroll"><table class="story"><thead><tr><th class="num">at</th><th class="num">gap</th><th>#</th><th></th><th>step</th><th>what</th></tr></thead><tbody>${stepRows(s)}</tbody></table></div>${s.omitted ? html`<p class="muted">… ${countOf(s.omitted, 'step')} more (mcptrace story ${s.request.source.replace(/:\d+$/, '')} '#${s.request.seq}')</p>` : ''}</details>\n`;
  };
  return html`<h3>Requests</h3><p class="muted">The requests that went wrong and the slowest, each opened into its story (<code>mcptrace story</code>).</p><div class="stories">${stories.map(item)}</div>`;
}
