// Stats sinks: JSON key order, cli-table3 without stray colour, Markdown escaping of log strings.
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { createPalette } from '../../src/output/color.js';
import { formatStatsJson, orderedStats } from '../../src/output/stats-json.js';
import { escapeMarkdownCell, formatStatsMarkdown } from '../../src/output/stats-markdown.js';
import { statsSections } from '../../src/output/stats-sections.js';
import { formatStatsTable } from '../../src/output/stats-table.js';
import { StatsCollector } from '../../src/stats/collector.js';
import type { Stats } from '../../src/stats/types.js';
import { openRequest, Seq, sessionInfo, stripSgr } from '../helpers/records.js';

const EVIL_TOOL = 'a|b`c\nd\x1b[2J';

function stats(sessions = 1): Stats {
  const c = new StatsCollector();
  const infos = [];
  for (let k = 1; k <= sessions; k++) {
    const s = new Seq({ session: String(k) });
    const init = s.request('initialize', 0, { phase: 'initialization', feature: 'lifecycle' });
    c.add(init);
    c.add(s.response(init, 12, {}, { phase: 'initialization' }));
    const t = s.request('tools/call', 1, {
      primitive: 'tools',
      feature: null,
      message: { params: { name: EVIL_TOOL } },
    });
    c.add(t);
    c.add(s.error(t, 40, -32602, 'nope'));
    infos.push(sessionInfo({ key: String(k), clientInfo: { name: 'cli|ent', version: '1' } }));
  }
  return c.finish(infos, [openRequest()]);
}

describe('formatStatsJson', () => {
  it('prints the documented top-level key order with 2-space indent, and round-trips', () => {
    const st = stats();
    const text = formatStatsJson(st);
    expect(text.split('\n')[1]).toBe('  "messages": 4,');
    const parsed = JSON.parse(text);
    expect(Object.keys(parsed)).toEqual([
      'messages',
      'bytes',
      'byKind',
      'byDirection',
      'byPrimitive',
      'byPhase',
      'lifecycle',
      'operation',
      'methods',
      'tools',
      'errors',
      'pairs',
      'invalid',
      'events',
      'logs',
      'sessions',
      'timeSpan',
    ]);
    expect(parsed).toEqual(JSON.parse(JSON.stringify(st)));
    expect(Object.keys(parsed.sessions[0]).slice(0, 10)).toEqual([
      'key',
      'file',
      'client',
      'server',
      'requestedRevision',
      'negotiatedRevision',
      'serverName',
      'onlySide',
      'messages',
      'bytes',
    ]);
    expect(Object.keys(parsed.sessions[0]).slice(-4)).toEqual(['pairs', 'invalid', 'events', 'logs']);
  });

  it('restores the order whatever order the object was built in', () => {
    const st = stats();
    const shuffled = Object.fromEntries(Object.entries(st).reverse()) as unknown as Stats;
    shuffled.byKind = Object.fromEntries(Object.entries(st.byKind).reverse()) as Stats['byKind'];
    expect(formatStatsJson(shuffled)).toBe(formatStatsJson(st));
    expect(Object.keys(orderedStats(shuffled).byKind)).toEqual([
      'request',
      'response',
      'error',
      'notification',
      'invalid',
    ]);
  });
});

/** The colour library cli-table3 uses, as cli-table3 resolves it. */
const tableColors = createRequire(createRequire(import.meta.url).resolve('cli-table3'))('@colors/colors/safe') as {
  enabled: boolean;
};

describe('formatStatsTable', () => {
  it('emits no escape codes at all with colour off, even when cli-table3 thinks the terminal has colour', () => {
    const was = tableColors.enabled;
    tableColors.enabled = true; // as under FORCE_COLOR or a TTY: cli-table3 would colour heads red, borders grey
    let out: string;
    try {
      out = formatStatsTable(stats(2), createPalette(false));
    } finally {
      tableColors.enabled = was;
    }
    expect(out).not.toContain('\x1b');
    for (const title of [
      'Totals',
      'Lifecycle vs operation',
      'By kind',
      'By direction',
      'By primitive',
      'By phase',
      'Methods',
      'Tools',
      'Errors by code',
      'Pairs',
      'Sessions',
    ]) {
      expect(out).toContain(title);
    }
    expect(out).toContain('-32602');
    expect(out).toContain('Invalid params');
    expect(out).toContain('a|b`c\\nd\\x1b[2J');
  });

  it('colours only through the palette when colour is on', () => {
    const on = formatStatsTable(stats(), createPalette(true));
    expect(on).toContain('\x1b[1m');
    expect(stripSgr(on)).toBe(formatStatsTable(stats(), createPalette(false)));
  });

  it('shows the per-session table only with several sessions', () => {
    expect(formatStatsTable(stats(1), createPalette(false))).not.toContain('Sessions');
    expect(statsSections(stats(3)).find((s) => s.title === 'Sessions')!.rows).toHaveLength(3);
  });

  it('shows the lifecycle/operation split as percentages', () => {
    const split = statsSections(stats()).find((s) => s.title === 'Lifecycle vs operation')!;
    expect(split.rows.map((r) => [r[0], r[1], r[3]])).toEqual([
      ['lifecycle', '2', '50.0%'],
      ['operation', '2', '50.0%'],
    ]);
  });
});

describe('Markdown', () => {
  /** GFM cell split: pipes not preceded by a backslash. */
  const cells = (row: string) => row.slice(1, -1).split(/(?<!\\)\|/);

  it('escapes pipes, backticks, newlines and control characters in log strings', () => {
    expect(escapeMarkdownCell(EVIL_TOOL)).toBe('a\\|b\\`c\\\\nd\\\\x1b\\[2J');
    expect(escapeMarkdownCell('<img src=x>&amp;*_~\\')).toBe('\\<img src=x\\>\\&amp;\\*\\_\\~\\\\');
  });

  it('keeps every table row at its column count and on one line', () => {
    const md = formatStatsMarkdown(stats(2));
    expect(md).not.toContain('\x1b');
    const toolRow = md.split('\n').find((l) => l.startsWith('| a'))!;
    expect(cells(toolRow)).toHaveLength(7);
    expect(toolRow).toContain('a\\|b\\`c\\\\nd');
    const sessionRows = md.split('\n').filter((l) => l.includes('cli\\|ent'));
    expect(sessionRows).toHaveLength(2);
    for (const r of sessionRows) expect(cells(r)).toHaveLength(11);
    for (const block of md.split('\n\n').filter((b) => b.startsWith('|'))) {
      const lines = block.split('\n');
      const n = cells(lines[0]!).length;
      for (const l of lines) expect(cells(l)).toHaveLength(n);
    }
  });

  it('right-aligns numeric columns and starts with a title', () => {
    const md = formatStatsMarkdown(stats());
    expect(md.startsWith('## mcptrace stats\n\n### Totals\n\n|   | value |\n| --- | ---: |')).toBe(true);
  });
});

describe('statsSections and contract v2', () => {
  it('shows log lines and one-sided sessions in the totals only when there are some', () => {
    const totals = (st: Stats) =>
      statsSections(st)
        .find((s) => s.title === 'Totals')!
        .rows.map((r) => r[0]);
    const st = stats(2);
    expect(totals(st)).not.toContain('logs');
    expect(totals(st).some((k) => k.startsWith('only the'))).toBe(false);
    const v2: Stats = {
      ...st,
      logs: 12,
      sessions: st.sessions.map((x, i) => ({ ...x, logs: i === 0 ? 12 : 0, onlySide: i === 0 ? 'server' : null })),
    };
    const rows = statsSections(v2).find((s) => s.title === 'Totals')!.rows;
    expect(rows).toContainEqual(['logs', '12']);
    expect(rows).toContainEqual(["only the server's side", '1 session']);
    // Log lines of no session (a host's lines before it names a server) are counted in the run's logs and said so.
    const outside: Stats = { ...v2, logs: 17 };
    expect(statsSections(outside).find((s) => s.title === 'Totals')!.rows).toContainEqual([
      'logs',
      '17 (5 outside any session)',
    ]);
  });
});

describe('the Sessions table', () => {
  function many(): Stats {
    const c = new StatsCollector();
    const infos = [];
    for (const key of ['1', 'json-response-streamable-http-server#2', '3']) {
      const s = new Seq({ session: key });
      const init = s.request('initialize', 0, { phase: 'initialization', feature: 'lifecycle' });
      c.add(init);
      c.add(s.response(init, 12, {}, { phase: 'initialization' }));
      c.add(s.request('tools/call', 1, { primitive: 'tools', feature: null }));
      infos.push(
        sessionInfo({
          key,
          clientInfo: { name: 'mcptrace-recorder', version: '0.1.0' },
          serverInfo: { name: 'mcp-servers/everything', version: '2.0.0' },
        }),
      );
    }
    return c.finish(infos, [openRequest({ session: '1', cancelled: true }), openRequest({ session: '3' })]);
  }

  it('counts what the Pairs table counts, with the same words: a cancelled request is not unanswered', () => {
    const st = many();
    const sec = statsSections(st).find((s) => s.title === 'Sessions')!;
    const col = (name: string) => sec.head.indexOf(name);
    for (const name of ['answered', 'unanswered', 'cancelled', 'orphans'] as const) {
      expect(col(name), name).toBeGreaterThan(0);
      const sum = sec.rows.reduce((n, r) => n + Number(r[col(name)]), 0);
      expect(sum, name).toBe(st.pairs[name]);
    }
    expect(st.pairs).toMatchObject({ unanswered: 1, cancelled: 1 });
    expect(sec.head).not.toContain('open');
  });

  it('fits the width it is given: wraps names, then leaves out bytes, lifecycle, revision, peers', () => {
    const st = many();
    for (const width of [80, 100, 120, 200]) {
      const text = stripSgr(formatStatsTable(st, createPalette(false), { width }));
      const sessions = text.slice(text.indexOf('Sessions'));
      for (const line of sessions.split('\n')) expect(line.length, `${width}: ${line}`).toBeLessThanOrEqual(width);
      expect(sessions).toContain('unanswered');
      expect(sessions).toContain('cancelled');
    }
    const wide = stripSgr(formatStatsTable(st, createPalette(false), { width: 200 }));
    expect(wide).toContain('json-response-streamable-http-server#2');
    expect(wide).toContain('mcp-servers/everything 2.0.0');
    const narrow = stripSgr(formatStatsTable(st, createPalette(false), { width: 80 }));
    expect(narrow.slice(narrow.indexOf('Sessions'))).not.toContain('bytes');
  });
});
