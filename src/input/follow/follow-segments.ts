// `--follow` as streams: the followed file's bytes cut into segments at truncation and replacement, each read as an input.
import { followFile, type FollowOptions, type SegmentReason } from './follow.js';

/** One stream of records: the file from its start up to a truncation, a replacement, or the stop. */
interface FollowSegment {
  /** 1-based. */
  index: number;
  reason: SegmentReason;
  chunks: AsyncIterable<Buffer>;
}

/**
 * The followed file as segments: each is a new stream of records (read it as its own input, with its own
 * format detection and sessions). A segment's chunks end at a truncation, a replacement or the stop; the
 * next segment is yielded only after the previous one ended. A segment left unread is skipped.
 */
export async function* followSegments(path: string, opts: FollowOptions): AsyncGenerator<FollowSegment> {
  const events = followFile(path, opts);
  const state: { next: Exclude<SegmentReason, 'start'> | null; done: boolean } = { next: null, done: false };
  async function* chunks(): AsyncGenerator<Buffer> {
    for (;;) {
      const r = await events.next();
      if (r.done) {
        state.done = true;
        return;
      }
      if (r.value.type === 'reset') {
        state.next = r.value.reason;
        return;
      }
      yield r.value.chunk;
    }
  }
  let reason: SegmentReason = 'start';
  try {
    for (let index = 1; !state.done; index++) {
      state.next = null;
      const seg = chunks();
      yield { index, reason, chunks: seg };
      await seg.return(undefined);
      // The consumer stopped early: skip the rest of this segment.
      while (state.next === null && !state.done) {
        const r = await events.next();
        if (r.done) state.done = true;
        else if (r.value.type === 'reset') state.next = r.value.reason;
      }
      if (state.next !== null) reason = state.next;
    }
  } finally {
    await events.return(undefined);
  }
}
