// `mcptrace diff` for people: what each side held, the changes by category (breaking ones marked), the requests
// compared, and what the exit code says — wrapped to the width.
import type { Category, Change, DiffReport } from '../diff/types.js';
import type { Palette } from './color.js';
import { countOf } from '../util/plural.js';
import { wrapWords } from './wrap-words.js';

export const CATEGORIES: readonly { id: Category; title: string }[] = [
  { id: 'surface', title: 'Surface' },
  { id: 'behaviour', title: 'Behaviour' },
  { id: 'latency', title: 'Latency and failures' },
  { id: 'findings', title: 'Findings and diagnoses' },
];

export function formatDiffText(r: DiffReport, failing: readonly Change[], width: number, p: Palette): string {
  const lines: string[] = [];
  const fails = new Set(failing);
  const side = (name: string, s: DiffReport['a']) =>
    wrapWords(
      `${name}: ${s.captures.join(', ')} · ${countOf(s.sessions, 'session')}, ${countOf(s.messages, 'message')}`,
      width,
      width - 3,
    ).map((l, i) => (i === 0 ? l : `   ${l}`));
  lines.push(...side('A', r.a), ...side('B', r.b));
  for (const { id, title } of CATEGORIES) {
    const cs = r.changes.filter((c) => c.category === id);
    const breaking = cs.filter((c) => c.breaking).length;
    lines.push(
      '',
      p.bold(
        `${title}: ${cs.length === 0 ? 'no change' : countOf(cs.length, 'change')}${breaking > 0 ? `, ${breaking} breaking` : ''}`,
      ),
    );
    for (const c of cs) {
      const mark = c.breaking ? p.red('✗') : fails.has(c) ? p.yellow('!') : '·';
      const text = wrapWords(`${c.subject}: ${c.what}`, width - 4, width - 6);
      lines.push(`  ${mark} ${text[0]}`, ...text.slice(1).map((l) => `      ${l}`));
    }
  }
  const q = r.requests;
  lines.push(
    '',
    ...wrapWords(
      `Requests: ${countOf(q.compared, 'request')} asked on both sides compared; ${q.onlyA} only in A, ${q.onlyB} only in B`,
      width,
    ),
  );
  lines.push(
    failing.length === 0
      ? p.green('Nothing that fails the run.')
      : p.red(
          `${countOf(failing.length, 'change')} that ${failing.length === 1 ? 'fails' : 'fail'} the run (--fail-on).`,
        ),
  );
  return lines.join('\n') + '\n';
}
