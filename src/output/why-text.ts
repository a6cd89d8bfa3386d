// The diagnosis as a person reads it (`mcptrace why`): one line per session, then the causes of each session that
// failed or degraded with up to three lines of the log each, then a one-line total. Past MANY_SESSIONS sessions, the
// failures grouped by cause first, one session of each group in full, the ok ones counted. Fits the given width.
import type { SessionDiagnosis } from '../diagnose/types.js';
import { worstVerdict } from '../diagnose/diagnoser.js';
import { escapeTerminal } from './escape.js';
import { truncate } from './width.js';
import {
  alsoText,
  causeGroups,
  headlineText,
  MANY_SESSIONS,
  sessionAside,
  sessionLabel,
  verdictCounts,
  verdictCountsText,
} from './diagnosis-parts.js';

const EVIDENCE_LINES = 3;

/** One line of `s`, cut to `width` columns (display columns: a wide character takes two). */
function oneLine(s: string, width: number): string {
  return truncate(escapeTerminal(s.replace(/[\r\n\t]+/g, ' ').trim()), width);
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
  return out.map((l) => truncate(l, width));
}

/** `file:line` with the file's last path segment: the reader knows which file they gave. */
function shortSource(source: string): string {
  const slash = source.lastIndexOf('/', source.lastIndexOf(':'));
  return slash >= 0 ? source.slice(slash + 1) : source;
}

/** A session that failed or degraded: its name, then each cause with its side and up to three lines of the log. */
function sessionCauses(s: SessionDiagnosis, width: number): string[] {
  const aside = sessionAside(s);
  const lines = [
    oneLine(`${s.verdict.toUpperCase()}  ${sessionLabel(s)}${aside === null ? '' : ` (${aside})`}`, width),
  ];
  for (const d of s.diagnoses) {
    const tag = d.impact === 'note' ? 'note' : d.side;
    lines.push(...wrap(d.summary, width, '      ', `  ${d.cause} [${tag}]: `));
    for (const e of d.evidence.slice(0, EVIDENCE_LINES)) {
      const quoted = wrap(e.text, width, '        ', `    ${shortSource(e.source)}  `);
      if (quoted.length > 3) quoted.splice(3, quoted.length - 3, `${quoted[3]!.slice(0, width - 1)}…`);
      lines.push(...quoted);
    }
  }
  return lines;
}

/**
 * Many sessions: the failures grouped by cause and words (`failed ×38 server-exited: …`), then one session of each
 * group in full with the others named on a line, and the ok sessions as a count.
 */
function manySessions(result: readonly SessionDiagnosis[], width: number): string[] {
  const groups = causeGroups(result);
  const lines = wrap(verdictCountsText(result), width, '  ');
  for (const g of groups)
    lines.push(
      ...wrap(
        `${g.cause}: ${g.summary}`,
        width,
        ' '.repeat(16),
        `${g.verdict.padEnd(8)}  ${`×${g.sessions.length}`.padEnd(4)}  `,
      ).slice(0, 2),
    );
  for (const g of groups) {
    const [first, ...rest] = g.sessions;
    lines.push('', ...sessionCauses(first!, width));
    if (rest.length > 0) lines.push(...wrap(alsoText(rest), width, '    ', '  '));
  }
  const ok = verdictCounts(result).ok;
  if (ok > 0) lines.push('', `${ok} ok`);
  return lines;
}

export function formatWhyText(result: readonly SessionDiagnosis[], width = 80): string {
  const lines: string[] = [];
  if (result.length > MANY_SESSIONS) lines.push(...manySessions(result, width));
  else {
    const nameWidth = Math.min(24, Math.max(6, ...result.map((s) => sessionLabel(s).length)));
    for (const s of result) {
      const name = sessionLabel(s).slice(0, nameWidth).padEnd(nameWidth);
      lines.push(oneLine(`${s.verdict.padEnd(8)}  ${name}  ${headlineText(s)}`, width));
    }
    for (const s of result) if (s.verdict !== 'ok') lines.push('', ...sessionCauses(s, width));
  }
  lines.push('', ...wrap(`${verdictCountsText(result)} — ${worstVerdict(result.map((s) => s.verdict))}`, width, '  '));
  return lines.join('\n') + '\n';
}
