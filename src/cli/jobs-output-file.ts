// What an `annotate --jobs` worker does with a task: analyses one file (or piece) as `mcptrace annotate` would, and
// sends its output as it goes: the bytes of its records' lines without the numbers the run gives (seqs, unkeyed
// sessions' numbers), and where they go (src/output/record-holes.ts). The coordinator puts the run's numbers in and
// writes the pieces in input order (src/cli/jobs-output.ts). `export --to csv --jobs` sends its rows the same way
// (src/export/columnar/csv-holes.ts).
import { Buffer } from 'node:buffer';
import { analyzeStreamBatches } from '../analyze-stream.js';
import { Diagnoser } from '../diagnose/diagnoser.js';
import { recordToJson } from '../output/json.js';
import { recordMessageJson, recordToNdjsonHead } from '../output/ndjson.js';
import { recordHoles } from '../output/record-holes.js';
import { csvRowHoles } from '../export/columnar/csv-holes.js';
import { RECORDS } from '../export/columnar/record-columns.js';
import { RecordRows } from '../export/columnar/record-row.js';
import { SessionTally, type Traffic } from '../export/columnar/session-rows.js';
import { findingRefs } from '../rules/engine.js';
import type { PipelineRecord } from '../types.js';
import type { FilterOptions } from './filter.js';
import { HeapKeeper } from './heap.js';
import { failed, taskAnalysis, taskEnd, taskInput, type WorkerError } from './jobs-file.js';
import type { FileResult, FileTask } from './jobs.js';

/**
 * An `annotate` task: a file or piece, the output's format, and the records whose output is already written. `csv`:
 * `export --to csv`'s records table, with the run's id (`runId`, the same for every worker); with `table: 'sessions'`,
 * no output but the sessions' traffic in the result.
 */
export interface OutputTask extends Omit<FileTask, 'command' | 'auditLimits' | 'redactKeys'> {
  command: 'annotate';
  format: 'ndjson' | 'json' | 'csv';
  body: boolean;
  runId?: string;
  table?: 'sessions';
  filter: FilterOptions;
  /**
   * The file read again whole after a cut did not hold: the output of its first `skip` records is written already,
   * and the first `skipLines` lines of the record after them.
   */
  skip?: number;
  skipLines?: number;
  /** Wait for the coordinator to have written the output sent (`ack`) before sending more than `FLOW_BYTES`. */
  flow?: boolean;
}

/**
 * A part of a task's output: `bytes[0, length)` numbered as the worker numbers, and where its numbers are (`holes`:
 * four numbers each, src/output/record-holes.ts, the places in bytes of the chunk). With the chunks before it, it holds
 * the lines of the task's first `records` records and `lines` lines of the next one. `tail`: it was made after the
 * input ended (a piece's end may make what the whole file would not make there: src/cli/jobs-output.ts).
 */
export interface OutputChunk {
  chunk: {
    index: number;
    bytes: ArrayBuffer;
    length: number;
    holes: Float64Array;
    records: number;
    lines: number;
    tail?: true;
  };
}

/** What a task ends with, beside its output: what `stats` takes of a file (its summary, counts, cut report …). */
export interface OutputResult extends Omit<FileResult, 'state' | 'diagnoses'> {
  /** A session of the file went wrong (the note on an input with no MCP message says so). */
  wentWrong: boolean;
  /** `table: 'sessions'`: each session's traffic, in order of first appearance. */
  sessions?: [string, Traffic][];
}

/** What a worker tells the coordinator about an output task: its chunks, then its result or the error that stopped it. */
export type OutputReply =
  | OutputChunk
  | { ok: true; result: OutputResult }
  | { ok: false; index: number; error: WorkerError };

/** The coordinator's answer to a chunk of task `index`: its `ack` bytes are written, and its buffer given back. */
export interface OutputAck {
  index: number;
  ack: number;
  bytes?: ArrayBuffer;
}

/** How the worker talks to the coordinator: a message (its buffers moved, not copied), and the output it has written. */
export interface OutputPort {
  send(m: OutputReply, transfer?: ArrayBuffer[]): void;
  /** Resolves once the coordinator has written all but `bytes` of the output sent. */
  written(bytes: number): Promise<void>;
  /** A buffer of at least `bytes` to gather output in: one the coordinator gave back, or a new one. */
  buffer(bytes: number): Buffer;
}

/**
 * A worker's port: counts the bytes its task sent in chunks and those the coordinator says it wrote (`ack`). A task
 * waits for its own chunks only: the coordinator may hold another task's until the ones before it are written.
 */
export class FlowPort implements OutputPort {
  private index = -1;
  private sent = 0;
  private acked = 0;
  private waiting: { bytes: number; resolve: () => void }[] = [];
  /** Buffers given back (the same size each), to be used again. */
  private free: ArrayBuffer[] = [];

  constructor(private readonly post: (m: OutputReply, transfer?: ArrayBuffer[]) => void) {}

  /** A new task begins: its count starts from nothing. */
  begin(index: number): void {
    this.index = index;
    this.sent = 0;
    this.acked = 0;
  }

  send(m: OutputReply, transfer?: ArrayBuffer[]): void {
    if ('chunk' in m) this.sent += m.chunk.length;
    this.post(m, transfer);
  }

  buffer(bytes: number): Buffer {
    const b = bytes <= CHUNK_BUFFER ? this.free.pop() : undefined;
    // Its own memory (not the pool's): it is moved to the coordinator whole.
    return b !== undefined ? Buffer.from(b) : Buffer.allocUnsafeSlow(Math.max(CHUNK_BUFFER, bytes));
  }

  ack(m: OutputAck): void {
    if (m.bytes !== undefined && m.bytes.byteLength === CHUNK_BUFFER && this.free.length < 8) this.free.push(m.bytes);
    if (m.index !== this.index) return;
    this.acked += m.ack;
    this.waiting = this.waiting.filter((w) => (this.sent - this.acked <= w.bytes ? (w.resolve(), false) : true));
  }

  written(bytes: number): Promise<void> {
    if (this.sent - this.acked <= bytes) return Promise.resolve();
    return new Promise((resolve) => this.waiting.push({ bytes, resolve }));
  }
}

/** Output gathered before it is sent, and the size of the buffers it is gathered in (a longer line takes its own). */
const CHUNK_BYTES = 1024 * 1024;
const CHUNK_BUFFER = 2 * CHUNK_BYTES;
/** Output sent and not yet written past which a `flow` task waits. */
const FLOW_BYTES = 8 * 1024 * 1024;

/**
 * What a task's output holds so far, told with each chunk (`OutputChunk`): the records whose lines (or rows) are all
 * made, the lines of the next one, and whether the input has ended (what comes now is its tail).
 */
export class OutputPlace {
  private records = 0;
  private lines = 0;
  tail = false;

  /** One more line (or row) of the record being made. */
  line(): void {
    this.lines++;
  }

  /** The lines of record `seq` are all made. */
  record(seq: number): void {
    this.records = seq;
    this.lines = 0;
  }

  /** A chunk's fields with what the output holds up to its end. */
  told<C extends object>(c: C): C & { records: number; lines: number; tail?: true } {
    const chunk = { ...c, records: this.records, lines: this.lines };
    return this.tail ? { ...chunk, tail: true } : chunk;
  }
}

/** The task's lines, encoded as they are made, with the places of the numbers the run gives. */
class ChunkWriter {
  private buf: Buffer | null = null;
  private used = 0;
  private holes: number[] = [];
  readonly place = new OutputPlace();
  constructor(
    private readonly index: number,
    private readonly port: OutputPort,
  ) {}

  line(prefix: string, head: string, unkeyed: string, r: PipelineRecord, tail: string, end: string): void {
    this.room((prefix.length + head.length + tail.length + end.length) * 3);
    const buf = this.buf!;
    if (prefix !== '') this.used += buf.write(prefix, this.used);
    const holes = this.holes;
    const first = holes.length;
    recordHoles(head, r, unkeyed, findingRefs, holes);
    this.put(head, first);
    this.used += buf.write(tail, this.used);
    this.used += buf.write(end, this.used);
    this.place.line();
  }

  /** A text whose holes (four numbers each, their places in its characters) are `local`. */
  text(text: string, local: readonly number[]): void {
    this.room(text.length * 3);
    const first = this.holes.length;
    for (let i = 0; i < local.length; i++) this.holes.push(local[i]!);
    this.put(text, first);
    this.place.line();
  }

  /** Writes `text` where the output is, and moves its holes (from `first` on) to their places in bytes of the chunk. */
  private put(text: string, first: number): void {
    const holes = this.holes;
    const at = this.used;
    const bytes = this.buf!.write(text, at);
    this.used += bytes;
    // The holes' places are in characters of the text: in bytes the same when it is ASCII (one byte each), as most are.
    if (bytes === text.length) for (let i = first; i < holes.length; i += 4) (holes[i] += at), (holes[i + 1] += at);
    else
      for (let i = first; i < holes.length; i += 4) {
        holes[i] = at + Buffer.byteLength(text.slice(0, holes[i]));
        holes[i + 1] = at + Buffer.byteLength(text.slice(0, holes[i + 1]));
      }
  }

  /** Sends what was gathered when it is a chunk's worth (`all`: whatever there is). */
  send(all = false): void {
    if (this.buf === null || this.used === 0 || (!all && this.used < CHUNK_BYTES)) return;
    const bytes = this.buf.buffer as ArrayBuffer;
    const holes = Float64Array.from(this.holes);
    this.port.send({ chunk: this.place.told({ index: this.index, bytes, length: this.used, holes }) }, [
      bytes,
      holes.buffer,
    ]);
    this.buf = null;
    this.used = 0;
    this.holes = [];
  }

  private room(worst: number): void {
    if (this.buf !== null && this.used + worst > this.buf.length) this.send(true);
    if (this.buf === null) this.buf = this.port.buffer(worst);
  }
}

/** One file or piece as `mcptrace annotate -f ndjson|json` prints it, numbered from 1 (the coordinator renumbers). */
async function annotateFile(task: OutputTask, port: OutputPort): Promise<OutputResult> {
  const { status, analyzer, selection } = await taskAnalysis(task);
  // The diagnosis marks annotate's records; export's rows have no marks.
  const diagnoser =
    task.format === 'csv'
      ? null
      : new Diagnoser({ slowMs: task.analyzer.ruleOptions?.slowMs, maxLive: task.analyzer.maxSessions });
  const { bytes, cut, clockOffset, check, ended } = watchedInput(task);
  const heap = new HeapKeeper();
  const out = new ChunkWriter(task.index, port);
  const opts = { body: task.body };
  const unkeyed = task.ordinalPrefix;
  const write =
    task.format === 'ndjson'
      ? (r: PipelineRecord) =>
          out.line('', recordToNdjsonHead(r, opts), unkeyed, r, opts.body ? recordMessageJson(r) : '', '}\n')
      : (r: PipelineRecord) => {
          // `recordToJson`'s line as one thread prints it (`JSON.stringify`), cut before its message, which is last.
          const o = recordToJson(r, opts);
          const message = o.message;
          delete o.message;
          const s = JSON.stringify(o);
          if (!opts.body) return out.line(',\n', s.slice(0, -1), unkeyed, r, '', '}');
          out.line(',\n', `${s.slice(0, -1)},"message":`, unkeyed, r, JSON.stringify(message), '}');
        };
  const tally = task.table === 'sessions' ? new SessionTally(task.runId!) : null;
  const put = tally
    ? tallyOf(tally, task.runId!)
    : task.format === 'csv'
      ? csvWriter(out, task.runId!, unkeyed)
      : write;
  // The sessions' traffic is the whole file's when it is read again whole (it is sent, not written, at its end).
  const skip = tally ? 0 : (task.skip ?? 0);
  const skipLines = tally ? 0 : (task.skipLines ?? 0);
  let first = true;
  for await (const batch of analyzeStreamBatches(analyzer, bytes, task.file, { firstLine: cut, clockOffset })) {
    if (ended() && !out.place.tail) {
      // Records made once the input has ended (a reader's last line or record) go in chunks of their own.
      out.send(true);
      out.place.tail = true;
    }
    for (let i = 0; i < batch.length; i++) {
      const r = batch[i]!;
      check?.see(r);
      const marks = diagnoser?.observe(r);
      if (marks) r.marks = marks;
      const shown = selection ? selection.push(r) : [r];
      if (r.seq > skip) for (let j = r.seq === skip + 1 ? skipLines : 0; j < shown.length; j++) put(shown[j]!);
      out.place.record(r.seq);
      heap.add(r.bytes);
    }
    // A task whose output is written as it comes sends its first batch's at once (the first bytes of the run's output).
    out.send(task.flow === true && first);
    first = false;
    if (task.flow) await port.written(FLOW_BYTES);
  }
  out.send(true);
  const summary = analyzer.summary();
  return {
    ...taskEnd(task.index, analyzer, summary, { check, cut, status, selection }),
    wentWrong: diagnoser?.wentWrong(task.file) ?? false,
    ...(tally ? { sessions: tally.entries() } : {}),
  };
}

/** `export --to csv --table sessions`: each record counted in its session's traffic. */
function tallyOf(tally: SessionTally, runId: string): (r: PipelineRecord) => void {
  const rows = new RecordRows(runId);
  return (r) => tally.add(rows.row(r));
}

/** `export --to csv`'s records table: a record's row, its run numbers holes (src/export/columnar/csv-holes.ts). */
function csvWriter(out: ChunkWriter, runId: string, unkeyed: string): (r: PipelineRecord) => void {
  const rows = new RecordRows(runId);
  const holes: number[] = [];
  return (r) => {
    holes.length = 0;
    out.text(csvRowHoles(RECORDS.columns, rows.row(r), unkeyed, findingRefs, holes), holes);
  };
}

/**
 * A task's input (`taskInput`), a piece's bytes watched for their end (`ended`): what is made before it is the whole
 * file's there, whatever follows; what is made after it (the reader's last line or record) is the piece's tail.
 */
export function watchedInput(task: Parameters<typeof taskInput>[0]) {
  const input = taskInput(task);
  let ended = false;
  const bytes =
    task.piece !== undefined ? watchEnd(input.bytes as AsyncIterable<Buffer>, () => (ended = true)) : input.bytes;
  return { ...input, bytes, ended: () => ended };
}

/** `bytes` as they come, and `onEnd` told when they have all come (before whatever reads them learns it). */
async function* watchEnd(bytes: AsyncIterable<Buffer>, onEnd: () => void): AsyncGenerator<Buffer> {
  yield* bytes;
  onEnd();
}

/** Runs an output task: its chunks and then its result, or the error that stopped it, go to `port`. */
export async function serveOutput(task: OutputTask, port: FlowPort): Promise<void> {
  port.begin(task.index);
  try {
    port.send({ ok: true, result: await annotateFile(task, port) });
  } catch (err) {
    port.send(failed(task.index, err));
  }
}
