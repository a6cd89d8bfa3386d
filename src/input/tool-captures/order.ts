// The order a capture's frames leave in. A run of records listed newest first is given back oldest first; a folded
// message timed after its record (a response folded into its request's entry) waits until a frame of a later time
// goes out, so that frames leave in time order; and a request under a provisional session (types.ts
// `provisionalSession`) waits, with the frames after it, for the response that names its session. Every wait is
// bounded (frames and bytes): past the bound what waits longest goes on as it is (a run in the order read so far
// reversed, the earliest timed message, the oldest waiting request under its provisional session).
import type { Frame } from '../../types.js';
import { isPlainObject } from '../../util/own.js';

/** A JSON-RPC id as a message has it (undefined: none). */
type Id = string | number;

/** One record's frames: those that go in record order, and its folded messages that go in time order. */
interface Held {
  frames: readonly Frame[];
  later: readonly Frame[];
}

export class ToolCaptureOrder {
  /** Records of a newest-first run, in the order read. */
  private run: Held[] = [];
  private runBytes = 0;
  /** Folded messages waiting for their time, earliest first. */
  private timed: Frame[] = [];
  /** Frames held behind a waiting request, in order; `waiting` holds the ids of the requests still waiting. */
  private queue: Frame[] = [];
  private queueBytes = 0;
  private readonly waiting = new Map<Frame, Id>();

  constructor(
    private readonly provisional: string | undefined,
    private readonly maxFrames = 10_000,
    private readonly maxBytes = 16 * 1024 * 1024,
  ) {}

  /** One record's frames (see `Held`); `newestFirst`: the record is one of a run listed newest first. */
  push(frames: readonly Frame[], later: readonly Frame[], newestFirst: boolean, out: Frame[]): void {
    if (newestFirst) {
      this.run.push({ frames: frames.slice(), later: later.slice() });
      for (const f of frames) this.runBytes += f.bytes;
      for (const f of later) this.runBytes += f.bytes;
      if (this.run.length >= this.maxFrames || this.runBytes >= this.maxBytes) this.endRun(out);
      return;
    }
    if (this.run.length > 0) this.endRun(out);
    this.record(frames, later, out);
  }

  /** The end of the input: everything held goes out. */
  end(out: Frame[]): void {
    this.endRun(out);
    for (const f of this.timed) this.session(f, out);
    this.timed = [];
    this.waiting.clear();
    this.release(out);
  }

  private endRun(out: Frame[]): void {
    const run = this.run;
    this.run = [];
    this.runBytes = 0;
    for (let i = run.length - 1; i >= 0; i--) this.record(run[i]!.frames, run[i]!.later, out);
  }

  private record(frames: readonly Frame[], later: readonly Frame[], out: Frame[]): void {
    for (const f of frames) {
      // Folded messages of an earlier time (or the same) go first.
      if (f.tsMs !== null)
        while (this.timed.length > 0 && this.timed[0]!.tsMs! <= f.tsMs) this.session(this.timed.shift()!, out);
      this.session(f, out);
    }
    for (const f of later) {
      if (f.tsMs === null) {
        this.session(f, out);
        continue;
      }
      let i = this.timed.length;
      while (i > 0 && this.timed[i - 1]!.tsMs! > f.tsMs) i--;
      this.timed.splice(i, 0, f);
      if (this.timed.length > this.maxFrames) this.session(this.timed.shift()!, out);
    }
  }

  private session(f: Frame, out: Frame[]): void {
    if (this.provisional !== undefined && f.session === this.provisional) {
      const id = requestId(f);
      if (id !== undefined) {
        this.waiting.set(f, id);
        this.hold(f, out);
        return;
      }
    }
    if (this.waiting.size === 0) {
      out.push(f);
      return;
    }
    const id = responseId(f);
    if (id !== undefined) {
      for (const [req, rid] of this.waiting) {
        if (rid === id) {
          req.session = f.session;
          this.waiting.delete(req);
          break;
        }
      }
    }
    this.hold(f, out);
  }

  private hold(f: Frame, out: Frame[]): void {
    this.queue.push(f);
    this.queueBytes += f.bytes;
    if (this.queue.length > this.maxFrames || this.queueBytes > this.maxBytes) {
      // Waited long enough: the oldest waiting request keeps its provisional session.
      const oldest = this.waiting.keys().next();
      if (!oldest.done) this.waiting.delete(oldest.value);
    }
    this.release(out);
  }

  /** Frames at the head of the queue that wait for nothing go out. */
  private release(out: Frame[]): void {
    let i = 0;
    while (i < this.queue.length && !this.waiting.has(this.queue[i]!)) {
      this.queueBytes -= this.queue[i]!.bytes;
      out.push(this.queue[i++]!);
    }
    if (i > 0) this.queue = this.queue.slice(i);
  }
}

/** The parsed message of a frame (its value, or its text parsed), or undefined. */
function messageOf(f: Frame): Record<string, unknown> | undefined {
  let m = f.value;
  if (
    m === undefined &&
    f.text !== null &&
    f.error === undefined &&
    f.truncated === undefined &&
    f.summary === undefined
  ) {
    try {
      m = JSON.parse(f.text);
    } catch {
      return undefined;
    }
  }
  return isPlainObject(m) ? m : undefined;
}

const isId = (v: unknown): v is Id => typeof v === 'string' || typeof v === 'number';

function requestId(f: Frame): Id | undefined {
  const m = messageOf(f);
  return m !== undefined && typeof m.method === 'string' && isId(m.id) ? m.id : undefined;
}

function responseId(f: Frame): Id | undefined {
  const m = messageOf(f);
  return m !== undefined && m.method === undefined && (m.result !== undefined || m.error !== undefined) && isId(m.id)
    ? m.id
    : undefined;
}
