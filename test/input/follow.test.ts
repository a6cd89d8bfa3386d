// --follow: a growing file read as it grows, truncation and replacement as new segments, waiting for a missing file.
import { appendFileSync, readFileSync, renameSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Analyzer } from '../../src/analyzer.js';
import { analyzeFollow } from '../../src/analyze-stream.js';
import { AuditBuilder } from '../../src/audit/build.js';
import {
  followFile,
  type FollowEvent,
  type FollowNotice,
  type FollowOptions,
  type FollowProgress,
} from '../../src/input/follow/follow.js';
import { followSegments } from '../../src/input/follow/follow-segments.js';
import { untilAborted } from '../../src/input/follow/until-aborted.js';
import { readFrames } from '../../src/input/read.js';
import type { PipelineRecord } from '../../src/types.js';
import type { StatusLines } from '../../src/util/status.js';
import { tempDir } from '../helpers/temp.js';

let dir = '';
let controller = new AbortController();
beforeEach(() => {
  dir = tempDir('follow');
  controller = new AbortController();
});
afterEach(() => {
  controller.abort();
  rmSync(dir, { recursive: true, force: true });
});

/** Resolves once `cond()` holds; rejects after `ms` with `what` (no timing is asserted, only "eventually"). */
async function eventually(cond: () => boolean, what: string, ms = 10_000): Promise<void> {
  const until = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > until) throw new Error(`not within ${ms} ms: ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** Runs `followFile` in the background, collecting events, notices and progress reports. */
function follow(path: string, opts: Partial<FollowOptions> = {}) {
  const events: FollowEvent[] = [];
  const notices: FollowNotice['kind'][] = [];
  const progress: FollowProgress[] = [];
  const done = (async () => {
    const o: FollowOptions = {
      signal: controller.signal,
      pollMs: 50,
      onNotice: (n) => notices.push(n.kind),
      onProgress: (p) => progress.push(p),
      ...opts,
    };
    for await (const e of followFile(path, o)) events.push(e);
  })();
  const text = () => events.map((e) => (e.type === 'data' ? e.chunk.toString('utf8') : `<${e.reason}>`)).join('');
  return { events, notices, progress, done, text };
}

/** Whether the follower reported that it read the file up to `at` bytes and is waiting for more. */
const caughtUpAt = (progress: FollowProgress[], at: number) =>
  progress.some((p) => p.kind === 'caught-up' && p.at === at);

const ping = (id: number) => `{"jsonrpc":"2.0","id":${id},"method":"ping"}\n`;
const pong = (id: number) => `{"jsonrpc":"2.0","id":${id},"result":{}}\n`;

describe.each([
  ['fs.watch and polling', true],
  ['polling only', false],
])('followFile (%s)', (_label, watch) => {
  it('reads what is there, then what is appended, until stopped', async () => {
    const path = join(dir, 'a.log');
    writeFileSync(path, 'one\n');
    const f = follow(path, { watch });
    await eventually(() => f.text() === 'one\n', 'the existing content');
    appendFileSync(path, 'two\n');
    await eventually(() => f.text() === 'one\ntwo\n', 'the appended line');
    appendFileSync(path, 'thr');
    await eventually(() => f.text() === 'one\ntwo\nthr', 'a partial line (bytes come as they are written)');
    controller.abort();
    await f.done;
    expect(f.notices).toEqual([]);
  });

  it('truncation: a reset, then the file from the start', async () => {
    const path = join(dir, 'a.log');
    writeFileSync(path, 'first stream, a long line\n');
    const f = follow(path, { watch });
    await eventually(() => f.text().endsWith('line\n'), 'the first content');
    truncateSync(path, 0);
    await eventually(() => f.notices.includes('truncated'), 'the truncation');
    appendFileSync(path, 'new\n');
    await eventually(() => f.text() === 'first stream, a long line\n<truncated>new\n', 'the new content');
    controller.abort();
    await f.done;
  });

  it('replacement (a new file renamed over the path): the old file to its end, a reset, the new file', async () => {
    const path = join(dir, 'a.log');
    writeFileSync(path, 'old 1\n');
    const f = follow(path, { watch });
    await eventually(() => f.text() === 'old 1\n', 'the old file');
    writeFileSync(join(dir, 'next.tmp'), 'new 1\nnew 2\n');
    renameSync(join(dir, 'next.tmp'), path);
    await eventually(() => f.text() === 'old 1\n<replaced>new 1\nnew 2\n', 'the new file');
    appendFileSync(path, 'new 3\n');
    await eventually(() => f.text().endsWith('new 3\n'), 'growth of the new file');
    controller.abort();
    await f.done;
    expect(f.notices).toEqual(['replaced']);
  });

  it('a missing file is waited for, with a notice; then read from its start', async () => {
    const path = join(dir, 'later.log');
    const f = follow(path, { watch });
    await eventually(() => f.notices.includes('waiting'), 'the waiting notice');
    writeFileSync(path, 'hello\n');
    await eventually(() => f.text() === 'hello\n', 'the content once it exists');
    expect(f.notices).toEqual(['waiting', 'appeared']);
    controller.abort();
    await f.done;
  });

  it('removed and created again: the notice, then the new file as a replacement', async () => {
    const path = join(dir, 'a.log');
    writeFileSync(path, 'before\n');
    const f = follow(path, { watch });
    await eventually(() => f.text() === 'before\n', 'the first file');
    rmSync(path);
    await eventually(() => f.notices.includes('removed'), 'the removal');
    writeFileSync(path, 'after\n');
    await eventually(() => f.text() === 'before\n<replaced>after\n', 'the recreated file');
    controller.abort();
    await f.done;
  });
});

describe('followFile limits and stop', () => {
  it('reads in chunks of at most chunkBytes, never the whole file at once', async () => {
    const path = join(dir, 'big.log');
    const body = 'x'.repeat(99) + '\n';
    writeFileSync(path, body.repeat(1000));
    const f = follow(path, { chunkBytes: 4096 });
    await eventually(() => f.text().length === 100_000, 'the whole file');
    controller.abort();
    await f.done;
    const sizes = f.events.map((e) => (e.type === 'data' ? e.chunk.length : 0));
    expect(Math.max(...sizes)).toBeLessThanOrEqual(4096);
    expect(sizes.length).toBeGreaterThanOrEqual(25);
  });

  it('stopped while caught up: what was written just before the stop is still read', async () => {
    const path = join(dir, 'a.log');
    writeFileSync(path, 'a\n');
    // No watch and a long poll: once caught up, the follower waits, and the last write is only seen by the final
    // read at the stop.
    const f = follow(path, { watch: false, pollMs: 60_000 });
    await eventually(() => caughtUpAt(f.progress, 2), 'the follower waiting after the first line');
    appendFileSync(path, 'b\npartial');
    controller.abort();
    await f.done;
    expect(f.text()).toBe('a\nb\npartial');
  });

  it('stopped in the middle of a read: the read goes on to what the file held at the stop', async () => {
    const path = join(dir, 'a.log');
    writeFileSync(path, 'start\n');
    const block = Array.from({ length: 2000 }, (_, i) => `line ${i}\n`).join('');
    const chunks: string[] = [];
    let appended = false;
    const done = (async () => {
      for await (const e of followFile(path, { signal: controller.signal, pollMs: 50, chunkBytes: 64 })) {
        if (e.type !== 'data') continue;
        chunks.push(e.chunk.toString('utf8'));
        // The first chunk of the block (30 times more than one read): stop now, with almost all of it still unread.
        if (appended) controller.abort();
      }
    })();
    await eventually(() => chunks.join('') === 'start\n', 'the first line');
    appendFileSync(path, block);
    appended = true;
    await done;
    expect(chunks.join('')).toBe('start\n' + block);
  });

  it('stopped as soon as the follower saw the file grow, before it read any of it: all of it is read', async () => {
    const path = join(dir, 'a.log');
    writeFileSync(path, 'start\n');
    const block = Array.from({ length: 2000 }, (_, i) => `line ${i}\n`).join('');
    const f = follow(path, {
      chunkBytes: 64,
      onProgress: (p) => {
        if (p.kind === 'reading' && p.from > 0) controller.abort();
      },
    });
    await eventually(() => f.text() === 'start\n', 'the first line');
    appendFileSync(path, block);
    await f.done;
    expect(f.text()).toBe('start\n' + block);
  });

  it('reports each read of new bytes before it, and catching up once after each change', async () => {
    const path = join(dir, 'a.log');
    writeFileSync(path, 'one\n');
    const f = follow(path, { watch: false });
    await eventually(() => caughtUpAt(f.progress, 4), 'caught up with the first line');
    expect(f.text()).toBe('one\n');
    appendFileSync(path, 'two\n');
    await eventually(() => caughtUpAt(f.progress, 8), 'caught up with the second line');
    expect(f.text()).toBe('one\ntwo\n');
    truncateSync(path, 0);
    await eventually(() => caughtUpAt(f.progress, 0), 'caught up after the truncation');
    controller.abort();
    await f.done;
    // Polls in between that found nothing new report nothing.
    expect(f.progress).toEqual([
      { kind: 'reading', from: 0, to: 4 },
      { kind: 'caught-up', at: 4 },
      { kind: 'reading', from: 4, to: 8 },
      { kind: 'caught-up', at: 8 },
      { kind: 'caught-up', at: 0 },
    ]);
  });

  it('stop while waiting for a missing file: ends with nothing', async () => {
    const f = follow(join(dir, 'never.log'));
    await eventually(() => f.notices.length > 0, 'the waiting notice');
    controller.abort();
    await f.done;
    expect(f.events).toEqual([]);
  });

  it('a path that is a folder is an error with code ENOTFILE', async () => {
    const it = followFile(dir, { signal: controller.signal });
    await expect(it.next()).rejects.toMatchObject({ code: 'ENOTFILE' });
  });
});

describe('followSegments', () => {
  it('one segment per stream; a segment the consumer leaves early is skipped', async () => {
    const path = join(dir, 'a.log');
    writeFileSync(path, 'one\ntwo\n');
    const seen: string[] = [];
    const done = (async () => {
      for await (const seg of followSegments(path, { signal: controller.signal, pollMs: 50, chunkBytes: 4 })) {
        seen.push(`${seg.index}:${seg.reason}`);
        for await (const chunk of seg.chunks) {
          seen.push(chunk.toString());
          if (seg.index === 1) break; // leave the first segment after its first chunk
        }
      }
    })();
    await eventually(() => seen.length === 2, 'the first chunk');
    truncateSync(path, 0);
    appendFileSync(path, 'z\n');
    await eventually(() => seen.includes('z\n'), 'the second segment');
    controller.abort();
    await done;
    expect(seen).toEqual(['1:start', 'one\n', '2:truncated', 'z\n']);
  });
});

describe('untilAborted', () => {
  it('ends a source that is waiting for its next item when the signal fires, and closes it', async () => {
    async function* endless() {
      yield 'a';
      await new Promise(() => {}); // never resolves, like stdin with nothing written
    }
    const got: string[] = [];
    const done = (async () => {
      for await (const x of untilAborted(endless(), controller.signal)) got.push(x);
    })();
    await eventually(() => got.length === 1, 'the first item');
    controller.abort();
    await done;
    expect(got).toEqual(['a']);
  });

  it('passes a finite source through unchanged', async () => {
    async function* three() {
      yield* [1, 2, 3];
    }
    const got: number[] = [];
    for await (const x of untilAborted(three(), controller.signal)) got.push(x);
    expect(got).toEqual([1, 2, 3]);
  });
});

describe('analyzeFollow: each segment is a new input', () => {
  function run(path: string) {
    const analyzer = new Analyzer();
    const records: PipelineRecord[] = [];
    const notices: FollowNotice['kind'][] = [];
    const progress: FollowProgress[] = [];
    const opts = {
      signal: controller.signal,
      pollMs: 50,
      file: 'live.log',
      onNotice: (n: FollowNotice) => notices.push(n.kind),
      onProgress: (p: FollowProgress) => progress.push(p),
    };
    const done = (async () => {
      for await (const r of analyzeFollow(analyzer, path, opts)) records.push(r);
    })();
    return { analyzer, records, notices, progress, done };
  }

  it('a line written in two parts becomes one valid record when it is complete', async () => {
    const path = join(dir, 'a.log');
    writeFileSync(path, ping(1));
    const r = run(path);
    await eventually(() => r.records.length === 1, 'the first record');
    const line = pong(1);
    appendFileSync(path, line.slice(0, 15));
    // Caught up: the half line was read, and every record made of what was read was taken.
    await eventually(() => caughtUpAt(r.progress, ping(1).length + 15), 'the half line read');
    expect(r.records).toHaveLength(1);
    appendFileSync(path, line.slice(15));
    await eventually(() => r.records.length === 2, 'the completed line');
    expect(r.records[1]).toMatchObject({ kind: 'response', pair: 1, source: 'live.log:2', findings: [] });
    controller.abort();
    await r.done;
  });

  it('truncation: new sessions; a request left open before is unanswered at the end, not paired with the new stream', async () => {
    const path = join(dir, 'a.log');
    writeFileSync(path, ping(7) + ping(8) + pong(7));
    const r = run(path);
    await eventually(() => r.records.length === 3, 'the first stream');
    // While following, the snapshot counts request 8 as open, without end-of-input findings.
    expect(r.analyzer.snapshot().open.map((o) => o.seq)).toEqual([2]);
    expect(r.analyzer.snapshot().findings).toEqual([]);
    truncateSync(path, 0);
    await eventually(() => r.notices.includes('truncated'), 'the truncation seen');
    appendFileSync(path, pong(8) + ping(9));
    await eventually(() => r.records.length === 5, 'the new stream');
    controller.abort();
    await r.done;
    const [, , , orphan, nine] = r.records;
    expect(orphan).toMatchObject({ kind: 'response', id: 8, pair: null, source: 'live.log:1' });
    expect(orphan.session).not.toBe(r.records[0].session);
    expect(nine.session).toBe(orphan.session);
    const summary = r.analyzer.summary();
    expect(summary.open.map((o) => [o.seq, o.session])).toEqual([
      [2, r.records[0].session],
      [5, nine.session],
    ]);
    expect(summary.sessions).toHaveLength(2);
    // The analyzer's own status channel (none was given: one that keeps its lines) was told it, in words.
    expect((r.analyzer.status as StatusLines).lines).toEqual([
      { source: path, text: `${path} was truncated; reading from the start`, kind: 'notice' },
    ]);
  });

  it('stopped with a partial last line: it is flushed as a record at the end', async () => {
    const path = join(dir, 'a.log');
    writeFileSync(path, ping(1) + '{"jsonrpc":"2.0","id":1,');
    const r = run(path);
    await eventually(() => r.records.length === 1, 'the first record');
    controller.abort();
    await r.done;
    expect(r.records.map((x) => x.kind)).toEqual(['request', 'invalid']);
  });
});

describe('live reports leave their collectors as they were', () => {
  it('AuditBuilder.report can be asked again: the final report is the same as without a live one', async () => {
    const path = join(dir, 'a.log');
    writeFileSync(path, ping(1) + ping(1));
    const analyzer = new Analyzer();
    const opts = { inputs: ['a'], failOn: 'error' as const, tool: { name: 't', version: '0' }, generatedAt: 'now' };
    const live = new AuditBuilder(opts);
    const plain = new AuditBuilder(opts);
    const input = analyzer.input('a');
    async function* bytes() {
      yield readFileSync(path);
    }
    for await (const frame of readFrames(bytes(), { file: 'a' })) {
      for (const rec of input.push(frame)) {
        live.add(rec);
        plain.add(rec);
        live.report(analyzer.snapshot());
      }
    }
    input.end();
    const mid = live.report(analyzer.snapshot());
    expect(mid.findings.map((f) => f.rule)).not.toContain('unanswered-request');
    const final = live.report(analyzer.summary());
    expect(final).toEqual(plain.report(analyzer.summary()));
    expect(final.findings.map((f) => f.rule)).toContain('unanswered-request');
    expect(final.totals.error + final.totals.warning).toBeGreaterThan(mid.totals.error + mid.totals.warning);
  });
});
