// The sessions pane: one line per session in the order they began — its tag, key, records, peers and verdict.
import type { SessionDiagnosis } from '../diagnose/types.js';
import type { Palette } from '../output/color.js';
import { escapeTerminal } from '../output/escape.js';
import { formatCount } from '../util/numbers.js';
import { displayWidth, padEnd, truncate } from '../output/width.js';
import type { SessionInfo } from '../types.js';
import type { SessionEntry } from './record-index.js';

function peers(info: SessionInfo | undefined): string {
  if (info === undefined || (info.clientInfo === null && info.serverInfo === null)) return '';
  const name = (x: { name?: string; version?: string } | null) =>
    x?.name === undefined ? '?' : `${x.name}${x.version === undefined ? '' : ' ' + x.version}`;
  const revision = info.negotiatedRevision ?? info.requestedRevision;
  return `${name(info.clientInfo)} → ${name(info.serverInfo)}${revision === null ? '' : ` (${revision})`}`;
}

export function sessionLines(
  sessions: readonly SessionEntry[],
  info: (key: string) => SessionInfo | undefined,
  verdicts: readonly SessionDiagnosis[] | null,
  p: Palette,
  width: number,
): string[] {
  const verdictOf = new Map((verdicts ?? []).map((d) => [d.session, d.verdict]));
  // The tag, then the key when the tag does not say it (a long HTTP session id is `s2`), in a column as wide as needed.
  const names = sessions.map((s) => {
    const key = s.key === '' ? '(outside any session)' : escapeTerminal(s.key);
    return s.tag === key ? key : `${escapeTerminal(s.tag) || '·'} ${truncate(key, Math.max(12, width - 60))}`;
  });
  const nameWidth = Math.min(Math.max(...names.map(displayWidth), 4), Math.max(12, width - 40));
  const counts = sessions.map((s) => `${formatCount(s.rows)} record${s.rows === 1 ? '' : 's'}`);
  const countWidth = Math.max(...counts.map(displayWidth), 0);
  return sessions.map((s, i) => {
    const verdict = verdictOf.get(s.key);
    const v =
      verdict === undefined
        ? p.dim('?'.padEnd(8))
        : (verdict === 'ok' ? p.green : verdict === 'failed' ? p.red : p.yellow)(verdict.padEnd(8));
    return [
      v,
      p.magenta(padEnd(truncate(names[i]!, nameWidth), nameWidth)),
      p.dim(padEnd(counts[i]!, countWidth)),
      escapeTerminal(peers(info(s.key))),
    ]
      .join('  ')
      .trimEnd();
  });
}
