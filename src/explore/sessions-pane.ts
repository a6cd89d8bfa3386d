// The sessions pane: one line per session in the order they began — its tag, key, records, peers and verdict.
import type { SessionDiagnosis } from '../diagnose/types.js';
import type { Palette } from '../output/color.js';
import { escapeTerminal } from '../output/escape.js';
import { formatCount } from '../output/numbers.js';
import { truncate } from '../output/width.js';
import type { SessionInfo } from '../types.js';
import type { SessionEntry } from './record-index.js';

function peers(info: SessionInfo | undefined): string {
  if (info === undefined) return '';
  const name = (x: { name?: string; version?: string } | null) => (x?.name === undefined ? '?' : `${x.name}${x.version === undefined ? '' : ' ' + x.version}`);
  const revision = info.negotiatedRevision ?? info.requestedRevision;
  return `${name(info.clientInfo)} → ${name(info.serverInfo)}${revision === null ? '' : ` (${revision})`}`;
}

export function sessionLines(
  sessions: readonly SessionEntry[], info: (key: string) => SessionInfo | undefined, verdicts: readonly SessionDiagnosis[] | null, p: Palette, width: number,
): string[] {
  const verdictOf = new Map((verdicts ?? []).map((d) => [d.session, d.verdict]));
  return sessions.map((s) => {
    const key = s.key === '' ? '(outside any session)' : escapeTerminal(s.key);
    const verdict = verdictOf.get(s.key);
    const v = verdict === undefined ? p.dim('?'.padEnd(8)) : (verdict === 'ok' ? p.green : verdict === 'failed' ? p.red : p.yellow)(verdict.padEnd(8));
    // The key when the tag does not say it (a long HTTP session id is `s2`).
    const name = s.tag === key ? p.magenta(key) : `${p.magenta(escapeTerminal(s.tag) || '·')} ${p.bold(truncate(key, Math.max(12, width - 50)))}`;
    return [v, name, p.dim(`${formatCount(s.rows)} record${s.rows === 1 ? '' : 's'}`), escapeTerminal(peers(info(s.key)))].filter((x) => x !== '').join('  ');
  });
}
