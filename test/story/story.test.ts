// storyOf and findRequests on real captures: server-everything's session (progress, a cancellation, sampling and
// elicitation while a call ran, tasks on both sides, log messages), the failing servers recorded through wrap (a
// timeout's cancellation, a crash with a call open: the diagnosis marks), and the hand-built 2026-07-28 sessions
// (MRTR rounds, progress and a cancellation, a subscription stream).
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { analyze } from '../../src/analyze-stream.js';
import { Diagnoser } from '../../src/diagnose/diagnoser.js';
import { nearest } from '../../src/filter/suggest.js';
import { findRequests, nearestIds, parseRequestArg } from '../../src/story/find.js';
import { storyOf, type Story } from '../../src/story/story.js';
import type { PipelineRecord } from '../../src/types.js';

/** A log's records as annotate makes them: analysed, each marked by the diagnosis as it is read. */
async function records(path: string): Promise<PipelineRecord[]> {
  const bytes = readFileSync(path);
  const out = await analyze(
    (async function* () {
      yield bytes;
    })(),
    { file: path },
  );
  const d = new Diagnoser();
  for (const r of out.records) {
    const marks = d.observe(r);
    if (marks) r.marks = marks;
  }
  return out.records;
}

const logs = new Map<string, Promise<PipelineRecord[]>>();
const of = (path: string) => {
  if (!logs.has(path)) logs.set(path, records(path));
  return logs.get(path)!;
};

const EVERYTHING = 'samples/everything.envelope.ndjson';

async function story(path: string, seq: number): Promise<Story> {
  const s = storyOf(await of(path), seq);
  expect(s).not.toBeNull();
  return s!;
}

const steps = (s: Story) => s.steps.map((x) => [x.record.seq, x.role]);

beforeAll(async () => {
  await Promise.all([EVERYTHING, 'test/fixtures/modern/mrtr-rounds.txt'].map(of));
});

describe('storyOf: server-everything', () => {
  it('a long-running call the client cancelled: its progress by token, the cancel by id, progress after it with its findings', async () => {
    const s = await story(EVERYTHING, 41);
    expect(steps(s)).toEqual([
      [41, 'request'],
      [42, 'progress'],
      [43, 'cancel'],
      [44, 'progress'],
      [45, 'progress'],
    ]);
    expect(s.outcome).toBe('cancelled');
    expect(s.answer).toBeNull();
    expect(s.progressTokens).toEqual([12]);
    // Times from the capture: the request at 00:13:18.172, the cancel at 00:13:19.179.
    expect(s.durationMs).toBe(1007);
    expect(s.steps.map((x) => x.atMs)).toEqual([0, 1003, 1007, 2008, 3012]);
    expect(s.steps.map((x) => x.gapMs)).toEqual([null, 1003, 4, 1001, 1004]);
    expect(s.steps.slice(3).map((x) => x.record.findings.map((f) => f.rule))).toEqual([
      ['progress-after-completion'],
      ['progress-after-completion'],
    ]);
  });

  it("a call answered with its progress first; an id the session reuses later is not the story's", async () => {
    const s = await story(EVERYTHING, 35);
    expect(steps(s)).toEqual([
      [35, 'request'],
      [36, 'progress'],
      [37, 'progress'],
      [38, 'progress'],
      [39, 'progress'],
      [40, 'answer'],
    ]);
    expect(s.outcome).toBe('ok');
    expect(s.durationMs).toBe(s.answer!.latencyMs);
  });

  it("the server's sampling request while the call ran, answered with a client-side task that the server polls", async () => {
    const s = await story(EVERYTHING, 108);
    expect(steps(s)).toEqual([
      [108, 'request'],
      [109, 'peer-request'],
      [110, 'peer-answer'],
      [111, 'task-status'],
      [112, 'task-request'],
      [113, 'task-answer'],
      [114, 'task-request'],
      [115, 'task-answer'],
      [116, 'answer'],
    ]);
    expect(s.tasks).toEqual(['ad6127af2131b8fbc95c735da00b1c86']);
    expect(s.outcome).toBe('ok');
  });

  it("a task-augmented call: the status sent before the task's creation, the polls, an elicitation related to the task, up to tasks/result", async () => {
    const s = await story(EVERYTHING, 126);
    expect(steps(s)).toEqual([
      [126, 'request'],
      [127, 'task-status'],
      [128, 'answer'],
      [129, 'task-status'],
      [130, 'task-status'],
      [131, 'task-status'],
      [132, 'task-status'],
      [133, 'task-request'],
      [134, 'task-answer'],
      [135, 'task-request'],
      [136, 'peer-request'],
      [137, 'peer-answer'],
      [138, 'task-status'],
      [139, 'task-status'],
      [140, 'task-status'],
      [141, 'task-answer'],
    ]);
    // It ends with the task's result (00:13:29.157), not the CreateTaskResult.
    expect(s.durationMs).toBe(Date.parse('2026-11-30T00:13:29.157Z') - Date.parse('2026-11-30T00:13:23.624Z'));
  });

  it('log messages the server sent while a request ran; none from after it', async () => {
    expect(steps(await story(EVERYTHING, 56))).toEqual([
      [56, 'request'],
      [57, 'log'],
      [58, 'answer'],
    ]);
    expect(steps(await story(EVERYTHING, 83))).toEqual([
      [83, 'request'],
      [84, 'log'],
      [85, 'answer'],
    ]);
    expect(steps(await story(EVERYTHING, 86))).toEqual([
      [86, 'request'],
      [87, 'answer'],
    ]);
  });

  it('an error answer', async () => {
    const s = await story(EVERYTHING, 54);
    expect(steps(s)).toEqual([
      [54, 'request'],
      [55, 'answer'],
    ]);
    expect(s.outcome).toBe('error');
    expect(s.answer!.findings.map((f) => f.rule)).toEqual(['resource-not-found-code']);
  });

  it('no story for a record that is not a request', async () => {
    expect(storyOf(await of(EVERYTHING), 42)).toBeNull();
    expect(storyOf(await of(EVERYTHING), 100_000)).toBeNull();
  });
});

describe('storyOf: failing servers through wrap, with the diagnosis marks', () => {
  it('a call the SDK client gave up on: its cancel, marked request-timeout', async () => {
    const s = await story('test/fixtures/story/hang-tool.envelope.ndjson', 7);
    expect(steps(s)).toEqual([
      [7, 'request'],
      [8, 'cancel'],
    ]);
    expect(s.outcome).toBe('cancelled');
    expect(s.steps[1]!.record.marks).toEqual([
      expect.objectContaining({ cause: 'request-timeout', request: 'tools/call export' }),
    ]);
  });

  it('a server that exited with the call open: the exit, marked server-exited', async () => {
    const s = await story('test/fixtures/story/crash-mid-call.envelope.ndjson', 7);
    expect(steps(s)).toEqual([
      [7, 'request'],
      [10, 'mark'],
    ]);
    expect(s.outcome).toBe('unanswered');
    expect(s.steps[1]!.record.marks).toEqual([
      expect.objectContaining({ cause: 'server-exited', exitCode: 1, open: 1 }),
    ]);
  });
});

describe('storyOf: 2026-07-28', () => {
  it('a multi round-trip request: every leg and its answer, from any leg; client time between the legs shows as gaps', async () => {
    const recs = await of('test/fixtures/modern/mrtr-rounds.txt');
    const s = storyOf(recs, 6)!; // the third leg names its chain's first request
    expect(steps(s)).toEqual([
      [2, 'request'],
      [3, 'input-required'],
      [4, 'retry'],
      [5, 'input-required'],
      [6, 'retry'],
      [7, 'input-required'],
      [8, 'retry'],
      [9, 'answer'],
    ]);
    expect(s.steps.map((x) => x.round)).toEqual([1, 1, 2, 2, 3, 3, 4, 4]);
    expect(s.rounds).toBe(4);
    expect(s.outcome).toBe('ok');
    expect(s.durationMs).toBe(1170);
    expect(s.steps[2]!.gapMs).toBe(800); // the client's sampling, between the answer that asked for it and the retry
  });

  it('progress by token, and a cancellation by id; a subscription stream ended by the server', async () => {
    const recs = await of('test/fixtures/modern/cancel-progress.txt');
    expect(steps(storyOf(recs, 2)!)).toEqual([
      [2, 'request'],
      [3, 'progress'],
      [4, 'progress'],
      [5, 'progress'],
      [6, 'answer'],
    ]);
    const cancelled = storyOf(recs, 7)!;
    expect(steps(cancelled)).toEqual([
      [7, 'request'],
      [8, 'progress'],
      [9, 'cancel'],
    ]);
    expect(cancelled.outcome).toBe('cancelled');
    const listen = storyOf(recs, 10)!;
    expect(steps(listen)).toEqual([
      [10, 'request'],
      [11, 'stream'],
      [12, 'stream'],
    ]);
  });
});

describe('findRequests', () => {
  it("an id is per session and sender: id 1 is the client's ping and the server's sampling request", async () => {
    const recs = await of(EVERYTHING);
    expect(findRequests(recs, { id: '1' }).map((r) => [r.seq, r.method])).toEqual([
      [15, 'ping'],
      [89, 'sampling/createMessage'],
    ]);
    expect(findRequests(recs, { id: '1', from: 'server' }).map((r) => r.seq)).toEqual([89]);
    expect(findRequests(recs, { id: '1', session: '2' })).toEqual([]);
  });

  it('#N: a request, its answer, or a notification its story holds', async () => {
    const recs = await of(EVERYTHING);
    for (const seq of [41, 42, 43, 45]) expect(findRequests(recs, { seq }).map((r) => r.seq)).toEqual([41]);
    expect(findRequests(recs, { seq: 116 }).map((r) => r.seq)).toEqual([108]);
    expect(findRequests(recs, { seq: 127 }).map((r) => r.seq)).toEqual([126]);
    expect(findRequests(recs, { seq: 1 })).toEqual([]); // the process's start
  });

  it('the Nth call of a tool, the Nth request of a method', async () => {
    const recs = await of(EVERYTHING);
    expect(findRequests(recs, { tool: 'trigger-long-running-operation' }).map((r) => r.seq)).toEqual([35]);
    expect(findRequests(recs, { tool: 'trigger-long-running-operation', nth: 2 }).map((r) => r.seq)).toEqual([41]);
    expect(findRequests(recs, { tool: 'trigger-long-running-operation', nth: 3 })).toEqual([]);
    expect(findRequests(recs, { method: 'tasks/get', nth: 2 }).map((r) => [r.seq, r.dir])).toEqual([[121, 's2c']]);
  });

  it("a retry leg's id names its chain; the legs are not counted as requests of their own", async () => {
    const recs = await of('test/fixtures/modern/mrtr-rounds.txt');
    expect(findRequests(recs, { id: 'a-3' }).map((r) => r.seq)).toEqual([2]);
    expect(findRequests(recs, { method: 'tools/call', nth: 2 })).toEqual([]);
  });

  it('the ids nearest to one that matches nothing', async () => {
    const recs = await of(EVERYTHING);
    expect(nearestIds(recs, '999', nearest)).toEqual(['39', '40', '41', '42', '43']);
    expect(nearestIds(await of('test/fixtures/modern/mrtr-rounds.txt'), 'a-7', nearest)).toEqual(
      ['a-1', 'a-2', 'a-3', 'a-4'].slice(0, 3),
    );
    expect(parseRequestArg('#41')).toEqual({ seq: 41 });
    expect(parseRequestArg('41')).toEqual({ id: '41' });
  });
});
