// Test factories for pipeline records, session info and open requests, with contract-shaped defaults.
import type { OpenRequest, PipelineRecord, SessionInfo, WireInfo } from '../../src/types.js';

export type RecordInit = Partial<Omit<PipelineRecord, 'wire'>> & { wire?: Partial<WireInfo> };

/** The contract fields every record has, in contract order (docs/reference/record.md; version 2 adds the last three). */
export const CONTRACT_FIELDS = [
  'seq',
  'source',
  'session',
  'ts',
  'dir',
  'dirInferred',
  'kind',
  'id',
  'method',
  'primitive',
  'feature',
  'phase',
  'capability',
  'pair',
  'latencyMs',
  'bytes',
  'findings',
  'server',
  'format',
  'revision',
] as const;

/**
 * A record with plausible defaults: a c2s `ping` request in the operation phase. `wire.text` defaults to the
 * compact JSON of `message` and `bytes` to its UTF-8 size, unless given.
 */
export function rec(init: RecordInit = {}): PipelineRecord {
  const seq = init.seq ?? 1;
  const message =
    'message' in init ? init.message : { jsonrpc: '2.0', id: init.id ?? 1, method: init.method ?? 'ping' };
  const text =
    init.wire && 'text' in init.wire
      ? init.wire.text!
      : message === null || message === undefined
        ? null
        : JSON.stringify(message);
  const { wire, ...rest } = init;
  return {
    seq,
    source: `log.ndjson:${seq}`,
    session: '1',
    ts: null,
    dir: 'c2s',
    dirInferred: false,
    kind: 'request',
    id: 1,
    method: 'ping',
    primitive: 'base',
    feature: 'ping',
    phase: 'operation',
    capability: null,
    pair: null,
    latencyMs: null,
    bytes: text === null ? 0 : Buffer.byteLength(text, 'utf8'),
    findings: [],
    server: null,
    format: 'ndjson',
    revision: null,
    ...rest,
    message,
    wire: { file: 'log.ndjson', line: seq, lines: 1, tsMs: null, text, ...wire },
  };
}

/** Builds a numbered sequence of records: each call gets the next seq. */
export class Seq {
  private n = 0;
  readonly records: PipelineRecord[] = [];
  constructor(private readonly defaults: RecordInit = {}) {}

  add(init: RecordInit): PipelineRecord {
    const r = rec({ ...this.defaults, ...init, seq: ++this.n });
    this.records.push(r);
    return r;
  }

  request(method: string, id: number | string, init: RecordInit = {}): PipelineRecord {
    const params = (init.message as { params?: unknown } | undefined)?.params;
    return this.add({
      kind: 'request',
      method,
      id,
      dir: 'c2s',
      message: { jsonrpc: '2.0', id, method, ...(params === undefined ? {} : { params }) },
      ...withoutMessage(init),
    });
  }

  notification(method: string, init: RecordInit = {}): PipelineRecord {
    return this.add({
      kind: 'notification',
      method,
      id: null,
      dir: 'c2s',
      message: { jsonrpc: '2.0', method },
      ...init,
    });
  }

  /** A result answering request `req` (or an orphan when `req` is null, marked as the session stage marks one). */
  response(
    req: PipelineRecord | null,
    latencyMs: number | null,
    result: unknown = {},
    init: RecordInit = {},
  ): PipelineRecord {
    const id = req?.id ?? 99;
    return this.add({
      kind: 'response',
      method: req?.method ?? null,
      id,
      dir: 's2c',
      pair: req?.seq ?? null,
      latencyMs,
      primitive: req?.primitive ?? null,
      feature: req?.feature ?? null,
      message: { jsonrpc: '2.0', id, result },
      ...(req === null ? { orphan: true as const } : {}),
      ...init,
    });
  }

  error(
    req: PipelineRecord | null,
    latencyMs: number | null,
    code: unknown,
    message = 'failed',
    init: RecordInit = {},
  ): PipelineRecord {
    const id = req?.id ?? 99;
    return this.add({
      kind: 'error',
      method: req?.method ?? null,
      id,
      dir: 's2c',
      pair: req?.seq ?? null,
      latencyMs,
      primitive: req?.primitive ?? null,
      feature: req?.feature ?? null,
      message: { jsonrpc: '2.0', id, error: { code, message } },
      ...(req === null ? { orphan: true as const } : {}),
      ...init,
    });
  }
}

function withoutMessage(init: RecordInit): RecordInit {
  const { message: _m, ...rest } = init;
  return rest;
}

export function sessionInfo(init: Partial<SessionInfo> = {}): SessionInfo {
  return {
    key: '1',
    file: 'log.ndjson',
    requestedRevision: '2025-06-18',
    negotiatedRevision: '2025-06-18',
    clientInfo: { name: 'test-client', version: '1.0.0' },
    serverInfo: { name: 'test-server', version: '2.0.0' },
    clientCapabilities: {},
    serverCapabilities: {},
    initializeSeen: true,
    initializedSeen: true,
    transport: 'stdio',
    server: null,
    onlySide: null,
    notLogged: null,
    firstSeq: 1,
    lastSeq: 1,
    ...init,
  };
}

export function openRequest(init: Partial<OpenRequest> = {}): OpenRequest {
  return { seq: 1, session: '1', source: 'log.ndjson:1', dir: 'c2s', id: 1, method: 'ping', cancelled: false, ...init };
}

/** Remove SGR colour sequences (`ESC [ n ; … m`), the only escape sequences our sinks may emit. */
export function stripSgr(s: string): string {
  return s.replace(/\x1b\[[0-9;]*m/g, '');
}
