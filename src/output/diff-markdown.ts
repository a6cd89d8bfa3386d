// `mcptrace diff -f markdown`: the changes as a PR comment — a summary line, then a table per category.
import type { Change, DiffReport } from '../diff/types.js';
import { CATEGORIES } from './diff-text.js';
import { countOf } from '../util/plural.js';

export function formatDiffMarkdown(r: DiffReport, failing: readonly Change[]): string {
  const cell = (s: string) => s.replace(/\|/g, '\\|').replace(/\n/g, ' ');
  const out: string[] = ['## mcptrace diff', ''];
  const fails = new Set(failing);
  const breaking = r.changes.filter((c) => c.breaking).length;
  out.push(
    failing.length === 0
      ? `✅ Nothing that fails the run · ${countOf(r.changes.length, 'change')}`
      : `❌ ${countOf(failing.length, 'change')} failing the run · ${breaking} breaking`,
    '',
    `- **A**: ${r.a.captures.map((c) => `\`${c}\``).join(', ')} (${countOf(r.a.sessions, 'session')}, ${countOf(r.a.messages, 'message')})`,
    `- **B**: ${r.b.captures.map((c) => `\`${c}\``).join(', ')} (${countOf(r.b.sessions, 'session')}, ${countOf(r.b.messages, 'message')})`,
    `- ${countOf(r.requests.compared, 'request')} compared; ${r.requests.onlyA} only in A, ${r.requests.onlyB} only in B`,
  );
  for (const { id, title } of CATEGORIES) {
    const cs = r.changes.filter((c) => c.category === id);
    out.push('', `### ${title}`, '');
    if (cs.length === 0) {
      out.push('No change.');
      continue;
    }
    out.push('| | what | change |', '|---|---|---|');
    for (const c of cs)
      out.push(
        `| ${c.breaking ? '✗ breaking' : fails.has(c) ? '! failing' : ''} | ${cell(c.subject)} | ${cell(c.what)} |`,
      );
  }
  return out.join('\n') + '\n';
}
