// The diagnosis as a person reads it (`mcptrace why`): one line per session, then the causes of each session that
// failed or degraded with up to three lines of the log each, then a one-line total. Fits the given width.
import type { SessionDiagnosis } from '../diagnose/types.js';
import { worstVerdict } from '../diagnose/diagnoser.js';
import { escapeTerminal } from './escape.js';

const EVIDENCE_LINES = 3;

function fit(s: string, width: number): string {
  const one = escapeTerminal(s.replace(/[\r\n\t]+/g, ' ').trim());
  return one.length > width ? `${one.slice(0, Math.max(1, width - 1))}…` : one;
}

/** Words wrapped to `width`, each line after the first indented by `indent`. */
function wrap(s: string, width: number, indent: string, first = ''): string[] {
  const words = escapeTerminal(s.replace(/\s+/g, ' ').trim()).split(' ');
  const out: string[] = [];
  let line = first;
  for (const w of words) {
    const sep = line === first || line === indent ? '' : ' ';
    if (line.length + sep.length + w.length > width && line.trim().length > 0 && line !== first) {
      out.push(line);
      line = indent + w;
    } else line += sep + w;
  }
  if (line.trim().length > 0) out.push(line);
  return out.map((l) => (l.length > width ? `${l.slice(0, width - 1)}…` : l));
}

/** `file:line` with the file's last path segment: the reader knows which file they gave. */
function shortSource(source: string): string {
  const slash = source.lastIndexOf('/', source.lastIndexOf(':'));
  return slash >= 0 ? source.slice(slash + 1) : source;
}

/** What a row is called: the server's name, else the session's; the lines that belong to no session are the log's. */
export function sessionLabel(s: SessionDiagnosis): string {
  return s.server ?? (s.session === '' ? '(outside any session)' : `session ${s.session}`);
}

function headline(s: SessionDiagnosis): string {
  const top = s.diagnoses.find((d) => d.impact !== 'note');
  return top ? `${top.cause}: ${top.summary}` : 'no problem found';
}

export function formatWhyText(result: readonly SessionDiagnosis[], width = 80): string {
  const lines: string[] = [];
  const nameWidth = Math.min(24, Math.max(6, ...result.map((s) => sessionLabel(s).length)));
  for (const s of result) {
    const name = sessionLabel(s).slice(0, nameWidth).padEnd(nameWidth);
    lines.push(fit(`${s.verdict.padEnd(8)}  ${name}  ${headline(s)}`, width));
  }
  for (const s of result) {
    if (s.verdict === 'ok') continue;
    lines.push('', fit(`${s.verdict.toUpperCase()}  ${sessionLabel(s)}${s.server && s.session !== '' && s.server !== s.session ? ` (session ${s.session})` : ''}`, width));
    for (const d of s.diagnoses) {
      const tag = d.impact === 'note' ? 'note' : d.side;
      lines.push(...wrap(d.summary, width, '      ', `  ${d.cause} [${tag}]: `));
      for (const e of d.evidence.slice(0, EVIDENCE_LINES)) {
        const quoted = wrap(e.text, width, '        ', `    ${shortSource(e.source)}  `);
        if (quoted.length > 3) quoted.splice(3, quoted.length - 3, `${quoted[3]!.slice(0, width - 1)}…`);
        lines.push(...quoted);
      }
    }
  }
  const count = (v: string) => result.filter((s) => s.verdict === v).length;
  const sessions = result.filter((s) => s.session !== '').length;
  const outside = sessions < result.length ? ' and the lines outside any session' : '';
  lines.push('', `${sessions} session${sessions === 1 ? '' : 's'}${outside}: ${count('ok')} ok, ${count('degraded')} degraded, ${count('failed')} failed — ${worstVerdict(result.map((s) => s.verdict))}`);
  return lines.join('\n') + '\n';
}
