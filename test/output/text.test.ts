// The text transcript's record lines: columns laid out for a width, labels, pairing/latency, error names, findings, body, escaping, colour.
import { describe, expect, it } from 'vitest';
import { createPalette } from '../../src/output/color.js';
import {
  formatSessionNote,
  formatTextFooter,
  formatTextHeader,
  formatTextRecord,
  formatTime,
  type TextOptions,
} from '../../src/output/text.js';
import { indentOf, textLayout, type TextLayout } from '../../src/output/text-layout.js';
import { displayWidth } from '../../src/output/width.js';
import { openRequest, rec, Seq, sessionInfo, stripSgr } from '../helpers/records.js';

const plain = createPalette(false);
const color = createPalette(true);
/** Every column shown: the widest layout. */
const WIDE = textLayout(200);
const wide: TextOptions = { layout: WIDE };
const ORDER = ['seq', 'session', 'time', 'arrow', 'kind', 'id', 'phase', 'method', 'primitive', 'capability'] as const;

/** Start column of each column of `l` (one space between columns), and of the free text after them. */
function starts(l: TextLayout): Record<(typeof ORDER)[number] | 'tail', number> {
  const out = {} as Record<(typeof ORDER)[number] | 'tail', number>;
  let col = 0;
  for (const k of ORDER) {
    out[k] = col;
    if (l[k] > 0) col += l[k] + 1;
  }
  out.tail = col;
  return out;
}
const START = starts(WIDE);

/** The text of a column in a plain main line, by display columns. */
function column(line: string, name: keyof typeof START, width: number): string {
  const chars = [...new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(line)].map((s) => s.segment);
  let col = 0;
  let out = '';
  for (const ch of chars) {
    if (col >= START[name]! && col < START[name]! + width) out += ch;
    col += displayWidth(ch);
  }
  return out.trim();
}

function sample(): Seq {
  const s = new Seq({ ts: '2025-06-18T12:34:56.789Z' });
  const init = s.request('initialize', 0, { phase: 'initialization', feature: 'lifecycle' });
  s.response(init, 23, {}, { phase: 'initialization' });
  s.notification('notifications/resources/list_changed', { primitive: 'resources', feature: null, dir: 's2c' });
  const call = s.request('tools/call', 'a-very-long-string-id-0123456789', {
    primitive: 'tools',
    feature: null,
    capability: { side: 'server', path: 'tools', negotiated: true },
  });
  s.error(call, 1234, -32602, 'Unknown tool');
  s.add({
    kind: 'invalid',
    method: null,
    primitive: null,
    feature: null,
    id: null,
    message: null,
    raw: '{oops',
    wire: { text: null },
    dir: 'unknown',
    dirInferred: true,
    ts: null,
  });
  s.add({
    kind: 'event',
    method: null,
    primitive: null,
    feature: null,
    id: null,
    message: null,
    event: { name: 'exit' },
    wire: { text: null },
    ts: '12:00:01',
  });
  return s;
}

describe('formatTextRecord layout', () => {
  it('at full width, aligns every column at the same display position across record kinds', () => {
    const lines = sample().records.map((r) => formatTextRecord(r, plain, wide).split('\n')[0]!);
    const expected = [
      ['#1', '12:34:56.789', '→', 'req', '0', 'init', 'initialize', 'base:lifecycle', '-'],
      ['#2', '12:34:56.789', '←', 'res', '0', 'init', 'initialize', 'base:lifecycle', '-'],
      ['#3', '12:34:56.789', '←', 'ntf', '', 'op', 'notifications/resources/list_changed', 'resources', '-'],
      ['#4', '12:34:56.789', '→', 'req', '"a-very-l…', 'op', 'tools/call', 'tools', 'srv:tools ✓'],
      ['#5', '12:34:56.789', '←', 'err', '"a-very-l…', 'op', 'tools/call', 'tools', '-'],
      ['#6', '', '·?', 'bad', '', 'op', '(invalid)', '', '-'],
      ['#7', '12:00:01', '→', 'evt', '', 'op', 'exit', '', '-'],
    ];
    const names = ['seq', 'time', 'arrow', 'kind', 'id', 'phase', 'method', 'primitive', 'capability'] as const;
    lines.forEach((line, i) => {
      expect(names.map((n) => column(line, n, WIDE[n]))).toEqual(expected[i]);
    });
  });

  it('shows pairing, latency and the error code with its name in the free text', () => {
    const lines = sample().records.map((r) => formatTextRecord(r, plain, wide).split('\n')[0]!);
    expect(column(lines[1]!, 'tail', 200)).toBe('↔ #1 23ms');
    expect(column(lines[4]!, 'tail', 200)).toBe('↔ #4 1.23s -32602 Invalid params "Unknown tool"');
    expect(column(lines[0]!, 'tail', 200)).toBe('');
    const orphan = new Seq().response(null, null);
    expect(formatTextRecord(orphan, plain)).toContain('↔ ?');
  });

  it('marks capabilities negotiated ✓, refused ✗, unknown ?, none -', () => {
    const cap = (negotiated: boolean | null) =>
      formatTextRecord(rec({ capability: { side: 'client', path: 'roots.listChanged', negotiated } }), plain, wide);
    expect(cap(true)).toContain('cli:roots.listChanged ✓');
    expect(cap(false)).toContain('cli:roots.listChanged ✗');
    expect(cap(null)).toContain('cli:roots.listChanged ?');
  });

  it('uses an injected error-name lookup', () => {
    const s = new Seq();
    const line = formatTextRecord(s.error(s.request('x', 1), 1, 42, ''), plain, { errorName: (c) => `custom ${c}` });
    expect(line).toContain('42 custom 42');
  });
});

describe('formatTime', () => {
  it('takes HH:MM:SS.mmm from ISO times and keeps clock strings as given', () => {
    expect(formatTime('2025-06-18T01:02:03.4Z')).toBe('01:02:03.400');
    expect(formatTime('2025-06-18T01:02:03.456789+02:00')).toBe('01:02:03.456');
    expect(formatTime('2025-06-18T01:02:03Z')).toBe('01:02:03.000');
    expect(formatTime('01:02:03')).toBe('01:02:03');
    expect(formatTime(null)).toBe('');
  });
});

describe('findings and body lines', () => {
  it('prints one indented line per finding under the record', () => {
    const r = rec({
      ts: '2025-06-18T12:34:56.789Z',
      findings: [
        { rule: 'a', severity: 'error', message: 'first' },
        { rule: 'b', severity: 'info', message: 'second' },
      ],
    });
    const out = formatTextRecord(r, plain, wide).split('\n');
    expect(out).toHaveLength(3);
    expect(out[1]).toBe(' '.repeat(indentOf(WIDE)) + '↳ error   a: first');
    expect(out[2]).toBe(' '.repeat(indentOf(WIDE)) + '↳ info    b: second');
  });

  it('prints the body only when asked, from wire text: --body-width characters over lines, and its length where cut', () => {
    const text = '{"jsonrpc":"2.0",  "id":1,"method":"ping","params":{"pad":"' + 'x'.repeat(500) + '"}}';
    const r = rec({ wire: { text } });
    expect(formatTextRecord(r, plain).split('\n')).toHaveLength(1);
    const ctx: { bodyCut?: boolean } = {};
    const body = formatTextRecord(r, plain, { body: true, bodyWidth: 40 }, ctx).split('\n')[1]!;
    expect(body.trimStart()).toBe(text.slice(0, 39) + `… (${text.length} chars)`);
    expect(ctx.bodyCut).toBe(true);
  });
});

describe('escaping of log content', () => {
  const CLEAR = '\x1b[2J';
  const TITLE = '\x1b]0;title\x07';
  const evil = `${CLEAR}${TITLE}\u009b31m`;

  function evilRecords(): string[] {
    const s = new Seq();
    const req = s.request(`tools/${evil}`, `id${evil}`, {
      capability: { side: 'server', path: `p${evil}`, negotiated: true },
      findings: [{ rule: `r${evil}`, severity: 'error', message: `m${evil}` }],
    });
    const err = s.error(req, 5, -32603, `msg${evil}`);
    const bad = s.add({ kind: 'invalid', message: null, raw: `raw${evil}`, wire: { text: null } });
    const ev = s.add({
      kind: 'event',
      message: null,
      event: { name: `ev${evil}`, data: { x: evil } },
      wire: { text: null },
      ts: `t${evil}`,
    });
    const out: string[] = [];
    for (const p of [plain, color]) {
      for (const r of [req, err, bad, ev])
        out.push(formatTextRecord(r, p, { body: true, bodyWidth: 'full', width: 200 }));
      out.push(
        formatTextHeader(
          sessionInfo({
            key: `k${evil}`,
            file: `f${evil}`,
            clientInfo: { name: `c${evil}` },
            serverInfo: { name: 's', version: evil },
            requestedRevision: evil,
            transport: evil,
          }),
          p,
        ),
      );
      out.push(formatTextFooter([openRequest({ method: `m${evil}`, id: evil, session: evil, source: evil })], p));
    }
    return out;
  }

  it('never emits ESC, BEL or C1 from the log, only our SGR colour codes', () => {
    for (const out of evilRecords()) {
      const stripped = stripSgr(out);
      expect(stripped).not.toMatch(/[\x00-\x09\x0b-\x1f\x7f-\x9f]/);
      expect(stripped).not.toContain(CLEAR);
      expect(stripped).not.toContain(TITLE);
      expect(stripped).toContain('\\x1b');
    }
  });

  it('shows the escapes readably', () => {
    const [first] = evilRecords();
    expect(first).toContain(': m\\x1b[2J\\x1b]0;title\\x07\\u009b31m');
  });
});

describe('colour', () => {
  it('emits no escape codes with colour off and SGR codes with colour on', () => {
    const r = sample().records[4]!;
    for (const width of [60, 80, 120, 200]) {
      expect(formatTextRecord(r, plain, { width })).not.toContain('\x1b');
      const colored = formatTextRecord(r, color, { width });
      expect(colored).toContain('\x1b[31m');
      expect(stripSgr(colored)).toBe(formatTextRecord(r, plain, { width }));
    }
  });

  it('dims or marks inferred directions', () => {
    const inferred = rec({ dir: 's2c', dirInferred: true });
    expect(formatTextRecord(inferred, plain)).toContain('←?');
    expect(formatTextRecord(inferred, color)).toContain('\x1b[2m←?');
  });
});

describe('header and footer', () => {
  it('header names both peers, the revision and the file', () => {
    const h = formatTextHeader(
      sessionInfo({ requestedRevision: '2025-11-25', negotiatedRevision: '2025-06-18' }),
      plain,
    ).split('\n');
    expect(h).toEqual([
      '━━ session 1 log.ndjson · stdio',
      '   client test-client 1.0.0 → server test-server 2.0.0 · revision requested 2025-11-25 → negotiated 2025-06-18',
    ]);
    expect(
      formatTextHeader(sessionInfo({ serverInfo: null, negotiatedRevision: null, requestedRevision: null }), plain),
    ).toContain('server ? · revision ?');
  });

  it("header of a session with modern messages: the modern revision, and a dual-era session's eras in order", () => {
    const modern = sessionInfo({
      requestedRevision: null,
      negotiatedRevision: null,
      eras: ['modern'],
      modernRevision: '2026-07-28',
    });
    expect(formatTextHeader(modern, plain).split('\n')[1]).toBe(
      '   client test-client 1.0.0 → server test-server 2.0.0 · modern revision 2026-07-28',
    );
    const fellBack = sessionInfo({
      requestedRevision: '2025-11-25',
      negotiatedRevision: '2025-11-25',
      eras: ['modern', 'legacy'],
      modernRevision: '2026-07-28',
    });
    expect(formatTextHeader(fellBack, plain)).toContain('· eras modern → legacy · revision 2025-11-25');
  });

  it('footer lists unanswered and cancelled requests separately; empty when none', () => {
    expect(formatTextFooter([], plain)).toBe('');
    const f = formatTextFooter(
      [openRequest({ seq: 3, id: 'x' }), openRequest({ seq: 5, cancelled: true, method: 'tools/call' })],
      plain,
    ).split('\n');
    expect(f).toEqual([
      'unanswered at end of input: 1 request',
      '   #3 → id "x" ping session 1 · log.ndjson:1',
      'cancelled, never answered: 1 request',
      '   #5 → id 1 tools/call session 1 · log.ndjson:1',
    ]);
    expect(formatTextFooter([openRequest({ seq: 3 }), openRequest({ seq: 4 })], plain).split('\n')[0]).toBe(
      'unanswered at end of input: 2 requests',
    );
  });
});

describe('contract v2 in the text transcript', () => {
  const logRec = (init: Parameters<typeof rec>[0] = {}) =>
    rec({
      kind: 'log',
      id: null,
      method: null,
      primitive: null,
      feature: null,
      dir: 'unknown',
      message: null,
      level: 'info',
      text: 'Server started',
      lines: 1,
      bytes: 0,
      wire: { text: null },
      ts: '2026-03-18T00:17:05.410Z',
      ...init,
    });

  it('prints a log line dimmed, labelled `log`, its level in the id column and its text after it', () => {
    const line = formatTextRecord(logRec(), plain, wide);
    expect(column(line, 'seq', WIDE.seq)).toBe('#1');
    expect(column(line, 'time', WIDE.time)).toBe('00:17:05.410');
    expect(column(line, 'kind', WIDE.kind)).toBe('log');
    expect(column(line, 'id', WIDE.id)).toBe('info');
    expect(line.slice(START.phase).trim()).toBe('Server started');
    // Every part is dim: the only styles on the line are dim ones.
    const styled = formatTextRecord(logRec(), color, wide);
    expect(styled.match(/\x1b\[(\d+)m/g)!.every((c) => c === '\x1b[2m' || c === '\x1b[22m')).toBe(true);
    expect(stripSgr(styled)).toBe(line);
  });

  it('a log of several lines shows its first and how many more; --body shows them all', () => {
    const r = logRec({ level: null, text: 'Starting server\n  port 8080\nready', lines: 3 });
    const line = formatTextRecord(r, plain);
    expect(line).toMatch(/ log {10}Starting server \(\+2 lines\)$/);
    expect(formatTextRecord({ ...r, lines: 2 }, plain)).toMatch(/\(\+1 line\)$/);
    const body = formatTextRecord(r, plain, { body: true }).split('\n');
    expect(body).toHaveLength(2);
    expect(body[1]!.trim()).toBe('Starting server\\n  port 8080\\nready');
  });

  it("a traceback's headline is its exception line, wherever it is (Python's last, in a group under its decoration)", () => {
    const py = logRec({
      level: null,
      text: 'Traceback (most recent call last):\n  File "x.py", line 3, in <module>\nValueError: bad value',
      lines: 3,
    });
    expect(formatTextRecord(py, plain)).toMatch(/ log {10}ValueError: bad value \(\+2 lines\)$/);
    const group = [
      '  + Exception Group Traceback (most recent call last):',
      '  |   File "server.py", line 40, in main',
      '  | ExceptionGroup: unhandled errors in a TaskGroup (1 sub-exception)',
      '  +-+---------------- 1 ----------------',
      '    | Traceback (most recent call last):',
      '    |   File "server.py", line 12, in handler',
      "    | AttributeError: 'NoneType' object has no attribute 'tools_changed'",
      '    +------------------------------------',
    ].join('\n');
    expect(formatTextRecord(logRec({ level: null, text: group, lines: 8 }), plain, wide)).toMatch(
      / log +AttributeError: 'NoneType' object has no attribute 'tools_changed' \(\+7 lines\)$/,
    );
    // Node prints the error first, its stack after: the first line is its headline already.
    const node = logRec({
      level: null,
      text: 'TypeError: fetch failed\n    at node:internal/deps/undici:1:1',
      lines: 2,
    });
    expect(formatTextRecord(node, plain)).toMatch(/TypeError: fetch failed \(\+1 line\)$/);
  });

  it('escapes control characters in a log line', () => {
    expect(formatTextRecord(logRec({ text: 'red \x1b[31mtext' }), plain)).not.toContain('\x1b');
  });

  it('marks a summary and a cut message', () => {
    expect(formatTextRecord(rec({ summary: true, message: null, raw: 'method="ping" id=1' }), plain)).toContain(
      '(summary: body not logged)',
    );
    expect(
      formatTextRecord(rec({ truncated: true, message: null, raw: '{"a":...[3 chars truncated]...}' }), plain),
    ).toContain('(cut by the log)');
    // --body shows the text as the log wrote it
    expect(
      formatTextRecord(rec({ summary: true, message: null, raw: 'method="ping" id=1' }), plain, { body: true }),
    ).toContain('method="ping" id=1');
  });

  it("the session header names the host's server and a one-sided log", () => {
    expect(formatTextHeader(sessionInfo({ server: 'memory', onlySide: 'server' }), plain).split('\n')[0]).toBe(
      "━━ session 1 log.ndjson · stdio · server memory · only the server's side is in the log",
    );
    expect(formatTextHeader(sessionInfo(), plain).split('\n')[0]).toBe('━━ session 1 log.ndjson · stdio');
  });

  it("the session header, and the note printed once it is known, say what the log's format does not hold", () => {
    const partial = sessionInfo({ notLogged: { client: ['answers', 'notifications'] } });
    expect(formatTextHeader(partial, plain).split('\n')[0]).toBe(
      "━━ session 1 log.ndjson · stdio · the client's answers and notifications are not in the log",
    );
    expect(formatSessionNote(partial, plain)).toBe("   the client's answers and notifications are not in the log");
    expect(
      formatSessionNote(
        sessionInfo({ onlySide: 'client', notLogged: { server: ['requests', 'answers', 'notifications'] } }),
        plain,
      ),
    ).toBe("   only the client's side is in the log");
    expect(formatSessionNote(sessionInfo(), plain)).toBeNull();
  });
});

describe('events of a host log', () => {
  const ev = (data: Record<string, unknown>) =>
    formatTextRecord(
      rec({
        kind: 'event',
        method: null,
        primitive: null,
        feature: null,
        id: null,
        message: null,
        event: { name: 'exit', data },
        wire: { text: null },
      }),
      plain,
      wide,
    );

  it('shows the host line of a dialect event as its text, other event data as JSON', () => {
    expect(ev({ text: 'Server transport closed unexpectedly' }).slice(START.tail)).toBe(
      'Server transport closed unexpectedly',
    );
    expect(ev({ code: 1 }).slice(START.tail)).toBe('{"code":1}');
    expect(ev({ text: 'x', code: 1 }).slice(START.tail)).toBe('{"text":"x","code":1}');
    expect(ev({ text: 'red \x1b[31m' })).not.toContain('\x1b');
  });

  it("an event's text of several lines shows its first and how many more, as a log line's; --body shows them all", () => {
    // mcp-remote's `log('\nShutting down...')` with a line after it the bridge's grammar attaches (a paste's `---`).
    expect(ev({ text: 'Shutting down...\n---' }).slice(START.tail)).toBe('Shutting down... (+1 line)');
    expect(ev({ text: '\nShutting down...' }).slice(START.tail)).toBe('Shutting down...');
    const page = 'Received error (status 404): <!DOCTYPE html>\n<html lang="en">\n<head>\n</html>';
    expect(ev({ text: page }).slice(START.tail)).toBe('Received error (status 404): <!DOCTYPE html> (+3 lines)');
    const r = rec({
      kind: 'event',
      method: null,
      primitive: null,
      feature: null,
      id: null,
      message: null,
      event: { name: 'shutdown', data: { text: 'Shutting down...\n---' } },
      wire: { text: null },
    });
    const body = formatTextRecord(r, plain, { body: true }).split('\n');
    expect(body).toHaveLength(2);
    expect(body[1]!.trim()).toBe('Shutting down...\\n---');
    // One line of text, or data that is no text: no body line (it would only say `null`).
    expect(
      formatTextRecord({ ...r, event: { name: 'exit', data: { text: 'Shutting down...' } } }, plain, {
        body: true,
      }).split('\n'),
    ).toHaveLength(1);
    expect(
      formatTextRecord({ ...r, event: { name: 'exit', data: { code: 1 } } }, plain, { body: true }).split('\n'),
    ).toHaveLength(1);
  });
});

describe('log lines of a host log', () => {
  it('take one line of the width: their text is cut to fit', () => {
    const long = rec({
      kind: 'log',
      id: null,
      method: null,
      primitive: null,
      feature: null,
      dir: 'unknown',
      message: null,
      level: 'warning',
      text: `[server stderr] ${'x'.repeat(300)}`,
      lines: 1,
      bytes: 0,
      wire: { text: null },
      ts: '2025-08-12 14:03:10.314',
    });
    for (const width of [60, 80, 120, 200]) {
      const line = formatTextRecord(long, plain, { width });
      expect(displayWidth(line)).toBe(width);
      expect(line.endsWith('x…')).toBe(true);
    }
  });
});
