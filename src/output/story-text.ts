// A request's story as text (`mcptrace story`): two lines that say what the request was and how it ended, then a
// timeline of its steps — offset from the request, gap from the step before, the record's number, direction, role and
// what it says — with each record's findings and marks under it. Fits the given width.
import type { Story } from '../story/story.js';
import type { Palette } from './color.js';
import { escapeTerminal } from './escape.js';
import { formatMs } from '../util/numbers.js';
import { outcomeWords, requestTitle, stepWords, storyCounts } from './story-words.js';
import { recordMarkLines } from './text-diagnosis.js';
import { findingLinesAt, idText } from './text.js';
import { padEnd, padStart, truncate } from './width.js';
import { wrapWords } from './wrap-words.js';

const ARROW = { c2s: '→', s2c: '←', unknown: '·' } as const;
const SENDER = { c2s: 'client → server', s2c: 'server → client', unknown: 'direction unknown' } as const;

/** The offset and gap columns: `+1.00s`, `2m 05s` fit in 8. */
const TIME_COLUMN = 8;

export function formatStoryText(s: Story, p: Palette, width: number): string {
  const r = s.request;
  const cut = (line: string) => truncate(line, width);
  const head = [
    p.bold(cut(escapeTerminal(`${requestTitle(r)} · id ${idText(r.id)} · ${SENDER[r.dir]} · session ${s.session}`))),
    ...wrapWords(
      escapeTerminal(`${outcomeWords(s)}${storyCounts(s) === '' ? '' : ` · ${storyCounts(s)}`}`),
      width,
      width - 2,
    ).map((l, i) => (i === 0 ? l : `  ${l}`)),
    p.dim(
      cut(
        escapeTerminal(
          `${r.source}${s.tasks.length === 0 ? '' : ` · ${s.tasks.length === 1 ? 'task' : 'tasks'} ${s.tasks.join(', ')}`}`,
        ),
      ),
    ),
    '',
  ];
  const seqWidth = Math.max(...s.steps.map((x) => String(x.record.seq).length)) + 1;
  const roleWidth = Math.max(...s.steps.map((x) => x.role.length));
  // `   +1.00s    1.00s  #42 ← `: the columns before the role.
  const lead = TIME_COLUMN * 2 + 3 + seqWidth + 3;
  const rows = [
    p.dim(
      cut(
        `${padStart('at', TIME_COLUMN)} ${padStart('gap', TIME_COLUMN)}  ${padEnd('#', seqWidth)}   ${padEnd('step', roleWidth)} what`,
      ),
    ),
  ];
  for (const st of s.steps) {
    const at = st.atMs === null ? '' : `${st.atMs > 0 ? '+' : ''}${formatMs(st.atMs)}`;
    const gap = st.gapMs === null ? '' : formatMs(st.gapMs);
    const words = escapeTerminal(stepWords(st, s));
    const left = `${padStart(at, TIME_COLUMN)} ${padStart(gap, TIME_COLUMN)}  ${padEnd(`#${st.record.seq}`, seqWidth)} ${ARROW[st.record.dir]} `;
    const role = padEnd(st.role, roleWidth);
    rows.push(`${p.dim(left)}${role} ${truncate(words, Math.max(10, width - lead - roleWidth - 1))}`);
    for (const f of st.record.findings) rows.push(...findingLinesAt(f, p, lead, width));
    for (const m of st.record.marks ?? []) rows.push(...recordMarkLines(m, p, lead, width));
  }
  return [...head, ...rows].join('\n') + '\n';
}
