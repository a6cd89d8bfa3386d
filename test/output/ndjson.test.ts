// recordToNdjson: contract fields in contract order, wire text copied verbatim, body switch, proper escaping.
import { describe, expect, it } from 'vitest';
import { recordToJson } from '../../src/output/json.js';
import { recordToNdjson } from '../../src/output/ndjson.js';
import { CONTRACT_FIELDS, rec } from '../helpers/records.js';

const BODY = { body: true };

describe('recordToNdjson', () => {
  it('is one line that parses to the contract, keys in contract order, message last', () => {
    const r = rec({
      seq: 7,
      ts: '2025-06-18T10:00:00.000Z',
      kind: 'response',
      id: 'a-1',
      method: 'resources/subscribe',
      dir: 's2c',
      primitive: 'resources',
      feature: null,
      capability: { side: 'server', path: 'resources.subscribe', negotiated: true },
      pair: 3,
      latencyMs: 12.5,
      findings: [{ rule: 'r1', severity: 'warning', message: 'careful' }],
      message: { jsonrpc: '2.0', id: 'a-1', result: {} },
    });
    const line = recordToNdjson(r, BODY);
    expect(line).not.toContain('\n');
    const parsed = JSON.parse(line);
    expect(Object.keys(parsed)).toEqual([...CONTRACT_FIELDS, 'message']);
    expect(parsed).toMatchObject({
      seq: 7,
      source: 'log.ndjson:7',
      session: '1',
      ts: '2025-06-18T10:00:00.000Z',
      dir: 's2c',
      dirInferred: false,
      kind: 'response',
      id: 'a-1',
      method: 'resources/subscribe',
      primitive: 'resources',
      feature: null,
      phase: 'operation',
      capability: { side: 'server', path: 'resources.subscribe', negotiated: true },
      pair: 3,
      latencyMs: 12.5,
      bytes: r.bytes,
      findings: [{ rule: 'r1', severity: 'warning', message: 'careful' }],
      message: { jsonrpc: '2.0', id: 'a-1', result: {} },
    });
    expect(Object.keys(parsed.capability)).toEqual(['side', 'path', 'negotiated']);
    expect(Object.keys(parsed.findings[0])).toEqual(['rule', 'severity', 'message']);
    expect(parsed).not.toHaveProperty('wire');
  });

  it('copies wire.text verbatim as the message value, byte for byte', () => {
    const text = '{"jsonrpc":"2.0", "id":1,   "result" : {"x":1.50,"u":"\\u00e9"}}';
    const line = recordToNdjson(
      rec({ kind: 'response', message: { jsonrpc: '2.0', id: 1, result: { x: 1.5, u: 'é' } }, wire: { text } }),
      BODY,
    );
    expect(line.endsWith(`,"message":${text}}`)).toBe(true);
    expect(JSON.parse(line).message).toEqual({ jsonrpc: '2.0', id: 1, result: { x: 1.5, u: 'é' } });
  });

  it('serialises the parsed message when there is no wire text or the text spans lines', () => {
    const message = { jsonrpc: '2.0', id: 2, method: 'ping' };
    expect(recordToNdjson(rec({ message, wire: { text: null } }), BODY)).toContain(
      `"message":${JSON.stringify(message)}}`,
    );
    const multi = '{\n  "jsonrpc": "2.0", "id": 2, "method": "ping"\n}';
    const line = recordToNdjson(rec({ message, wire: { text: multi } }), BODY);
    expect(line).not.toContain('\n');
    expect(JSON.parse(line).message).toEqual(message);
  });

  it('omits message and raw entirely with body:false', () => {
    const parsed = JSON.parse(
      recordToNdjson(rec({ kind: 'invalid', message: null, raw: '{oops', wire: { text: null } }), { body: false }),
    );
    expect(Object.keys(parsed)).toEqual([...CONTRACT_FIELDS]);
    expect(recordToNdjson(rec(), { body: false })).not.toContain('"message"');
  });

  it('puts raw, event and batch after findings, server, format and revision, and before message', () => {
    const invalid = JSON.parse(
      recordToNdjson(
        rec({ kind: 'invalid', message: null, raw: 'not json', method: null, wire: { text: null } }),
        BODY,
      ),
    );
    expect(Object.keys(invalid).slice(-3)).toEqual(['revision', 'raw', 'message']);
    expect(invalid.raw).toBe('not json');
    expect(invalid.message).toBeNull();

    const ev = JSON.parse(
      recordToNdjson(
        rec({ kind: 'event', message: null, event: { name: 'exit', data: { code: 1 } }, wire: { text: null } }),
        BODY,
      ),
    );
    expect(Object.keys(ev).slice(-3)).toEqual(['revision', 'event', 'message']);
    expect(ev.event).toEqual({ name: 'exit', data: { code: 1 } });

    const b = JSON.parse(recordToNdjson(rec({ batch: { index: 1, size: 3 } }), BODY));
    expect(Object.keys(b).slice(-3)).toEqual(['revision', 'batch', 'message']);
    expect(b.batch).toEqual({ index: 1, size: 3 });
  });

  it('escapes strings properly and keeps the JSON type of ids', () => {
    const nasty = 'q"uote\\back\nline\u2028\u0000\x1b[2J';
    const parsed = JSON.parse(
      recordToNdjson(
        rec({
          method: nasty,
          session: nasty,
          source: nasty,
          id: '1',
          findings: [{ rule: 'x', severity: 'info', message: nasty }],
        }),
        BODY,
      ),
    );
    expect(parsed.method).toBe(nasty);
    expect(parsed.session).toBe(nasty);
    expect(parsed.findings[0].message).toBe(nasty);
    expect(parsed.id).toBe('1');
    expect(JSON.parse(recordToNdjson(rec({ id: 1 }), BODY)).id).toBe(1);
    expect(JSON.parse(recordToNdjson(rec({ id: null }), BODY)).id).toBeNull();
  });

  it('writes non-finite numbers as null, negotiated null as null', () => {
    const parsed = JSON.parse(
      recordToNdjson(
        rec({ latencyMs: Number.NaN, capability: { side: 'client', path: 'roots', negotiated: null } }),
        BODY,
      ),
    );
    expect(parsed.latencyMs).toBeNull();
    expect(parsed.capability.negotiated).toBeNull();
  });

  it('agrees with recordToJson (values and key order) when there is no wire text', () => {
    const r = rec({
      kind: 'event',
      message: null,
      event: { name: 'stdin-closed' },
      batch: { index: 0, size: 2 },
      raw: 'x',
      wire: { text: null },
    });
    for (const body of [true, false]) {
      const a = recordToNdjson(r, { body });
      expect(a).toBe(JSON.stringify(recordToJson(r, { body })));
    }
  });

  it('contract v2: server and format on every record; truncated and summary only when set; level, text, lines on log records', () => {
    const plain = JSON.parse(recordToNdjson(rec({ server: 'memory', format: 'claude-desktop' }), BODY));
    expect(plain).toMatchObject({ server: 'memory', format: 'claude-desktop' });
    expect(plain).not.toHaveProperty('truncated');
    expect(plain).not.toHaveProperty('summary');
    expect(plain).not.toHaveProperty('text');

    const cut = JSON.parse(
      recordToNdjson(
        rec({ truncated: true, message: null, raw: '{"id":1,...[9 chars truncated]...}', wire: { text: null } }),
        BODY,
      ),
    );
    expect(Object.keys(cut).slice(-5)).toEqual(['format', 'revision', 'truncated', 'raw', 'message']);
    expect(cut).toMatchObject({ truncated: true, message: null });

    const summary = JSON.parse(
      recordToNdjson(rec({ summary: true, message: null, raw: 'method="ping" id=1', wire: { text: null } }), {
        body: false,
      }),
    );
    expect(Object.keys(summary).slice(-3)).toEqual(['format', 'revision', 'summary']);

    // revision (the message's revision) on every record; chain only on the legs of a multi round-trip request, after http.
    expect(JSON.parse(recordToNdjson(rec({ revision: '2026-07-28' }), BODY)).revision).toBe('2026-07-28');
    const leg = JSON.parse(recordToNdjson(rec({ revision: '2026-07-28', chain: { first: 1, round: 2 } }), BODY));
    expect(Object.keys(leg).slice(-3)).toEqual(['revision', 'chain', 'message']);
    expect(leg.chain).toEqual({ first: 1, round: 2 });
    expect(recordToJson(rec({ chain: { first: 1, round: 2 } }), BODY)).toEqual(
      JSON.parse(recordToNdjson(rec({ chain: { first: 1, round: 2 } }), BODY)),
    );

    const log = rec({
      kind: 'log',
      id: null,
      method: null,
      primitive: null,
      feature: null,
      message: null,
      level: 'info',
      text: 'Server started\n  at x',
      lines: 2,
      bytes: 0,
      wire: { text: null },
    });
    const parsed = JSON.parse(recordToNdjson(log, BODY));
    expect(Object.keys(parsed)).toEqual([...CONTRACT_FIELDS, 'level', 'text', 'lines', 'message']);
    expect(parsed).toMatchObject({
      kind: 'log',
      level: 'info',
      text: 'Server started\n  at x',
      lines: 2,
      bytes: 0,
      message: null,
    });
    // The same object from both sinks.
    expect(recordToJson(log, BODY)).toEqual(parsed);
    expect(JSON.parse(recordToNdjson({ ...log, level: null }, { body: false }))).toMatchObject({
      level: null,
      text: 'Server started\n  at x',
    });
  });
});
