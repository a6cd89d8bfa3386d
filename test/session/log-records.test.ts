// Contract v2 in the session stage: log lines change nothing, summaries and cut messages pair and set phases.
import { beforeEach, describe, expect, it } from 'vitest';
import { Analyzer } from '../../src/analyzer.js';
import type { Frame, PipelineRecord } from '../../src/types.js';
import { cutOf, initReq, initRes, logLine, msg, note, req, res, resetLines, summaryOf } from '../helpers/frames.js';

function run(frames: Frame[]) {
  const a = new Analyzer();
  const input = a.input('t.log');
  input.setFormat('test-dialect');
  const records: PipelineRecord[] = frames.flatMap((f) => input.push(f));
  const ended = input.end(99);
  return { records, ended, ...a.summary() };
}

const rules = (r: PipelineRecord) => r.findings.map((f) => f.rule);

beforeEach(resetLines);

describe('log records', () => {
  it('belong to the current session and change nothing in it: phase, pairing, handshake, new sessions', () => {
    const { records, sessions, open, findings } = run([
      logLine('Starting server memory', { level: 'info' }),
      msg('c2s', initReq(0)),
      logLine('Traceback (most recent call last):\n  File "x.py"\nValueError', { level: null }),
      msg('s2c', initRes(0, { tools: {} })),
      logLine('Server started', { level: 'info' }),
      msg('c2s', note('notifications/initialized')),
      logLine('{ metadata: undefined }'),
      msg('c2s', req(1, 'tools/list')),
      msg('s2c', res(1, { tools: [] })),
    ]);
    expect(sessions).toHaveLength(1);
    // The line before the first message is the session's setting up: initialization, the session's phase unchanged.
    expect(records.map((r) => [r.kind, r.phase])).toEqual([
      ['log', 'initialization'],
      ['request', 'initialization'],
      ['log', 'initialization'],
      ['response', 'initialization'],
      ['log', 'initialization'],
      ['notification', 'initialization'],
      ['log', 'operation'],
      ['request', 'operation'],
      ['response', 'operation'],
    ]);
    expect(records[2]).toMatchObject({
      kind: 'log',
      level: null,
      text: 'Traceback (most recent call last):\n  File "x.py"\nValueError',
      lines: 3,
      bytes: 0,
      dir: 'unknown',
      dirInferred: false,
      id: null,
      method: null,
      pair: null,
      message: null,
      findings: [],
      format: 'test-dialect',
    });
    expect(records[3]).toMatchObject({ pair: 2 });
    expect(records[8]).toMatchObject({ pair: 8 });
    expect(sessions[0]).toMatchObject({
      initializeSeen: true,
      initializedSeen: true,
      negotiatedRevision: '2025-11-25',
    });
    expect(open).toEqual([]);
    // Never an error: no finding on a log line, not even `initialize-not-first` for the line before initialize.
    expect(findings).toEqual([]);
    expect(records.flatMap(rules)).toEqual([]);
  });

  it('are counted apart: the input summary counts messages and log lines', () => {
    const { ended, inputs } = run([logLine('a'), msg('c2s', req(1, 'ping')), logLine('b')]);
    expect(ended).toEqual({ file: 't.log', format: 'test-dialect', messages: 1, logs: 2, lines: 99, onlySide: null });
    expect(inputs).toEqual([ended]);
  });

  it('a file of log lines only holds no MCP message', () => {
    const { ended, records } = run([logLine('Initializing server...'), logLine('Server started')]);
    expect(ended.messages).toBe(0);
    expect(records.every((r) => r.kind === 'log' && r.findings.length === 0)).toBe(true);
  });
});

describe('the server name', () => {
  it('is on every record of the session from the line that gave it, and on the session', () => {
    const { records, sessions } = run([
      logLine('Initializing server...', { server: 'memory' }),
      msg('c2s', initReq(0)),
      msg('s2c', initRes(0), { server: 'memory' }),
    ]);
    expect(records.map((r) => r.server)).toEqual(['memory', 'memory', 'memory']);
    expect(sessions[0]!.server).toBe('memory');
  });

  it('is null when the log never gives it', () => {
    const { records, sessions } = run([msg('c2s', req(1, 'ping'))]);
    expect(records[0]!.server).toBeNull();
    expect(sessions[0]!.server).toBeNull();
  });
});

describe('summary records', () => {
  it('pair, time and set phases like full messages; a summary initialize means handshake seen, capabilities unknown', () => {
    const { records, sessions, open } = run([
      summaryOf('c2s', 'request', 0, 'initialize', { ts: '10:00:00.000', tsMs: 36_000_000 }),
      summaryOf('s2c', 'response', 0, null, { ts: '10:00:00.250', tsMs: 36_000_250 }),
      summaryOf('c2s', 'notification', null, 'notifications/initialized'),
      summaryOf('c2s', 'request', 1, 'tools/call'),
      summaryOf('s2c', 'error', 1, null),
      summaryOf('c2s', 'request', 2, 'resources/subscribe'),
    ]);
    expect(records.map((r) => [r.kind, r.method, r.phase, r.pair, r.summary])).toEqual([
      ['request', 'initialize', 'initialization', null, true],
      ['response', 'initialize', 'initialization', 1, true],
      ['notification', 'notifications/initialized', 'initialization', null, true],
      ['request', 'tools/call', 'operation', null, true],
      ['error', 'tools/call', 'operation', 4, true],
      ['request', 'resources/subscribe', 'operation', null, true],
    ]);
    expect(records[1]).toMatchObject({ latencyMs: 250, message: null, raw: 'id=0 result', bytes: 0 });
    expect(sessions[0]).toMatchObject({
      initializeSeen: true,
      initializedSeen: true,
      clientCapabilities: null,
      serverCapabilities: null,
      negotiatedRevision: null,
    });
    // The capability a method needs is known; whether it was negotiated is not (`negotiated: null`).
    expect(records[5]!.capability).toEqual({ side: 'server', path: 'resources.subscribe', negotiated: null });
    expect(open.map((o) => o.seq)).toEqual([6]);
  });
});

describe('cut records', () => {
  it('pair and time like full messages; their kind, id and method come from what survives', () => {
    const long = {
      tools: Array.from({ length: 60 }, (_, i) => ({
        name: `t${i}`,
        inputSchema: { type: 'object', properties: { id: { type: 'number' } } },
      })),
    };
    const { records } = run([
      msg('c2s', req(1, 'tools/list'), { tsMs: 1000, ts: '2026-01-01T00:00:01.000Z' }),
      cutOf('s2c', { result: long, jsonrpc: '2.0', id: 1 }, 200, 2000, { tsMs: 1020, ts: '2026-01-01T00:00:01.020Z' }),
    ]);
    expect(records[1]).toMatchObject({
      kind: 'response',
      id: 1,
      method: 'tools/list',
      pair: 1,
      latencyMs: 20,
      truncated: true,
      message: null,
      findings: [],
    });
    expect(records[1]!.raw).toContain('chars truncated]...');
    expect(records[1]!.bytes).toBe(Buffer.byteLength(JSON.stringify({ result: long, jsonrpc: '2.0', id: 1 })));
  });
});
