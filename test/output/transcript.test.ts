// The text transcript of real recorded sessions at 60, 80, 120 and 200 columns: fits, numbered, names what responses answer.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createPalette } from '../../src/output/color.js';
import { TextTranscript } from '../../src/output/transcript.js';
import { displayWidth } from '../../src/output/width.js';
import { runMain } from '../helpers/in-process.js';
import { Seq, sessionInfo, stripSgr } from '../helpers/records.js';
import { tempDir } from '../helpers/temp.js';

const WIDTHS = [60, 80, 120, 200];
const ENVELOPE = 'samples/everything.envelope.ndjson';
const MEMORY = 'samples/memory.envelope.ndjson';
/** Three servers of one Claude Desktop log, their messages interleaved. */
const AGGREGATE = 'test/fixtures/hosts/claude-desktop/mcp-log-2025-06-aggregate.log';

async function annotate(args: string[], env: Record<string, string> = {}): Promise<string[]> {
  const r = await runMain(['annotate', ...args], { env });
  expect(r.code, r.stderr).toBe(0);
  return r.stdout.replace(/\n$/, '').split('\n');
}

/** The lines before the footer (which follows the first blank line). */
function records(lines: string[]): string[] {
  const end = lines.indexOf('');
  return end < 0 ? lines : lines.slice(0, end);
}

/** Record lines: they start with the record number, right-aligned. */
const RECORD = /^ *#(\d+) /;

describe('annotate text at 60, 80, 120 and 200 columns', () => {
  it.each(WIDTHS)(
    'every line of the samples fits %i columns, and every record line starts with its record number',
    async (width) => {
      for (const file of [ENVELOPE, MEMORY, 'samples/everything-http.har', 'samples/everything.ndjson']) {
        const lines = await annotate(['--width', String(width), '--body', file]);
        for (const line of lines) expect(displayWidth(line), `${file} at ${width}: ${line}`).toBeLessThanOrEqual(width);
        const numbers = records(lines)
          .map((l) => RECORD.exec(l)?.[1])
          .filter((n) => n !== undefined)
          .map(Number);
        // Every record, in order, each once: #1, #2, …
        expect(numbers.slice(0, 10)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
        expect(new Set(numbers).size).toBe(numbers.length);
      }
    },
  );

  it.each(WIDTHS)('at %i columns a finding is wrapped at words under its head, never splitting one', async (width) => {
    const lines = await annotate(['--width', String(width), ENVELOPE]);
    const at = lines.findIndex((l) => l.includes('↳ warning progress-after-completion:'));
    expect(at).toBeGreaterThan(0);
    const finding = [lines[at]!];
    for (let i = at + 1; i < lines.length && !RECORD.test(lines[i]!) && !lines[i]!.includes('↳'); i++)
      finding.push(lines[i]!);
    const text = finding
      .map((l) => l.trim())
      .join(' ')
      .replace(/^↳ warning progress-after-completion: /, '');
    expect(text).toBe('progress for token 12 after its tools/call request (id 12) was cancelled');
    // Continuation lines hang under the severity word.
    for (const l of finding.slice(1)) expect(l.indexOf(l.trim())).toBe(lines[at]!.indexOf('warning'));
  });

  it('a response names the tool, uri or prompt of its request, at every width', async () => {
    for (const width of WIDTHS) {
      const lines = await annotate(['--width', String(width), ENVELOPE]);
      const echo = lines.find((l) => / res 3 /.test(l))!;
      expect(echo, `width ${width}`).toMatch(/tools\/call .*echo ↔ #19 2ms$/);
      const prompt = lines.find((l) => / res 23 /.test(l))!;
      expect(prompt, `width ${width}`).toMatch(/prompts\/get .*simple-prompt ↔ #\d+ \d+ms$/);
    }
  });

  it('an isError tool result is marked as failed, unlike a JSON-RPC error; what the tool said is on the line under it, cut to the width', async () => {
    const lines = await annotate(['--width', '200', ENVELOPE]);
    const at = lines.findIndex((l) => / res 10 /.test(l));
    const failed = lines[at]!;
    expect(failed).toMatch(/no-such-tool ↔ #33 1ms isError$/);
    expect(lines[at + 1]).toBe(' '.repeat(19) + '↳ "MCP error -32602: Tool no-such-tool not found"');
    for (const width of [60, 80]) {
      const narrow = await annotate(['--width', String(width), ENVELOPE]);
      const under = narrow[narrow.findIndex((l) => / res 10 /.test(l)) + 1]!;
      expect(under, `width ${width}`).toMatch(/^ +↳ "MCP error -32602: Tool no-such-tool/);
      expect(displayWidth(under), `width ${width}`).toBeLessThanOrEqual(width);
    }
    const error = lines.find((l) => / err 17 /.test(l))!;
    expect(error).toMatch(/demo:\/\/resource\/static\/document\/no-such-… ↔ #54 1ms -32602 Invalid params$/);
    expect(error).not.toContain('isError');
    // In colour, the failure is red like an error.
    const colored = await runMain(['annotate', '--width', '200', '--color', ENVELOPE]);
    const line = colored.stdout.split('\n').find((l) => / res 10 /.test(stripSgr(l)))!;
    expect(line).toContain('\x1b[31mres');
    expect(line).toContain('\x1b[31misError');
  });

  it('cuts a long subject at a word with … rather than letting the line wrap', async () => {
    const lines = await annotate(['--width', '80', ENVELOPE]);
    const read = lines.find((l) => / req 15 /.test(l))!;
    expect(displayWidth(read)).toBeLessThanOrEqual(80);
    expect(read).toMatch(/resources\/read demo:\/\/resource\/static\/document\/…$/);
  });

  it('lays out for $COLUMNS when stdout is no terminal and --width is not given', async () => {
    const lines = await annotate([ENVELOPE], { COLUMNS: '70' });
    expect(Math.max(...lines.map(displayWidth))).toBeLessThanOrEqual(70);
    const wide = await annotate([ENVELOPE], { COLUMNS: '200' });
    expect(Math.max(...wide.map(displayWidth))).toBeGreaterThan(120);
  });
});

describe('sessions in the transcript', () => {
  it('one header per session; once their messages interleave, every line carries its session', async () => {
    const lines = await annotate(['--width', '120', AGGREGATE]);
    const titles = lines.filter((l) => l.startsWith('━━ session'));
    expect(titles.map((t) => t.split(' ')[2])).toEqual(['memory', 'everything', 'weather', 'weather#2']);
    // The first records come one session after another; from the first switch back, each line names its session.
    const tagged = lines.filter((l) => RECORD.test(l) && /^ *#\d+ (memory|everything|weather|weather#2) /.test(l));
    expect(tagged.length).toBeGreaterThan(30);
    const after = records(lines)
      .slice(lines.findIndex((l) => /^ *#4 /.test(l)))
      .filter((l) => RECORD.test(l));
    for (const l of after) expect(l, l).toMatch(/^ *#\d+ (memory|everything|weather|weather#2) /);
    // The peers line printed after an interleaved handshake names its session too.
    const peers = lines.filter((l) => / client \S+ .*→ server /.test(l));
    expect(peers.length).toBeGreaterThan(1);
    for (const l of peers) expect(l, l).toMatch(/^ {3}(memory|everything|weather|weather#2) client /);
  });

  it('sessions one after another each get their header and no session column', () => {
    const s = new Seq({ ts: '2025-06-18T12:34:56.789Z' });
    const t = new TextTranscript(createPalette(false), { width: 100 });
    const out = [
      t.record(s.request('ping', 1, { session: 'a' }), sessionInfo({ key: 'a' })),
      t.record(s.request('ping', 2, { session: 'b' }), sessionInfo({ key: 'b' })),
    ].join('');
    expect(out.split('\n').filter((l) => l.startsWith('━━'))).toHaveLength(2);
    expect(out).toMatch(/^ +#2 12:34:56\.789 → +req 2/m);
  });
});

describe('--body', () => {
  it('cuts each body to a line and says so at the end; --body-width N keeps N characters; --body full all', async () => {
    const cut = await annotate(['--width', '100', '--body', ENVELOPE]);
    const init = cut[cut.findIndex((l) => / req 0 /.test(l)) + 1]!;
    expect(init).toMatch(/^ +\{"method":"initialize",.*… \(348 chars\)$/);
    expect(cut.at(-2)! + ' ' + cut.at(-1)!).toMatch(/bodies cut to one line each .*--body-width N .*--body full/);
    const some = await annotate(['--width', '100', '--body-width', '300', '--body', ENVELOPE]);
    const at = some.findIndex((l) => / req 0 /.test(l));
    const body = some.slice(
      at + 1,
      some.findIndex((l, i) => i > at && RECORD.test(l)),
    );
    expect(body.length).toBeGreaterThan(3);
    expect(body.map((l) => l.trim()).join('')).toMatch(/^\{"method":"initialize".*… \(348 chars\)$/);
    const full = await annotate(['--width', '100', '--body', 'full', ENVELOPE]);
    expect(full.filter((l) => /… \([\d,]+ chars\)$/.test(l))).toEqual([]);
    expect(full.join('\n')).not.toContain('bodies cut');
  });

  it('a file named right after --body is read, not taken for its value', async () => {
    const dir = tempDir('body-arg');
    const file = join(dir, 'one.ndjson');
    writeFileSync(file, '{"jsonrpc":"2.0","id":1,"method":"ping"}\n');
    const lines = await annotate(['--width', '80', '--body', file]);
    expect(lines.some((l) => /#1 .*req 1 .*ping/.test(l))).toBe(true);
    expect(lines.some((l) => l.trim() === '{"jsonrpc":"2.0","id":1,"method":"ping"}')).toBe(true);
  });
});

describe('what happened: the diagnosis at the end of the transcript', () => {
  const CRASH = 'test/fixtures/failures/claude-desktop/mcp-server-notes-search-crash-x3.log';
  const POLLUTED = 'test/fixtures/failures/vscode/mcp-server-kb-failed-to-parse.log';

  it('each session that did not go well gets its causes as marker lines naming their evidence records, after the unanswered requests', async () => {
    const lines = await annotate(['--width', '120', CRASH]);
    const at = lines.indexOf('what happened');
    expect(at).toBeGreaterThan(lines.findIndex((l) => l.startsWith('unanswered at end of input')));
    expect(lines[at - 1]).toBe('');
    expect(lines.slice(at + 1, at + 4)).toEqual([
      '   session notes-search (s1) failed',
      "     ↳ ✖ server-exited [server]: notes-search exited before answering initialize: AttributeError: 'NoneType' object has",
      "       no attribute 'tools_changed' · #5 #8",
    ]);
    expect(lines.slice(at).filter((l) => /^ {3}session /.test(l))).toEqual([
      '   session notes-search (s1) failed',
      '   session notes-search#2 (s2) failed',
      '   session notes-search#3 (s3) failed',
    ]);
    expect(lines.slice(at).some((l) => l.includes('↳ ✖ spawn-failed [client]:'))).toBe(true);
    // The records the markers name are those numbers in the transcript: the crash's exception line, the host's line.
    expect(lines.find((l) => /^ +#5 /.test(l))).toMatch(
      /log +AttributeError: 'NoneType' object has no attribute 'tools_changed' \(\+19 lines\)$/,
    );
    expect(lines.find((l) => /^ +#8 /.test(l))).toMatch(/exit +Server transport closed unexpectedly/);
  });

  it('fits 80 columns; a degraded session is marked ▲; the diagnosis reads the records the filters hide too', async () => {
    const lines = await annotate(['--width', '80', POLLUTED]);
    const block = lines.slice(lines.indexOf('what happened'));
    expect(block[1]).toBe('   session kb degraded');
    expect(block[2]).toMatch(/^ {5}↳ ▲ stdout-pollution \[server\]: kb printed 1 line on stdout/);
    expect(block.join('\n')).toMatch(/ · #7$/);
    for (const l of block) expect(displayWidth(l), l).toBeLessThanOrEqual(80);
    const filtered = await annotate(['--width', '80', '--no-logs', POLLUTED]);
    expect(filtered.some((l) => /^ +#7 /.test(l))).toBe(false);
    expect(filtered.slice(filtered.indexOf('what happened'))).toEqual(block);
  });

  it('a transcript of sessions that went well ends as before: no block', async () => {
    for (const f of [ENVELOPE, 'test/fixtures/failures/cursor/cursor-mcp-2.x-healthy-reload.log']) {
      expect((await annotate(['--width', '100', f])).includes('what happened'), f).toBe(false);
    }
  });
});
