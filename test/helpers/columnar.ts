// Reading an exported dataset back, independently of the writer: hyparquet for the Parquet files, and the contract
// record rebuilt from a row of flat columns (the inverse of src/export/columnar/record-columns.ts, written apart).
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parquetMetadata, parquetReadObjects } from 'hyparquet';

/** Every `.parquet` file under `dir`, relative to it, sorted. */
export function parquetFiles(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      if (e.isDirectory()) walk(join(d, e.name));
      else if (e.name.endsWith('.parquet')) out.push(relative(dir, join(d, e.name)));
    }
  };
  walk(dir);
  return out.sort();
}

function arrayBuffer(path: string): ArrayBuffer {
  const b = readFileSync(path);
  return b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength) as ArrayBuffer;
}

/** The rows of one Parquet file, read by hyparquet. */
export async function readParquet(path: string): Promise<Record<string, unknown>[]> {
  return (await parquetReadObjects({ file: arrayBuffer(path) })) as Record<string, unknown>[];
}

/** The file's key-value metadata. */
export function parquetKeyValues(path: string): Record<string, string | undefined> {
  const meta = parquetMetadata(arrayBuffer(path));
  return Object.fromEntries((meta.key_value_metadata ?? []).map((kv) => [kv.key, kv.value]));
}

const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

/** The annotated record (as `annotate -f ndjson` prints it, parsed) from a row of the records table. */
export function recordFromRow(row: Record<string, unknown>): Record<string, unknown> {
  const r: Record<string, unknown> = {
    seq: num(row.seq),
    source: row.source,
    session: row.session,
    ts: row.ts,
    dir: row.dir,
    dirInferred: row.dir_inferred,
    kind: row.kind,
    id: row.id === null ? null : row.id_type === 'number' ? Number(row.id) : row.id,
    method: row.method,
    primitive: row.primitive,
    feature: row.feature,
    phase: row.phase,
    capability:
      row.capability_side === null
        ? null
        : { side: row.capability_side, path: row.capability_path, negotiated: row.capability_negotiated },
    pair: num(row.pair),
    latencyMs: row.latency_ms,
    bytes: num(row.bytes),
    findings: (row.findings as { rule: string; severity: string; message: string }[]).map((f) => ({
      rule: f.rule,
      severity: f.severity,
      message: f.message,
    })),
    server: row.server,
    format: row.format,
    revision: row.revision,
  };
  if (row.truncated) r.truncated = true;
  if (row.summary) r.summary = true;
  if (row.kind === 'log') Object.assign(r, { level: row.level, text: row.text, lines: num(row.lines) });
  if (row.raw !== null) r.raw = row.raw;
  if (row.event_name !== null)
    r.event =
      row.event_data === null
        ? { name: row.event_name }
        : { name: row.event_name, data: JSON.parse(row.event_data as string) };
  if (row.batch_index !== null) r.batch = { index: num(row.batch_index), size: num(row.batch_size) };
  if (row.http_method !== null) {
    r.http = {
      method: row.http_method,
      path: row.http_path,
      status: num(row.http_status),
      contentType: row.http_content_type,
      stream: row.http_stream,
      eventId: row.http_event_id,
      conn: row.http_conn,
      exchange: num(row.http_exchange),
      protocolVersion: row.http_protocol_version,
      sessionId: row.http_session_id,
      accept: row.http_accept,
      lastEventId: row.http_last_event_id,
    };
    // 2026-07-28 request headers: present only when sent.
    const http = r.http as Record<string, unknown>;
    if (row.http_mcp_method !== null) http.mcpMethod = row.http_mcp_method;
    if (row.http_mcp_name !== null) http.mcpName = row.http_mcp_name;
    if (row.http_mcp_params !== null) http.mcpParams = JSON.parse(row.http_mcp_params as string);
    if (row.http_answer_session_id !== null) http.answerSessionId = row.http_answer_session_id;
  }
  if (row.chain_first !== null) r.chain = { first: num(row.chain_first), round: num(row.chain_round) };
  r.message = JSON.parse(row.message as string);
  return r;
}
