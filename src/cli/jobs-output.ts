// `annotate --jobs N`: the records' output made by worker threads, written in input order as one thread writes it.
//
// A worker formats its file or piece numbered from 1 (src/cli/jobs-output-file.ts) and sends its output in chunks of
// bytes with the numbers left out and the places they go (src/output/record-holes.ts); the coordinator writes each
// chunk with the run's numbers put in (the records before the unit, the unkeyed sessions before it), copying the bytes
// around them without reading them. Memory stays bounded: a file that is cut is cut into small pieces (about
// `minPieceBytes` each), a piece's output waits whole for the units before it, at most `jobs` units ahead of the one
// being written are started, and a large unit (a file that is not cut, or one read again whole) is started only when
// it is the one being written, its output written as it comes and its worker held back (`flow`) when stdout is slow.
//
// A piece's output is written once it is known to be the whole file's there: when the piece has ended and its cut and
// every cut before it held (src/session/cuts.ts, `cutsHeld` on the pieces so far), and the piece did not end in what
// the next piece's cut would change. The first piece of a file needs less: it starts where the whole file starts, from
// a fresh state, so what it makes before its input ends is the whole file's whatever the cuts after it turn out to be
// (a record's analysis depends only on the records before it); only what it makes once its input has ended (its
// tail: a reader's last line or record, cut off by the piece's end) waits for those checks. So the first piece, when
// it is the one being written, writes its output as it comes, its first batch's at once; and the units are
// dispatched as the plan finds their cuts, not once it has read the whole file (the plan reading on only as far as the
// workers can start units: it shares this thread). When a cut does not hold, the file is read again whole by one
// worker, which leaves out the output already written (`skip` records, and `skipLines` lines of the one after).
import { Buffer } from 'node:buffer';
import type { Writable } from 'node:stream';
import { ORDINAL_HOLE } from '../output/record-holes.js';
import { cutsHeld } from '../session/cuts.js';
import { DEFAULT_MAX_SESSIONS } from '../session/live-sessions.js';
import type { OutputAck, OutputChunk, OutputReply, OutputResult, OutputTask } from './jobs-output-file.js';
import type { Plan, Unit } from './jobs-plan.js';
import { renumbering, type Renumbering } from './jobs-renumber.js';
import { newOrdinalPrefix, startWorkers, taskError, type JobWorker } from './jobs.js';
import type { Log } from './logger.js';

type Chunk = OutputChunk['chunk'];
type Worker = JobWorker<OutputTask | OutputAck, OutputReply>;
type TaskBase = Omit<OutputTask, 'index' | 'file' | 'parts' | 'piece' | 'ordinalPrefix' | 'skip' | 'flow'>;

/** A file's units' results in input order with their renumbering, once all its output is written. */
type FileResults = { result: OutputResult; renumber: Renumbering }[];

interface OutputOptions {
  log?: Log;
  /** The workers do their work in this thread (`MCPTRACE_JOBS_IN_THREAD`, for tests). */
  inThread?: boolean;
  /** Text written before the first record, which replaces the first `cut` bytes of its output (json: the `,\n`). */
  lead?: { text: string; cut: number };
  /** A unit of at most this many bytes is small: it may start before its turn (its output waits for it whole). */
  smallBytes: number;
}

interface UnitState {
  id: number;
  unit: Unit;
  /** Its place in the write order (a file read again whole takes the place of its piece whose cut did not hold). */
  order: number;
  skip?: number;
  skipLines?: number;
  flow?: boolean;
  /** The first piece of a file, started as the unit being written: its output is written as it comes, but its tail. */
  stream?: boolean;
  /** Of its output written: the records whose lines all are, and the lines of the next (`OutputChunk`). */
  wrote: { records: number; lines: number };
  worker: Worker | null;
  chunks: Chunk[];
  result: OutputResult | null;
  /** Its file is read again whole: its output is not written. */
  dropped: boolean;
}

interface FileState {
  /** Its units in write order, as far as the plan has found them. */
  units: number[];
  /** The plan has given all its units. */
  planned: boolean;
  /** Read again whole: the pieces the plan still finds are not its units. */
  whole: boolean;
  /** Its output is being written: `seq` and `ordinal` are set. */
  begun: boolean;
  /** The unit being written (its index in `units`). */
  at: number;
  /** The run's numbers at the file's start. */
  seq: number;
  ordinal: number;
  /** Records of the file whose output is written (pieces that held). */
  written: number;
  done: FileResults;
}

/**
 * Runs the plan's units in `jobs` workers and writes their records' output to `out` in input order; `merged` is told
 * each file's results once its output is written (its summary, notes and filters', in the run's numbering). Resolves
 * when the output is written; rejects with the first error (exit 2 for a file that cannot be read).
 */
export async function runOutputParallel(
  plan: Plan,
  jobs: number,
  task: TaskBase,
  out: Writable,
  merged: (results: FileResults) => void,
  opts: OutputOptions,
): Promise<{ records: boolean }> {
  const ordinalPrefix = newOrdinalPrefix();
  const workers = startWorkers<OutputTask | OutputAck, OutputReply>(
    Math.min(jobs, plan.maxUnits),
    opts.inThread ?? false,
  );
  try {
    // Each unit is dispatched as soon as the plan finds it: the first piece of a file is read (and its output
    // written) while the plan reads on to find the next cuts.
    return await new Promise((resolve, reject) => {
      const run = new OutputRun(jobs, task, ordinalPrefix, out, merged, opts, resolve, reject);
      run.start(workers);
      run.feed(plan.units());
    });
  } finally {
    await Promise.all(workers.map((w) => w.terminate()));
  }
}

class OutputRun {
  private readonly states: UnitState[] = [];
  private readonly files: FileState[] = [];
  /** Units not started, in write order. */
  private queue: number[] = [];
  private readonly idle: Worker[] = [];
  private file = 0;
  private seqOffset = 0;
  private ordinalOffset = 0;
  /** Waiting for stdout to drain. */
  private blocked = false;
  private records = false;
  private finished = false;
  /** The plan has given all its units. */
  private planned = false;
  /** The plan waits for units to be started before it reads on. */
  private wanted: (() => void) | null = null;
  private readonly maxSessions: number;

  constructor(
    private readonly jobs: number,
    private readonly task: TaskBase,
    private readonly ordinalPrefix: string,
    private readonly out: Writable,
    private readonly merged: (results: FileResults) => void,
    private readonly opts: OutputOptions,
    private readonly resolve: (v: { records: boolean }) => void,
    private readonly reject: (err: unknown) => void,
  ) {
    this.maxSessions = task.analyzer.maxSessions ?? DEFAULT_MAX_SESSIONS;
  }

  start(workers: readonly Worker[]): void {
    for (const w of workers) {
      w.on('message', (m) => this.guard(() => this.message(w, m)));
      w.on('error', (err) => this.fail(err));
      this.idle.push(w);
    }
    this.guard(() => this.pump());
  }

  /**
   * Takes the plan's units as it finds them, each file's after the file before, and no more than the workers can
   * start: the plan reads a file to find its cuts in this thread, on the cores the workers need for the first piece.
   */
  feed(units: AsyncIterable<{ unit: Unit; last: boolean }>): void {
    const take = async () => {
      let f: FileState | null = null;
      let pieces: Unit['piece'][] = [];
      for await (const { unit, last } of units) {
        if (this.finished) return;
        if (this.queue.length > this.jobs) await new Promise<void>((resolve) => (this.wanted = resolve));
        if (f === null) {
          f = {
            units: [],
            planned: false,
            whole: false,
            begun: false,
            at: 0,
            seq: 0,
            ordinal: 0,
            written: 0,
            done: [],
          };
          this.files.push(f);
        }
        if (!f.whole) {
          const id = this.add({ unit, order: this.states.length });
          f.units.push(id);
          this.queue.push(id);
        }
        pieces.push(unit.piece);
        if (last) {
          f.planned = true;
          if (pieces.length > 1) this.opts.log?.debug({ input: unit.file, pieces }, 'reading in pieces');
          f = null;
          pieces = [];
        }
        this.guard(() => this.pump());
      }
      this.planned = true;
      this.guard(() => this.pump());
    };
    take().catch((err: unknown) => this.fail(err));
  }

  private add(s: Omit<UnitState, 'id' | 'worker' | 'chunks' | 'result' | 'dropped' | 'wrote'>): number {
    const id = this.states.length;
    this.states.push({
      ...s,
      id,
      worker: null,
      chunks: [],
      result: null,
      dropped: false,
      wrote: { records: 0, lines: 0 },
    });
    return id;
  }

  private guard(f: () => void): void {
    if (this.finished) return;
    try {
      f();
    } catch (err) {
      this.fail(err);
    }
  }

  private fail(err: unknown): void {
    if (this.finished) return;
    this.finished = true;
    this.wanted?.();
    this.reject(err);
  }

  private message(w: Worker, m: OutputReply): void {
    if ('chunk' in m) {
      const u = this.states[m.chunk.index]!;
      if (u.dropped) w.postMessage({ index: m.chunk.index, ack: m.chunk.length });
      else u.chunks.push(m.chunk);
    } else {
      if (!m.ok) throw taskError(m.error, this.states[m.index]!.unit.file);
      const u = this.states[m.result.index]!;
      u.result = m.result;
      u.worker = null;
      this.idle.push(w);
    }
    this.pump();
  }

  /** The order of the unit being written (Infinity once all are). */
  private current(): number {
    const f = this.files[this.file];
    if (f === undefined) return Infinity;
    // Its last unit written, the file not yet closed (stdout is full): the next unit's turn.
    return f.at < f.units.length ? this.states[f.units[f.at]!]!.order : this.states[f.units[f.at - 1]!]!.order + 1;
  }

  /** Writes what can be written, then gives idle workers what they may start. */
  private pump(): void {
    while (!this.blocked && this.file < this.files.length) {
      const f = this.files[this.file]!;
      if (!f.begun) {
        f.begun = true;
        f.seq = this.seqOffset;
        f.ordinal = this.ordinalOffset;
      }
      if (f.at === f.units.length) {
        if (!f.planned) break;
        this.merged(f.done);
        this.file++;
        continue;
      }
      const u = this.states[f.units[f.at]!]!;
      if (u.unit.piece !== undefined) {
        if (u.result === null) {
          // The first piece's output made before its input ended is the whole file's, whatever the cuts after it
          // turn out to be: a piece is read from a fresh state, as the whole file is at its start.
          if (u.stream) this.write(u, false);
          break;
        }
        const reports = f.units.slice(0, f.at + 1).map((i) => this.states[i]!.result!.cut!);
        const last = u.unit.piece.end === Infinity;
        if (!cutsHeld(reports, this.maxSessions) || (!last && !u.result.cut!.ends)) {
          this.readWhole(f);
          continue;
        }
      }
      this.write(u, true);
      if (u.result === null) break;
      this.done(f, u);
    }
    if (this.planned && this.file === this.files.length && !this.blocked) {
      this.finished = true;
      this.resolve({ records: this.records });
      return;
    }
    this.give();
    if (this.wanted !== null && (this.queue.length <= this.jobs || this.finished)) {
      const go = this.wanted;
      this.wanted = null;
      go();
    }
  }

  /** A unit's output written: its result kept for its file's end, the run's numbers moved past it. */
  private done(f: FileState, u: UnitState): void {
    const r = u.result!;
    f.done.push({ result: r, renumber: renumbering(this.seqOffset, this.ordinalOffset, this.ordinalPrefix) });
    f.written += r.counts.records;
    this.seqOffset += r.counts.records;
    this.ordinalOffset += r.counts.ordinals;
    f.at++;
  }

  /**
   * A cut of `f` did not hold: the pieces from here on are dropped, and the file read again whole in their place,
   * leaving out what is written (the pieces before, and what the one here wrote as it came).
   */
  private readWhole(f: FileState): void {
    const dropped = f.units.slice(f.at);
    for (const i of dropped) this.states[i]!.dropped = true;
    this.queue = this.queue.filter((i) => !this.states[i]!.dropped);
    const first = this.states[dropped[0]!]!;
    const skip = f.written + first.wrote.records;
    const skipLines = first.wrote.lines;
    const whole = this.add({
      unit: { file: first.unit.file },
      order: first.order,
      skip,
      ...(skipLines > 0 ? { skipLines } : {}),
      flow: true,
    });
    // Its units are known now: the pieces the plan still finds are not read.
    f.whole = true;
    f.planned = true;
    this.opts.log?.debug({ input: first.unit.file, skip, skipLines }, 'a cut did not hold: reading the file whole');
    f.units = [...f.units.slice(0, f.at), whole];
    f.done = [];
    f.written = 0;
    this.seqOffset = f.seq;
    this.ordinalOffset = f.ordinal;
    this.queue.unshift(whole);
  }

  /** The chunks of `u` come so far, with the run's numbers, to the output (`tail`: those made after its input ended too). */
  private write(u: UnitState, tail: boolean): void {
    const end = tail ? u.chunks.length : u.chunks.findIndex((c) => c.tail === true);
    for (const c of u.chunks.splice(0, end === -1 ? u.chunks.length : end)) {
      u.wrote = { records: c.records, lines: c.lines };
      let from = 0;
      if (!this.records && this.opts.lead) {
        this.out.write(this.opts.lead.text);
        from = this.opts.lead.cut;
      }
      this.records = true;
      const w = u.worker;
      const bytes = spliced(c, from, this.seqOffset, this.ordinalOffset);
      // The chunk is copied: its buffer goes back to the worker, which gathers output in it again. (What is written is
      // not used again: the stream may keep it.) Once written, the worker is told (its flow).
      const ack: OutputAck = { index: u.id, ack: c.length, bytes: c.bytes };
      this.out.write(bytes, () => w?.postMessage(ack, [c.bytes]));
    }
    if ((this.out as { writableNeedDrain?: boolean }).writableNeedDrain) {
      this.blocked = true;
      this.out.once('drain', () => {
        this.blocked = false;
        this.guard(() => this.pump());
      });
    }
  }

  /** Each idle worker takes the first unit it may start: within `jobs` of the one written, and small unless it is that one. */
  private give(): void {
    while (this.idle.length > 0) {
      const now = this.current();
      const i = this.queue.findIndex((id) => {
        const s = this.states[id]!;
        return s.order === now || (s.order - now <= this.jobs && !this.large(s));
      });
      if (i === -1) return;
      this.post(this.idle.pop()!, this.queue.splice(i, 1)[0]!, now);
    }
  }

  /** Starts unit `id` on worker `w`; `now`: the order of the unit being written. */
  private post(w: Worker, id: number, now: number): void {
    const s = this.states[id]!;
    s.worker = w;
    // The first piece of a file, when it is the one being written, writes its output as it comes.
    s.stream = s.unit.piece?.start === 0 && s.order === now;
    w.postMessage({
      ...this.task,
      index: id,
      file: s.unit.file,
      parts: s.unit.parts,
      piece: s.unit.piece,
      ordinalPrefix: this.ordinalPrefix,
      ...(s.skip !== undefined ? { skip: s.skip } : {}),
      ...(s.skipLines !== undefined ? { skipLines: s.skipLines } : {}),
      ...(this.large(s) || s.stream ? { flow: true } : {}),
    } satisfies OutputTask);
  }

  /** A unit whose output is not known to be small: a file not cut (of unknown size or more than `smallBytes`), one read again whole. */
  private large(s: UnitState): boolean {
    return (
      s.flow === true ||
      (s.unit.piece === undefined && !(s.unit.bytes !== undefined && s.unit.bytes <= this.opts.smallBytes))
    );
  }
}

/** Most digits a number put back takes (a safe integer). */
const DIGITS = 16;

/** A chunk's bytes from `from` on with the run's numbers put in its holes. */
function spliced(c: Chunk, from: number, seqOffset: number, ordinalOffset: number): Buffer {
  const src = Buffer.from(c.bytes, 0, c.length);
  const holes = c.holes;
  const out = Buffer.allocUnsafe(c.length - from + (holes.length / 4) * DIGITS);
  let o = 0;
  let prev = from;
  for (let i = 0; i < holes.length; i += 4) {
    o += src.copy(out, o, prev, holes[i]!);
    o = digits(out, o, holes[i + 3]! + (holes[i + 2] === ORDINAL_HOLE ? ordinalOffset : seqOffset));
    prev = holes[i + 1]!;
  }
  o += src.copy(out, o, prev, c.length);
  return out.subarray(0, o);
}

/** Writes `n` (a whole number, not negative) in decimal at `o`; returns the end. */
function digits(out: Buffer, o: number, n: number): number {
  let end = o + 1;
  for (let x = n; x >= 10; x = Math.floor(x / 10)) end++;
  for (let i = end - 1, x = n; i >= o; i--, x = Math.floor(x / 10)) out[i] = 48 + (x % 10);
  return end;
}
