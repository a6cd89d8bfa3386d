// The audit report's stories in bounded memory: the earliest requests that went wrong (at most the limit, whatever
// order they end in), the slowest answered ones, and no more requests followed at once than the bound.
import { describe, expect, it } from 'vitest';
import { StoryKeeper } from '../../src/audit/stories.js';
import { Seq } from '../helpers/records.js';

const at = (ms: number) => ({ wire: { tsMs: ms } });

describe('StoryKeeper', () => {
  it('keeps the earliest failures up to its limit and the five slowest answered requests', () => {
    const log = new Seq();
    // 30 requests answered with an error in reverse order of their sending (the last one ends first), then 10 answered
    // ones that take 10, 20 … 100 ms.
    const failing = Array.from({ length: 30 }, (_, i) => log.request('tools/call', i + 1, at(i)));
    for (const r of [...failing].reverse()) log.error(r, 1, -32603, 'boom', at(100));
    for (let i = 0; i < 10; i++) {
      const r = log.request('ping', 100 + i, at(1000 + i * 1000));
      log.response(r, (i + 1) * 10, {}, at(1000 + i * 1000 + (i + 1) * 10));
    }
    const keeper = new StoryKeeper(20);
    for (const r of log.records) keeper.add(r);
    const stories = keeper.stories().get('1')!;
    const listed = stories.filter((s) => s.outcome === 'error');
    expect(listed.map((s) => s.request.id)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(stories.filter((s) => s.outcome === 'ok').map((s) => s.durationMs)).toEqual([60, 70, 80, 90, 100]);
  });

  it('follows at most 256 requests of a session at once: an older one is decided as it stands', () => {
    const log = new Seq();
    for (let i = 0; i < 300; i++) log.request('tools/call', i, at(i));
    const keeper = new StoryKeeper(20);
    for (const r of log.records) keeper.add(r);
    // Every request is still open: the first 44 were decided when the bound was passed, unanswered; the earliest kept.
    const stories = keeper.stories().get('1')!;
    expect(stories.map((s) => s.request.id)).toEqual(Array.from({ length: 20 }, (_, i) => i));
    expect(stories.every((s) => s.outcome === 'unanswered')).toBe(true);
  });

  it('follows nothing with a limit of 0', () => {
    const log = new Seq();
    log.error(log.request('tools/call', 1), 1, -32603);
    const keeper = new StoryKeeper(0);
    for (const r of log.records) keeper.add(r);
    expect(keeper.stories().size).toBe(0);
  });
});
