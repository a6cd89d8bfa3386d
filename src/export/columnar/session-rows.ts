// The `sessions` table: one row per session, its handshake (from the analyzer) and its traffic (counted as records pass).
import type { AnalysisSummary } from '../../analyzer.js';
import type { EndFinding } from '../../rules/engine.js';
import { NO_SESSION } from '../../session/outside.js';
import type { SessionInfo } from '../../types.js';
import type { Column, Table } from './columns.js';
import type { RecordRow } from './record-row.js';
import { sessionUid } from './run-id.js';

/** What the records of one session add up to. */
export interface Traffic {
  firstTs: string | null;
  lastTs: string | null;
  firstTime: number | null;
  lastTime: number | null;
  records: number;
  requests: number;
  notifications: number;
  responses: number;
  errors: number;
  toolErrors: number;
  findings: number;
  bytes: number;
  /** The host's server name of its first record that had one (a session's first record may come before it is known). */
  server: string | null;
}

export interface SessionRow {
  key: string;
  /** The export run's id. */
  run: string;
  info: SessionInfo | null;
  traffic: Traffic;
  endFindings: EndFinding[];
  unanswered: number;
}

/** Counts each session's records as they pass; `rows` joins them with the analyzer's summary at the end. */
export class SessionTally {
  private readonly sessions = new Map<string, Traffic>();

  /** `run`: the export run's id (run-id.ts). */
  constructor(private readonly run: string) {}

  add(x: RecordRow): void {
    const r = x.r;
    const toolError =
      r.kind === 'response' && (r.message as { result?: { isError?: unknown } } | null)?.result?.isError === true;
    this.count(r.session, r.kind, r.bytes, r.findings.length, toolError, r.ts, x.time, r.server ?? null);
  }

  /** A record's row as its columns' values give it (a `--jobs` worker's row): the same count as `add`. */
  count(
    session: string,
    kind: string,
    bytes: number,
    findings: number,
    toolError: boolean,
    ts: string | null,
    time: number | null,
    server: string | null,
  ): void {
    // A record outside any session (session/outside.ts) makes no session row.
    if (session === NO_SESSION) return;
    let t = this.sessions.get(session);
    if (t === undefined) {
      t = {
        firstTs: null,
        lastTs: null,
        firstTime: null,
        lastTime: null,
        records: 0,
        requests: 0,
        notifications: 0,
        responses: 0,
        errors: 0,
        toolErrors: 0,
        findings: 0,
        bytes: 0,
        server: null,
      };
      this.sessions.set(session, t);
    }
    t.records++;
    t.bytes += bytes;
    t.findings += findings;
    if (kind === 'request') t.requests++;
    else if (kind === 'notification') t.notifications++;
    else if (kind === 'response') {
      t.responses++;
      if (toolError) t.toolErrors++;
    } else if (kind === 'error') t.errors++;
    if (ts !== null) {
      t.firstTs ??= ts;
      t.lastTs = ts;
    }
    if (time !== null) {
      if (t.firstTime === null || time < t.firstTime) t.firstTime = time;
      if (t.lastTime === null || time > t.lastTime) t.lastTime = time;
    }
    if (t.server === null && server !== null) t.server = server;
  }

  /** Each session's traffic so far, in order of first appearance (what an `export --jobs` worker sends). */
  entries(): [string, Traffic][] {
    return [...this.sessions];
  }

  /** The traffic of session `key` in the next part of the run (a file or piece, in input order), added to its own. */
  absorb(key: string, o: Traffic): void {
    const t = this.sessions.get(key);
    if (t === undefined) {
      this.sessions.set(key, { ...o });
      return;
    }
    t.firstTs ??= o.firstTs;
    if (o.lastTs !== null) t.lastTs = o.lastTs;
    if (o.firstTime !== null && (t.firstTime === null || o.firstTime < t.firstTime)) t.firstTime = o.firstTime;
    if (o.lastTime !== null && (t.lastTime === null || o.lastTime > t.lastTime)) t.lastTime = o.lastTime;
    t.records += o.records;
    t.requests += o.requests;
    t.notifications += o.notifications;
    t.responses += o.responses;
    t.errors += o.errors;
    t.toolErrors += o.toolErrors;
    t.findings += o.findings;
    t.bytes += o.bytes;
    t.server ??= o.server;
  }

  /** One row per session that had a record, in order of first appearance. */
  rows(summary: AnalysisSummary): SessionRow[] {
    const infos = new Map(summary.sessions.map((s) => [s.key, s]));
    const ended = new Map<string, EndFinding[]>();
    for (const f of summary.findings) {
      const list = ended.get(f.session);
      if (list) list.push(f);
      else ended.set(f.session, [f]);
    }
    const open = new Map<string, number>();
    for (const o of summary.open) open.set(o.session, (open.get(o.session) ?? 0) + 1);
    const rows: SessionRow[] = [];
    for (const [key, traffic] of this.sessions) {
      rows.push({
        key,
        run: this.run,
        traffic,
        info: infos.get(key) ?? null,
        endFindings: ended.get(key) ?? [],
        unanswered: open.get(key) ?? 0,
      });
    }
    return rows;
  }
}

type C = Column<SessionRow>;
const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);
const json = (v: unknown): string | null => (v === null || v === undefined ? null : JSON.stringify(v));

const COLUMNS: readonly C[] = [
  {
    name: 'session',
    stats: true,
    type: 'string',
    required: true,
    doc: 'session key (`records.session`)',
    get: (s) => s.key,
  },
  { name: 'file', type: 'string', doc: 'the input the session was read from', get: (s) => s.info?.file ?? null },
  {
    name: 'server',
    stats: true,
    type: 'string',
    doc: "the host's name for the server (as `records.server`)",
    get: (s) => s.info?.server ?? s.traffic.server,
  },
  {
    name: 'server_name',
    stats: true,
    type: 'string',
    doc: '`serverInfo.name` from the `initialize` result',
    get: (s) => str(s.info?.serverInfo?.name),
  },
  { name: 'server_version', type: 'string', doc: '`serverInfo.version`', get: (s) => str(s.info?.serverInfo?.version) },
  {
    name: 'client_name',
    stats: true,
    type: 'string',
    doc: '`clientInfo.name` from the `initialize` request',
    get: (s) => str(s.info?.clientInfo?.name),
  },
  { name: 'client_version', type: 'string', doc: '`clientInfo.version`', get: (s) => str(s.info?.clientInfo?.version) },
  {
    name: 'requested_revision',
    type: 'string',
    doc: 'the protocol revision the client asked for',
    get: (s) => s.info?.requestedRevision ?? null,
  },
  {
    name: 'negotiated_revision',
    type: 'string',
    doc: 'the revision the server answered',
    get: (s) => s.info?.negotiatedRevision ?? null,
  },
  {
    name: 'transport',
    type: 'string',
    doc: '`stdio`, `http` … when the log says',
    get: (s) => s.info?.transport ?? null,
  },
  {
    name: 'first_ts',
    type: 'string',
    doc: "`ts` of the session's first record that has one",
    get: (s) => s.traffic.firstTs,
  },
  { name: 'last_ts', type: 'string', doc: '`ts` of its last record that has one', get: (s) => s.traffic.lastTs },
  {
    name: 'first_time',
    stats: true,
    type: 'timestamp',
    doc: 'earliest `records.time`',
    get: (s) => s.traffic.firstTime,
  },
  { name: 'last_time', stats: true, type: 'timestamp', doc: 'latest `records.time`', get: (s) => s.traffic.lastTime },
  {
    name: 'duration_ms',
    stats: true,
    type: 'double',
    doc: '`last_time - first_time`',
    get: (s) =>
      s.traffic.firstTime === null || s.traffic.lastTime === null ? null : s.traffic.lastTime - s.traffic.firstTime,
  },
  {
    name: 'first_seq',
    stats: true,
    type: 'int64',
    doc: '`seq` of its first record',
    get: (s) => s.info?.firstSeq ?? null,
  },
  {
    name: 'last_seq',
    stats: true,
    type: 'int64',
    doc: '`seq` of its last record',
    get: (s) => s.info?.lastSeq ?? null,
  },
  {
    name: 'records',
    type: 'int64',
    required: true,
    doc: 'records of the session (every kind)',
    get: (s) => s.traffic.records,
  },
  { name: 'requests', type: 'int64', required: true, doc: 'request records', get: (s) => s.traffic.requests },
  {
    name: 'notifications',
    type: 'int64',
    required: true,
    doc: 'notification records',
    get: (s) => s.traffic.notifications,
  },
  { name: 'responses', type: 'int64', required: true, doc: 'response records', get: (s) => s.traffic.responses },
  {
    name: 'errors',
    type: 'int64',
    required: true,
    doc: 'error records (JSON-RPC errors)',
    get: (s) => s.traffic.errors,
  },
  {
    name: 'tool_errors',
    type: 'int64',
    required: true,
    doc: 'responses with `result.isError: true`',
    get: (s) => s.traffic.toolErrors,
  },
  {
    name: 'unanswered',
    type: 'int64',
    required: true,
    doc: 'requests never answered by the end of input',
    get: (s) => s.unanswered,
  },
  {
    name: 'findings',
    type: 'int64',
    required: true,
    doc: 'findings on its records plus `end_findings`',
    get: (s) => s.traffic.findings + s.endFindings.length,
  },
  { name: 'bytes', type: 'int64', required: true, doc: 'sum of `records.bytes`', get: (s) => s.traffic.bytes },
  {
    name: 'initialize_seen',
    type: 'bool',
    doc: 'the `initialize` request was seen',
    get: (s) => s.info?.initializeSeen ?? null,
  },
  {
    name: 'initialized_seen',
    type: 'bool',
    doc: '`notifications/initialized` was seen',
    get: (s) => s.info?.initializedSeen ?? null,
  },
  {
    name: 'only_side',
    type: 'string',
    doc: "the log holds only this side's messages (`client`, `server`)",
    get: (s) => s.info?.onlySide ?? null,
  },
  {
    name: 'client_capabilities',
    long: true,
    type: 'json',
    doc: 'capabilities the client declared, JSON text',
    get: (s) => json(s.info?.clientCapabilities),
  },
  {
    name: 'server_capabilities',
    long: true,
    type: 'json',
    doc: 'capabilities the server declared, JSON text',
    get: (s) => json(s.info?.serverCapabilities),
  },
  {
    name: 'end_findings',
    type: 'endFindings',
    required: true,
    doc: 'findings only the end of input tells (unanswered requests): `{seq, source, rule, severity, message}`',
    get: (s) =>
      s.endFindings.map((f) => ({
        seq: f.seq,
        source: f.source,
        rule: f.rule,
        severity: f.severity,
        message: f.message,
      })),
  },
  // Schema version 2, as in `records`.
  {
    name: 'run_id',
    stats: true,
    type: 'string',
    required: true,
    doc: 'the export run that wrote the row (`records.run_id`)',
    get: (s) => s.run,
  },
  {
    name: 'session_uid',
    stats: true,
    type: 'string',
    required: true,
    doc: '`run_id/session`: unique in a dataset of many runs; join `records` on it (`records.session_uid`)',
    get: (s) => sessionUid(s.run, s.key),
  },
];

export const SESSIONS: Table<SessionRow> = { name: 'sessions', columns: COLUMNS };
