// The live view of `stats --follow` and `audit --follow`: redrawn in place on a terminal only, cut to the screen.
import { appendFileSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CliIO } from '../../src/cli/context.js';
import { CLEAR_SCREEN, fitScreen, LiveView } from '../../src/cli/follow.js';
// The built CLI (it reads its version from the package.json next to dist/); `npm test` builds first.
import { main } from '../../dist/src/cli/main.js';
import { assertBuilt, REPO_ROOT } from '../helpers/cli.js';
import { tempDir } from '../helpers/temp.js';

/** A stdout that records each write; `isTTY`, `rows` and `columns` as a terminal would have them. */
function fakeStdout(tty: boolean, rows = 40, columns = 120) {
  const writes: string[] = [];
  const out = new Writable({
    write(chunk, _enc, cb) {
      writes.push(chunk.toString());
      cb();
    },
  }) as Writable & { isTTY?: boolean; rows?: number; columns?: number };
  if (tty) Object.assign(out, { isTTY: true, rows, columns });
  return { out, writes, text: () => writes.join('') };
}

async function eventually(cond: () => boolean, what: string, ms = 10_000): Promise<void> {
  const until = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > until) throw new Error(`not within ${ms} ms: ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

// The view's clock is vitest's fake one: each step of time is taken by the test, none is waited for.
describe('LiveView', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: 1_000_000 });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('draws nothing when stdout is not a terminal', () => {
    const s = fakeStdout(false);
    const v = new LiveView(s.out, () => 'frame\n', 10);
    v.changed();
    v.changed();
    vi.advanceTimersByTime(1000);
    expect(vi.getTimerCount()).toBe(0);
    expect(v.stop()).toBe('');
    expect(s.writes).toEqual([]);
  });

  it('on a terminal: clears and redraws when something changed, at most once per interval, nothing after stop', () => {
    const s = fakeStdout(true);
    let n = 0;
    const v = new LiveView(s.out, () => `frame ${++n}\n`, 200);
    v.changed();
    vi.advanceTimersByTime(0);
    expect(s.writes).toEqual([`${CLEAR_SCREEN}frame 1\n`]);
    vi.advanceTimersByTime(50);
    for (let i = 0; i < 5; i++) v.changed(); // a burst: one redraw for all of it, an interval after the last draw
    vi.advanceTimersByTime(149);
    expect(s.writes).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(s.writes).toEqual([`${CLEAR_SCREEN}frame 1\n`, `${CLEAR_SCREEN}frame 2\n`]);
    vi.advanceTimersByTime(10_000);
    expect(s.writes).toHaveLength(2); // nothing changed since: no redraw
    v.changed();
    expect(v.stop()).toBe(CLEAR_SCREEN);
    vi.advanceTimersByTime(10_000);
    expect(s.writes).toHaveLength(2);
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('fitScreen', () => {
  const text = Array.from({ length: 10 }, (_, i) => `line ${i + 1}`).join('\n') + '\n';

  it('leaves text that fits (the last row stays free for the cursor)', () => {
    expect(fitScreen(text, 11, 80)).toBe(text);
    expect(fitScreen(text, 0, 0)).toBe(text);
  });

  it('cuts the rest with a note of how much is left out', () => {
    expect(fitScreen(text, 6, 80)).toBe(
      'line 1\nline 2\nline 3\nline 4\n… 6 more lines (Ctrl-C for the whole output)\n',
    );
  });

  it('counts a line wider than the terminal as several rows, ignoring colour codes', () => {
    const wide = '\x1b[1m' + 'x'.repeat(100) + '\x1b[22m\nb\nc\nd\n';
    expect(fitScreen(wide, 4, 40)).toBe('… 4 more lines (Ctrl-C for the whole output)\n');
    expect(fitScreen(wide, 5, 40)).toBe(wide.split('\n')[0] + '\n… 3 more lines (Ctrl-C for the whole output)\n');
  });
});

describe('stats --follow in-process on a terminal', () => {
  let dir = '';
  beforeEach(() => {
    dir = tempDir('live');
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const memory = readFileSync(join(REPO_ROOT, 'samples', 'memory.envelope.ndjson'), 'utf8')
    .split('\n')
    .filter((l) => l !== '');

  beforeEach(() => assertBuilt());

  it.each([
    ['stats', 'the final statistics', /Totals/],
    ['audit', 'the final report', /mcptrace [\d.]+ audit/],
  ])(
    '%s: live frames with a header while following, then the whole final output after a clear',
    async (command, final, body) => {
      const file = join(dir, 's.ndjson');
      writeFileSync(file, memory.slice(0, 5).join('\n') + '\n');
      const s = fakeStdout(true, 500, 200);
      const stop = new AbortController();
      const errs: string[] = [];
      const io: CliIO = {
        stdin: process.stdin,
        stdout: s.out,
        stderr: new Writable({ write: (c, _e, cb) => (errs.push(c.toString()), cb()) }),
        env: { NO_COLOR: '1' },
        stop: stop.signal,
      };
      const done = main([command, '--follow', file], io);
      await eventually(() => s.writes.some((w) => w.includes('· 5 records ·')), 'a frame with the first records');
      appendFileSync(file, memory.slice(5).join('\n') + '\n');
      await eventually(
        () => s.writes.some((w) => w.includes(`· ${memory.length} records ·`)),
        'a frame with all records',
      );
      const frames = s.writes.length;
      for (const w of s.writes) {
        expect(w.startsWith(CLEAR_SCREEN)).toBe(true);
        expect(w).toMatch(
          new RegExp(
            `^${CLEAR_SCREEN.replace(/\[/g, '\\[')}following .*s\\.ndjson · \\d+ records · [\\d:]+ · Ctrl-C for ${final}\\n\\n`,
          ),
        );
        expect(w).toMatch(body);
      }
      stop.abort();
      expect(await done).toBe(0);
      expect(s.writes.length).toBe(frames + 1);
      const last = s.writes.at(-1)!;
      expect(last.startsWith(CLEAR_SCREEN)).toBe(true);
      expect(last).not.toMatch(/following/);
      expect(last).toMatch(body);
      expect(errs.join('')).toBe('');
    },
  );
});
