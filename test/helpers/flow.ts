// Builds small transcript sessions and runs them through the analyzer, for the progress, cancellation and task rules.
import { analyze } from '../../src/analyze-stream.js';

export interface Hit {
  rule: string;
  severity: string;
  message: string;
  /** 1-based line of the record in the transcript. */
  line: number;
}

/** A transcript of JSON-RPC messages: `c()` client to server, `s()` server to client, one line each, 10 ms apart. */
export class Log {
  private readonly lines: string[] = [];
  private ms = 0;

  /** Starts with a 2025-11-25 (or `revision`) handshake in which both sides declare tasks. */
  static withHandshake(revision = '2025-11-25'): Log {
    const caps = { tasks: { list: {}, cancel: {}, requests: { sampling: { createMessage: {} } } } };
    const serverCaps = { tools: {}, tasks: { list: {}, cancel: {}, requests: { tools: { call: {} } } } };
    return new Log()
      .c({
        jsonrpc: '2.0',
        id: 0,
        method: 'initialize',
        params: { protocolVersion: revision, capabilities: caps, clientInfo: { name: 'c', version: '1' } },
      })
      .s({
        jsonrpc: '2.0',
        id: 0,
        result: { protocolVersion: revision, capabilities: serverCaps, serverInfo: { name: 's', version: '1' } },
      })
      .c({ jsonrpc: '2.0', method: 'notifications/initialized' });
  }

  c(message: unknown): this {
    return this.add('->', message);
  }

  s(message: unknown): this {
    return this.add('<-', message);
  }

  /** The transcript text. */
  text(): string {
    return this.lines.join('\n') + '\n';
  }

  /** The same messages as raw NDJSON (no directions, no times). */
  ndjson(): string {
    return this.lines.map((l) => l.slice(l.indexOf(' ', l.indexOf(']') + 2) + 1)).join('\n') + '\n';
  }

  /** Line number the next message will get. */
  get next(): number {
    return this.lines.length + 1;
  }

  private add(arrow: string, message: unknown): this {
    this.ms += 10;
    const t = `${String(Math.floor(this.ms / 1000)).padStart(2, '0')}.${String(this.ms % 1000).padStart(3, '0')}`;
    this.lines.push(`[12:00:${t}] ${arrow} ${JSON.stringify(message)}`);
    return this;
  }
}

/** Findings of one rule (all rules when `rule` is omitted) for a log's text. */
export async function hits(text: string, rule?: string): Promise<Hit[]> {
  const out = await analyze(
    (async function* () {
      yield Buffer.from(text);
    })(),
    { file: 'flow' },
  );
  const all: Hit[] = [
    ...out.records.flatMap((r) => r.findings.map((f) => ({ ...f, line: Number(r.source.split(':').pop()) }))),
    ...out.findings.map((f) => ({
      rule: f.rule,
      severity: f.severity,
      message: f.message,
      line: Number(f.source.split(':').pop()),
    })),
  ];
  return rule ? all.filter((h) => h.rule === rule) : all;
}

export const call = (id: number | string, opts: { token?: string | number; task?: boolean } = {}) => ({
  jsonrpc: '2.0',
  id,
  method: 'tools/call',
  params: {
    name: 'build',
    arguments: {},
    ...(opts.token !== undefined ? { _meta: { progressToken: opts.token } } : {}),
    ...(opts.task ? { task: { ttl: 60_000 } } : {}),
  },
});
export const result = (id: number | string, r: unknown = { content: [] }) => ({ jsonrpc: '2.0', id, result: r });
export const error = (id: number | string) => ({
  jsonrpc: '2.0',
  id,
  error: { code: -32603, message: 'Internal error' },
});
export const progress = (token: string | number, value: number) => ({
  jsonrpc: '2.0',
  method: 'notifications/progress',
  params: { progressToken: token, progress: value },
});
export const cancelled = (requestId?: unknown) => ({
  jsonrpc: '2.0',
  method: 'notifications/cancelled',
  params: requestId === undefined ? { reason: 'stop' } : { requestId, reason: 'stop' },
});
export const task = (taskId: string, status: string, second = 0) => ({
  taskId,
  status,
  createdAt: '2025-12-01T12:00:00.000Z',
  lastUpdatedAt: `2025-12-01T12:00:${String(second).padStart(2, '0')}.000Z`,
  ttl: 60_000,
});
export const created = (id: number | string, taskId: string, status = 'working', second = 0) =>
  result(id, { task: task(taskId, status, second) });
export const taskStatus = (taskId: string, status: string, second: number) => ({
  jsonrpc: '2.0',
  method: 'notifications/tasks/status',
  params: task(taskId, status, second),
});
export const req = (id: number | string, method: string, params?: unknown) => ({
  jsonrpc: '2.0',
  id,
  method,
  ...(params ? { params } : {}),
});
