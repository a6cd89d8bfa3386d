// Runs small logs through the analyzer and lists one rule's findings, for the framing and lifecycle rule tests.
import { analyze } from '../../src/analyze-stream.js';
import type { AnalyzerOptions } from '../../src/analyzer.js';

export interface Hit {
  /** 1-based line of the record the finding is on. */
  line: number;
  severity: string;
  message: string;
}

/** Findings of `rule` on records and at end of input, in line order. */
export async function hits(rule: string, text: string, opts: AnalyzerOptions = {}): Promise<Hit[]> {
  const out = await analyze(
    (async function* () {
      yield Buffer.from(text);
    })(),
    { file: 't', ...opts },
  );
  const line = (source: string) => Number(source.slice(source.lastIndexOf(':') + 1));
  return [
    ...out.records.flatMap((r) =>
      r.findings
        .filter((f) => f.rule === rule)
        .map((f) => ({ line: line(r.source), severity: f.severity, message: f.message })),
    ),
    ...out.findings
      .filter((f) => f.rule === rule)
      .map((f) => ({ line: line(f.source), severity: f.severity, message: f.message })),
  ].sort((a, b) => a.line - b.line);
}

/** Every rule id that fired anywhere. */
export async function rulesOf(text: string, opts: AnalyzerOptions = {}): Promise<string[]> {
  const out = await analyze(
    (async function* () {
      yield Buffer.from(text);
    })(),
    { file: 't', ...opts },
  );
  return [...out.records.flatMap((r) => r.findings.map((f) => f.rule)), ...out.findings.map((f) => f.rule)];
}

const j = (o: unknown): string => JSON.stringify(o);

/** Transcript lines: `c()` client to server, `s()` server to client, `e()` a transport event. */
export const c = (o: unknown): string => `-> ${typeof o === 'string' ? o : j(o)}`;
export const s = (o: unknown): string => `<- ${typeof o === 'string' ? o : j(o)}`;
export const e = (name: string, data?: unknown): string => `!! ${name}${data === undefined ? '' : ` ${j(data)}`}`;
export const log = (...lines: string[]): string => lines.join('\n') + '\n';

export const req = (id: unknown, method: string, params?: unknown) => ({
  jsonrpc: '2.0',
  id,
  method,
  ...(params === undefined ? {} : { params }),
});
export const res = (id: unknown, result: unknown = {}) => ({ jsonrpc: '2.0', id, result });
export const err = (id: unknown, code = -32600, message = 'Invalid Request') => ({
  jsonrpc: '2.0',
  id,
  error: { code, message },
});
export const note = (method: string, params?: unknown) => ({
  jsonrpc: '2.0',
  method,
  ...(params === undefined ? {} : { params }),
});
export const INITIALIZED = note('notifications/initialized');

/** Pass as a protocolVersion to leave the field out. */
export const OMIT = Symbol('omit');

export const init = (protocolVersion: unknown = '2025-11-25', id: unknown = 0, capabilities: unknown = { roots: {} }) =>
  req(id, 'initialize', {
    ...(protocolVersion === OMIT ? {} : { protocolVersion }),
    capabilities,
    clientInfo: { name: 'c', version: '1' },
  });
export const initRes = (
  protocolVersion: unknown = '2025-11-25',
  id: unknown = 0,
  capabilities: unknown = { tools: {} },
) =>
  res(id, {
    ...(protocolVersion === OMIT ? {} : { protocolVersion }),
    capabilities,
    serverInfo: { name: 's', version: '1' },
  });

/** A full 2025-11-25 (or `revision`) handshake: initialize, its result, notifications/initialized. */
export const handshake = (revision = '2025-11-25'): string[] => [
  c(init(revision)),
  s(initRes(revision)),
  c(INITIALIZED),
];
