// Small transcripts of one session each, whose times are of one kind (dated, clock without a date, none), for the
// tests that no time span or latency mixes kinds (docs/commands/stats.md: timeSpan).

/** A time kind a log can have, and one or two logs of it (two, for the pair of the same kind). */
export type Kind = 'dated' | 'clock' | 'none';
export const KINDS: readonly Kind[] = ['dated', 'clock', 'none'];

/** The five messages of a session: initialize, its result, initialized, tools/list, its result. */
const MESSAGES = [
  '-> {"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"c","version":"1"}}}',
  '<- {"jsonrpc":"2.0","id":0,"result":{"protocolVersion":"2025-11-25","capabilities":{"tools":{}},"serverInfo":{"name":"s","version":"1"}}}',
  '-> {"jsonrpc":"2.0","method":"notifications/initialized"}',
  '-> {"jsonrpc":"2.0","id":1,"method":"tools/list"}',
  '<- {"jsonrpc":"2.0","id":1,"result":{"tools":[]}}',
];

export interface TimedLog {
  /** File name (under the test's folder). */
  name: string;
  text: string;
  /** The span the log has on its own; null without times. */
  span: { first: string; last: string; durationMs: number } | null;
  /** Latency of `tools/list` (ms), null without times. */
  listLatency: number | null;
}

function log(
  name: string,
  session: string,
  times: readonly string[] | null,
  span: TimedLog['span'],
  listLatency: number | null,
): TimedLog {
  const lines = MESSAGES.map((m, i) => (times === null ? m : `[${times[i]}] ${m}`));
  return { name, text: `=== session ${session} ===\n${lines.join('\n')}\n`, span, listLatency };
}

/**
 * Two logs of each kind. The dated ones are on different days (the second is earlier, so the run's first time comes
 * from the second input); the first clock log passes midnight (its day is counted: 2.25 s, not -24 h).
 */
export const LOGS: Record<Kind, [TimedLog, TimedLog]> = {
  dated: [
    log(
      'dated-1.txt',
      'd1',
      [
        '2026-11-30T10:00:00.000Z',
        '2026-11-30T10:00:00.100Z',
        '2026-11-30T10:00:00.150Z',
        '2026-11-30T10:00:02.000Z',
        '2026-11-30T10:00:02.500Z',
      ],
      { first: '2026-11-30T10:00:00.000Z', last: '2026-11-30T10:00:02.500Z', durationMs: 2500 },
      500,
    ),
    log(
      'dated-2.txt',
      'd2',
      [
        '2026-11-29T09:00:00.000Z',
        '2026-11-29T09:00:00.100Z',
        '2026-11-29T09:00:00.150Z',
        '2026-11-29T09:00:00.500Z',
        '2026-11-29T09:00:01.000Z',
      ],
      { first: '2026-11-29T09:00:00.000Z', last: '2026-11-29T09:00:01.000Z', durationMs: 1000 },
      500,
    ),
  ],
  clock: [
    log(
      'clock-1.txt',
      'c1',
      ['23:59:59.000', '23:59:59.100', '23:59:59.150', '00:00:01.000', '00:00:01.250'],
      { first: '23:59:59.000', last: '00:00:01.250', durationMs: 2250 },
      250,
    ),
    log(
      'clock-2.txt',
      'c2',
      ['08:00:00.000', '08:00:00.100', '08:00:00.150', '08:00:00.200', '08:00:00.500'],
      { first: '08:00:00.000', last: '08:00:00.500', durationMs: 500 },
      300,
    ),
  ],
  none: [log('none-1.txt', 'n1', null, null, null), log('none-2.txt', 'n2', null, null, null)],
};

/** Every ordered pair of kinds, with its two logs (the second log of a kind when both are of it). */
export function pairs(): Array<{ name: string; logs: [TimedLog, TimedLog] }> {
  return KINDS.flatMap((a) =>
    KINDS.map((b) => ({ name: `${a} + ${b}`, logs: [LOGS[a][0], LOGS[b][a === b ? 1 : 0]] as [TimedLog, TimedLog] })),
  );
}

/** `timeSpan` as stats give it for `logs` in this order, with `file` naming each log as the run does. */
export function expectedSpan(logs: readonly TimedLog[], file: (l: TimedLog) => string) {
  const dated = logs.filter((l) => l.span !== null && l.name.startsWith('dated'));
  const clock = logs.filter((l) => l.span !== null && l.name.startsWith('clock'));
  const clockOnly = clock.map((l) => ({ file: file(l), ...l.span! }));
  if (dated.length > 0) {
    const first = dated.reduce((a, l) => (Date.parse(l.span!.first) < Date.parse(a.span!.first) ? l : a)).span!.first;
    const last = dated.reduce((a, l) => (Date.parse(l.span!.last) >= Date.parse(a.span!.last) ? l : a)).span!.last;
    return { first, last, durationMs: Date.parse(last) - Date.parse(first), clockOnly };
  }
  if (clock.length === 1) return { ...clock[0]!.span!, clockOnly: [] };
  return { first: null, last: null, durationMs: null, clockOnly };
}
