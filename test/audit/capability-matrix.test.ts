// The capability matrix: a parent capability used through its sub-capabilities is used, not "declared, never used".
import { describe, expect, it } from 'vitest';
import { CapabilityMatrix } from '../../src/audit/capability-matrix.js';
import { reportOf } from '../helpers/audit.js';

describe('CapabilityMatrix', () => {
  it('counts the uses of a sub-capability for each declared ancestor, not for the other side or siblings', () => {
    const m = new CapabilityMatrix();
    m.use('client', 'elicitation.form', true);
    m.use('client', 'elicitation.form', true);
    m.use('client', 'tasks.requests.sampling.createMessage', true);
    m.use('server', 'tools', true);
    const rows = m.finish(
      { elicitation: { form: {}, url: {} }, tasks: { list: {}, requests: { sampling: { createMessage: {} } } } },
      { tools: {}, resources: { subscribe: true } },
    );
    const row = (side: string, path: string) => rows.find((r) => r.side === side && r.path === path)!;
    expect(row('client', 'elicitation')).toMatchObject({ declared: true, used: 0, usedBelow: 2 });
    expect(row('client', 'elicitation.url')).toMatchObject({ used: 0, usedBelow: 0 });
    expect(row('client', 'tasks')).toMatchObject({ used: 0, usedBelow: 1 });
    expect(row('client', 'tasks.requests')).toMatchObject({ used: 0, usedBelow: 1 });
    expect(row('client', 'tasks.requests.sampling')).toMatchObject({ used: 0, usedBelow: 1 });
    expect(row('client', 'tasks.list')).toMatchObject({ used: 0, usedBelow: 0 });
    expect(row('server', 'resources')).toMatchObject({ used: 0, usedBelow: 0 });
    // Finishing again (a live report, then the final one) does not count twice.
    expect(m.finish(null, null).find((r) => r.path === 'elicitation')!.usedBelow).toBe(2);
  });

  it('flags no parent of a used capability as never used in the bundled sample', async () => {
    const report = await reportOf('samples/everything.envelope.ndjson');
    const rows = report.sessions[0]!.capabilities;
    const neverUsed = rows.filter((r) => r.declared === true && r.used === 0 && r.usedBelow === 0);
    for (const r of neverUsed) {
      expect(rows.some((c) => c.side === r.side && c.path.startsWith(`${r.path}.`) && c.used > 0), r.path).toBe(false);
    }
    // elicitation (form and url used), tasks.requests (tools.call used) … are used; listChanged flags never sent stay flagged.
    expect(rows.find((r) => r.side === 'client' && r.path === 'elicitation')!.usedBelow).toBeGreaterThan(0);
    expect(neverUsed.map((r) => `${r.side}:${r.path}`)).toContain('server:prompts.listChanged');
  });
});
