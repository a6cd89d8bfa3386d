// What an `export --to parquet --jobs` worker does with a task: analyses one file (or piece) as `mcptrace export` would,
// makes each record's row (its columns' values, src/export/columnar/record-values.ts) and sends the rows in batches as
// they come. The coordinator writes them into the dataset in input order, with the run's numbers, as one thread does
// (src/cli/export/parquet-jobs.ts).
//
// A batch travels as annotate's output does (src/cli/jobs-output.ts: in input order, held back when the writer is
// slow, left out when its piece's cut did not hold), as a chunk of bytes: first two numbers with holes for the run's
// numbers (src/output/record-holes.ts), which the coordinator's copy of the chunk has as the records and the unkeyed
// sessions before the task; then the batch, column by column (`v8.serialize`: cheaper both ways than JSON for text),
// in the worker's numbering, which the coordinator moves by those two.
import { Buffer } from 'node:buffer';
import v8 from 'node:v8';
import { analyzeStreamBatches } from '../analyze-stream.js';
import { recordColumn, recordValues, type RecordValues } from '../export/columnar/record-values.js';
import { RecordRows } from '../export/columnar/record-row.js';
import { RECORDS } from '../export/columnar/record-columns.js';
import { ORDINAL_HOLE, SEQ_HOLE } from '../output/record-holes.js';
import type { QuotedRefs } from '../rules/record-ref.js';
import { findingRefs } from '../rules/engine.js';
import type { PipelineRecord } from '../types.js';
import { HeapKeeper } from './heap.js';
import { failed, taskAnalysis, taskEnd } from './jobs-file.js';
import {
  OutputPlace,
  watchedInput,
  type FlowPort,
  type OutputPort,
  type OutputResult,
  type OutputTask,
} from './jobs-output-file.js';

/** An `export --to parquet` task: a file or piece, and the records whose rows are already written. */
export interface RowsTask extends Omit<OutputTask, 'command' | 'format' | 'body'> {
  command: 'export-parquet';
}

const SESSION = recordColumn('session');
const FINDINGS = recordColumn('findings');
const MESSAGE = recordColumn('message');

/**
 * The columns a batch holds as values, by index: all but the message (sent as UTF-8 bytes) and `run_id` and
 * `session_uid` (the coordinator's to add).
 */
export const SENT: readonly number[] = RECORDS.columns
  .map((_, i) => i)
  .filter((i) => i !== MESSAGE && i !== recordColumn('run_id') && i !== recordColumn('session_uid'));

/** A finding as the `findings` column holds it. */
export interface FindingValue {
  rule: string;
  severity: string;
  message: string;
}

/**
 * Rows of one task in its numbering: `columns[k][i]`, the value of column `SENT[k]` on row `i`; an unkeyed session's
 * key is its number; `refs`: row, finding index and the seqs its message quotes, for each message that quotes records.
 * The messages as UTF-8, one after another (row `i`'s ends at `messageEnds[i]`): written into the page as they are,
 * never made into strings again (src/export/columnar/leaf.ts, `Utf8Text`).
 */
export interface RowBatch {
  rows: number;
  /**
   * A column null on every row of the batch is null (most are, in most logs: HTTP fields, events, log lines); a text
   * column of few values (`SHORT_TEXT`: a session, a method, a kind) is its values once and an index per row (-1:
   * null), so that the coordinator does not make each row's string again.
   */
  columns: (unknown[] | Indexed | null)[];
  refs: (number | QuotedRefs)[];
  messages: Uint8Array;
  messageEnds: Int32Array;
}

/** The chunk's lead: the two numbers the coordinator's copy has moved (the seq and unkeyed session before the task). */
const LEAD = Buffer.from('0,0\n');
const LEAD_HOLES = [0, 1, SEQ_HOLE, 0, 2, 3, ORDINAL_HOLE, 0];

/** Rows gathered before they are sent: about 256 KiB of messages, or as many rows. */
const BATCH_BYTES = 256 * 1024;
const BATCH_ROWS = 1024;
/** Output sent and not yet written past which a `flow` task waits. */
const FLOW_BYTES = 8 * 1024 * 1024;
const NO_FINDINGS: FindingValue[] = [];
const NO_BYTES = new Uint8Array(0);
const NO_ENDS = new Int32Array(0);

/** The task's rows, gathered in batches and sent. */
class RowSender {
  private batch = newBatch();
  /** The batch's messages as UTF-8, and where each ends. */
  private messages = Buffer.allocUnsafeSlow(2 * BATCH_BYTES);
  private bytes = 0;
  private ends: number[] = [];
  readonly place = new OutputPlace();
  constructor(
    private readonly index: number,
    private readonly port: OutputPort,
    private readonly unkeyed: string,
  ) {}

  row(r: PipelineRecord, v: RecordValues): void {
    const b = this.batch;
    const session = v[SESSION] as string;
    if (session.startsWith(this.unkeyed)) v[SESSION] = Number(session.slice(this.unkeyed.length));
    const findings = r.findings;
    if (findings.length === 0) v[FINDINGS] = NO_FINDINGS;
    else {
      const out: FindingValue[] = [];
      for (let k = 0; k < findings.length; k++) {
        const f = findings[k]!;
        out.push({ rule: f.rule, severity: f.severity, message: f.message });
        const q = findingRefs(f);
        if (q !== undefined) b.refs.push(b.rows, k, q);
      }
      v[FINDINGS] = out;
    }
    for (let k = 0; k < SENT.length; k++) (b.columns[k] as unknown[]).push(v[SENT[k]!]);
    b.rows++;
    const message = v[MESSAGE] as string;
    const room = this.bytes + message.length * 3;
    if (room > this.messages.length) {
      const more = Buffer.allocUnsafeSlow(Math.max(room, 2 * this.messages.length));
      this.messages.copy(more, 0, 0, this.bytes);
      this.messages = more;
    }
    this.bytes += this.messages.write(message, this.bytes);
    this.ends.push(this.bytes);
    this.place.line();
    if (this.bytes >= BATCH_BYTES || b.rows >= BATCH_ROWS) this.send();
  }

  /** Sends the rows gathered: the lead, then the batch serialized after it, in one buffer moved to the coordinator. */
  send(): void {
    if (this.batch.rows === 0) return;
    const cols = this.batch.columns;
    for (let k = 0; k < cols.length; k++) {
      const c = cols[k] as unknown[];
      if (c.every((x) => x === null)) cols[k] = null;
      else if (SHORT_TEXT[k]) cols[k] = indexed(c);
    }
    this.batch.messages = this.messages.subarray(0, this.bytes);
    this.batch.messageEnds = Int32Array.from(this.ends);
    const ser = new v8.Serializer();
    ser.writeRawBytes(LEAD);
    ser.writeHeader();
    ser.writeValue(this.batch);
    let buf = ser.releaseBuffer();
    // Its own memory, moved whole (copied when it is not).
    if (buf.byteOffset !== 0 || buf.buffer.byteLength !== buf.length) {
      const own = Buffer.allocUnsafeSlow(buf.length);
      buf.copy(own);
      buf = own;
    }
    const bytes = buf.buffer as ArrayBuffer;
    const holes = Float64Array.from(LEAD_HOLES);
    this.port.send({ chunk: this.place.told({ index: this.index, bytes, length: buf.length, holes }) }, [
      bytes,
      holes.buffer,
    ]);
    this.batch = newBatch();
    this.bytes = 0;
    this.ends = [];
  }
}

/** A column's values once each, and an index into them per row (-1: null). */
export interface Indexed {
  values: unknown[];
  index: Int32Array;
}

/** Per column of `SENT`: text from a small vocabulary (the ones Parquet writes with a dictionary). */
const SHORT_TEXT: readonly boolean[] = SENT.map((i) => {
  const c = RECORDS.columns[i]!;
  return c.type === 'string' && c.long !== true;
});

function indexed(column: unknown[]): Indexed {
  const at = new Map<unknown, number>();
  const values: unknown[] = [];
  const index = new Int32Array(column.length);
  for (let i = 0; i < column.length; i++) {
    const v = column[i];
    if (v === null) {
      index[i] = -1;
      continue;
    }
    let n = at.get(v);
    if (n === undefined) {
      n = values.push(v) - 1;
      at.set(v, n);
    }
    index[i] = n;
  }
  return { values, index };
}

function newBatch(): RowBatch {
  return { rows: 0, columns: SENT.map(() => []), refs: [], messages: NO_BYTES, messageEnds: NO_ENDS };
}

/** One file or piece's rows as `mcptrace export --to parquet` makes them, numbered from 1 (the coordinator renumbers). */
async function exportRows(task: RowsTask, port: OutputPort): Promise<OutputResult> {
  const { status, analyzer, selection } = await taskAnalysis(task);
  const { bytes, cut, clockOffset, check, ended } = watchedInput(task);
  const heap = new HeapKeeper();
  const out = new RowSender(task.index, port, task.ordinalPrefix);
  // The run id is the coordinator's: the rows' `run_id` and `session_uid` are its to add.
  const rows = new RecordRows('');
  const skip = task.skip ?? 0;
  const skipLines = task.skipLines ?? 0;
  for await (const batch of analyzeStreamBatches(analyzer, bytes, task.file, { firstLine: cut, clockOffset })) {
    if (ended() && !out.place.tail) {
      // Rows made once the input has ended (a reader's last line or record) go in batches of their own.
      out.send();
      out.place.tail = true;
    }
    for (let i = 0; i < batch.length; i++) {
      const r = batch[i]!;
      check?.see(r);
      const shown = selection ? selection.push(r) : [r];
      // A row is made of every record shown, those written already too: an answer's target is its request's.
      const from = r.seq === skip + 1 ? skipLines : 0;
      for (let j = 0; j < shown.length; j++) {
        const row = rows.row(shown[j]!);
        if (r.seq > skip && j >= from) out.row(shown[j]!, recordValues(row));
      }
      out.place.record(r.seq);
      heap.add(r.bytes);
    }
    if (task.flow) await port.written(FLOW_BYTES);
  }
  out.send();
  const summary = analyzer.summary();
  return { ...taskEnd(task.index, analyzer, summary, { check, cut, status, selection }), wentWrong: false };
}

/** Runs a rows task: its chunks and then its result, or the error that stopped it, go to `port`. */
export async function serveRows(task: RowsTask, port: FlowPort): Promise<void> {
  port.begin(task.index);
  try {
    port.send({ ok: true, result: await exportRows(task, port) });
  } catch (err) {
    port.send(failed(task.index, err));
  }
}
