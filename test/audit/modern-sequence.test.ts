// A modern chain in the audit's sequence diagram: each retry's round, each input_required answer, the whole operation.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { analyze } from '../../src/analyze-stream.js';
import { SequenceKeeper } from '../../src/audit/sequence.js';
import { renderSequenceMermaid } from '../../src/output/audit/mermaid.js';

describe('sequence of a modern chain', () => {
  it('reads as one operation', async () => {
    const bytes = readFileSync('test/fixtures/modern/mrtr-one.txt');
    const out = await analyze((async function* () {
      yield bytes;
    })(), { file: 'mrtr-one.txt' });
    const keeper = new SequenceKeeper(50, 0, 0);
    for (const r of out.records) keeper.add(r);
    const seq = keeper.finish();
    expect(seq.head.map((s) => s.label)).toEqual(['start', 'tools/call deploy', 'tools/call (input required)', 'tools/call deploy (round 2 of #2)', 'tools/call (operation #2: 2 rounds, 1580 ms)']);
    const text = renderSequenceMermaid({ info: out.sessions[0]!, counts: { error: 0, warning: 0, info: 0 }, capabilities: [], sequence: seq }, []);
    expect(text).toContain('Server-->>Client: tools/call result (input required) (id 1, 20ms)');
    expect(text).toContain('Server-->>Client: tools/call result (operation #35;2: 2 rounds, 1580 ms) (id 2, 60ms)');
  });
});
