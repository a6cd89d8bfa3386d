// One export run into a Parquet dataset: `records/` and `sessions/` tables, Hive-partitioned by date and server (docs/dataset.md).
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { AnalysisSummary } from '../../analyzer.js';
import type { PipelineRecord } from '../../types.js';
import type { Column } from './columns.js';
import { TableWriter } from './dataset.js';
import type { TableWriterOptions } from './table-options.js';
import { partitionPath } from './partition.js';
import { RECORDS } from './record-columns.js';
import { RecordRows } from './record-row.js';
import { RECORD_VALUE_COLUMNS, recordColumn, type RecordValues } from './record-values.js';
import { SESSIONS, SessionTally, type SessionRow } from './session-rows.js';
import { dateOf } from './time.js';

const [SESSION, KIND, BYTES, FINDINGS, TOOL_ERROR, TS, TIME, SERVER] = [
  'session',
  'kind',
  'bytes',
  'findings',
  'tool_error',
  'ts',
  'time',
  'server',
].map(recordColumn);

/** Per record, beyond its message's bytes: what its other columns weigh in the buffers, roughly. */
const ROW_OVERHEAD = 256;

export class ParquetDataset {
  private readonly rows: RecordRows;
  private readonly tally: SessionTally;
  /** Rows of records (`add`), or of their columns' values (`addValues`). */
  private readonly records: TableWriter<unknown>;
  private readonly sessions: TableWriter<SessionRow>;

  /**
   * `dir`: new, empty, or a dataset of the same schema version (this run's files are added to it). `values`: the
   * records come as their rows' values (`addValues`), made elsewhere.
   */
  constructor(
    private readonly dir: string,
    opts: TableWriterOptions,
    values = false,
  ) {
    this.rows = new RecordRows(opts.runId);
    this.tally = new SessionTally(opts.runId);
    const columns = values ? RECORD_VALUE_COLUMNS : RECORDS.columns;
    this.records = new TableWriter(join(dir, RECORDS.name), columns as readonly Column<unknown>[], opts);
    this.sessions = new TableWriter(join(dir, SESSIONS.name), SESSIONS.columns, opts);
  }

  /** Resolves when the record is buffered (and any row group it completed written). */
  add(r: PipelineRecord): Promise<void> | void {
    const row = this.rows.row(r);
    this.tally.add(row);
    return this.records.add(this.partition(dateOf(row.time), r.server ?? null), row, r.bytes + ROW_OVERHEAD);
  }

  /**
   * A record's row made already, as its columns' values (`recordValues`, with the run's numbers): written as `add`
   * writes the record's. Resolves when it is buffered (and any row group it completed written).
   */
  addValues(v: RecordValues): Promise<void> | void {
    const time = v[TIME] as number | null;
    const server = v[SERVER] as string | null;
    const bytes = v[BYTES] as number;
    this.tally.count(
      v[SESSION] as string,
      v[KIND] as string,
      bytes,
      (v[FINDINGS] as unknown[]).length,
      v[TOOL_ERROR] === true,
      v[TS] as string | null,
      time,
      server,
    );
    return this.records.add(this.partition(dateOf(time), server), v, bytes + ROW_OVERHEAD);
  }

  /** The last record's partition folder: the next record's, mostly (a log is read in time order, a server at a time). */
  private last = { date: '', server: null as string | null, path: '' };

  private partition(date: string, server: string | null): string {
    const l = this.last;
    if (l.date !== date || l.server !== server) this.last = { date, server, path: partitionPath(date, server) };
    return this.last.path;
  }

  /** The sessions table from the run's summary; every file closed. Returns the files written, relative to the dataset. */
  async end(summary: AnalysisSummary): Promise<string[]> {
    await this.records.close();
    for (const s of this.tally.rows(summary)) {
      const pending = this.sessions.add(
        partitionPath(dateOf(s.traffic.firstTime), s.info?.server ?? s.traffic.server),
        s,
        ROW_OVERHEAD,
      );
      if (pending) await pending;
    }
    await this.sessions.close();
    // Both tables' folders even when empty (no MCP message in the input): the folder is still a dataset to query.
    for (const t of [RECORDS.name, SESSIONS.name]) await mkdir(join(this.dir, t), { recursive: true });
    return [
      ...this.records.files.map((f) => `${RECORDS.name}/${f}`),
      ...this.sessions.files.map((f) => `${SESSIONS.name}/${f}`),
    ];
  }
}
