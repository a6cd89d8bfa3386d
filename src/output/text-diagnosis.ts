// The transcript's diagnosis block: after the last record, each session that failed or degraded with its causes, as
// marker lines under the session (`↳ ✖ server-exited [server]: … · #5 #8`), each naming the records of its evidence
// by the numbers the transcript printed them with. A cause is decided when its session ends (a request never answered,
// a restart loop, slow answers are known only then), and a transcript streams: so the block comes at its end, where the
// whole of every session is known. What a record shows as it is read (a crash, a timeout …) is marked under the record
// as well (`recordMarkLines`, from the record's `marks`).
import type { SessionDiagnosis, Impact } from '../diagnose/types.js';
import type { RecordMark } from '../types.js';
import type { Palette, Style } from './color.js';
import { markText } from './mark-text.js';
import { escapeTerminal } from './escape.js';
import { displayWidth } from './width.js';
import { wrapWords } from './wrap-words.js';

const MARK: Readonly<Record<Impact, string>> = { failed: '✖', degraded: '▲', note: 'ℹ' };
const INDENT = 3;

function impactStyle(impact: Impact | 'ok', p: Palette): Style {
  return impact === 'failed' ? p.red : impact === 'degraded' ? p.yellow : p.cyan;
}

/** How the block names a session: as its title did (`session KEY (tag)`), or the lines outside any session. */
type SessionName = (s: SessionDiagnosis) => string;

/**
 * `what happened` and a few lines per session that did not go well, on lines of `width` columns; '' when every
 * session was ok (a healthy transcript ends as before). `text` masks what a summary quotes of the log (--redact).
 */
export function formatDiagnosisBlock(
  result: readonly SessionDiagnosis[],
  p: Palette,
  width: number,
  name: SessionName,
  text: (s: string) => string = (s) => s,
): string {
  const bad = result.filter((s) => s.verdict !== 'ok');
  if (bad.length === 0) return '';
  const lines = [p.bold('what happened')];
  for (const s of bad) {
    lines.push(`${' '.repeat(INDENT)}${name(s)} ${impactStyle(s.verdict, p)(s.verdict)}`);
    for (const d of s.diagnoses) lines.push(...markerLines(d, p, width, text));
  }
  return lines.join('\n');
}

/** `↳ ✖ cause [side]: summary · #5 #8`, wrapped at words under its first word, as a finding is. */
function markerLines(
  d: SessionDiagnosis['diagnoses'][number],
  p: Palette,
  width: number,
  text: (s: string) => string,
): string[] {
  const indent = INDENT + 2;
  const room = Math.max(10, width - indent - 2);
  const mark = `↳ ${MARK[d.impact]}`;
  const head = `${d.cause} [${d.side}]: `;
  const seqs = [...new Set(d.evidence.map((e) => e.seq))].map((n) => `#${n}`).join(' ');
  const body = escapeTerminal(text(d.summary.replace(/\s+/g, ' ').trim())) + (seqs === '' ? '' : ` · ${seqs}`);
  const wrapped = wrapWords(body, Math.max(10, room - displayWidth(head) - 2), room);
  const first =
    ' '.repeat(indent) +
    impactStyle(d.impact, p)(mark) +
    ` ${p.bold(d.cause)} ${p.dim(`[${d.side}]`)}: ` +
    styleRefs(wrapped[0]!, p);
  return [first, ...wrapped.slice(1).map((x) => ' '.repeat(indent + 2) + styleRefs(x, p))];
}

/**
 * A record's mark under it, in the style of the end block's marker: `↳ ✖ server-exited: the server exited before
 * answering initialize (exit code 1)`, wrapped at words under its first word, from column `indent`.
 */
export function recordMarkLines(m: RecordMark, p: Palette, indent: number, width: number): string[] {
  const room = Math.max(10, width - indent - 2);
  const head = `${m.cause}: `;
  const wrapped = wrapWords(markText(m), Math.max(10, room - displayWidth(head) - 2), room);
  const first =
    ' '.repeat(indent) + impactStyle(m.impact, p)(`↳ ${MARK[m.impact]}`) + ` ${p.bold(m.cause)}: ` + wrapped[0];
  return [first, ...wrapped.slice(1).map((x) => ' '.repeat(indent + 2) + x)];
}

/** The record numbers dimmed, as the transcript's `#N` column is. */
function styleRefs(line: string, p: Palette): string {
  return line.replace(/(?:· )?(?:#\d+ ?)+$/, (m) => p.dim(m));
}
