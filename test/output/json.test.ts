// recordToJson and jsonDocument: the contract as plain objects, no wire details, no aliasing of inputs.
import { describe, expect, it } from 'vitest';
import { jsonDocument, recordToJson } from '../../src/output/json.js';
import { CONTRACT_FIELDS, openRequest, rec, sessionInfo } from '../helpers/records.js';

describe('recordToJson', () => {
  it('has the contract fields in order, message last, no wire', () => {
    const o = recordToJson(rec({ message: { jsonrpc: '2.0', id: 1, method: 'ping' } }), { body: true });
    expect(Object.keys(o)).toEqual([...CONTRACT_FIELDS, 'message']);
    expect(o.message).toEqual({ jsonrpc: '2.0', id: 1, method: 'ping' });
    expect(o).not.toHaveProperty('wire');
  });

  it('omits message and raw with body:false but keeps event and batch', () => {
    const o = recordToJson(rec({ kind: 'event', raw: 'r', event: { name: 'exit' }, batch: { index: 0, size: 1 } }), {
      body: false,
    });
    expect(Object.keys(o)).toEqual([...CONTRACT_FIELDS, 'event', 'batch']);
  });

  it('copies nested contract objects', () => {
    const r = rec({
      capability: { side: 'server', path: 'tools', negotiated: true },
      findings: [{ rule: 'a', severity: 'error', message: 'm' }],
    });
    const o = recordToJson(r, { body: true });
    o.capability!.path = 'changed';
    o.findings[0]!.message = 'changed';
    expect(r.capability!.path).toBe('tools');
    expect(r.findings[0]!.message).toBe('m');
  });
});

describe('jsonDocument', () => {
  it('builds { records, sessions, unanswered } with cancelled requests flagged', () => {
    const doc = jsonDocument(
      [rec({ seq: 1 }), rec({ seq: 2 })],
      [sessionInfo()],
      [openRequest({ seq: 1 }), openRequest({ seq: 2, cancelled: true })],
      { body: false },
    );
    expect(Object.keys(doc)).toEqual(['records', 'sessions', 'unanswered']);
    expect(doc.records.map((r) => r.seq)).toEqual([1, 2]);
    expect(doc.records[0]).not.toHaveProperty('message');
    expect(doc.sessions[0]!.key).toBe('1');
    expect(doc.unanswered.map((o) => o.cancelled)).toEqual([false, true]);
    expect(JSON.parse(JSON.stringify(doc)).records).toHaveLength(2);
  });
});
