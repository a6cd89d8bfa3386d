// Record references in rule data: where a message quotes them, found by making it again, and put back renumbered.
import { describe, expect, it } from 'vitest';
import { quotedRefs, ref, withSeqs } from '../../src/rules/record-ref.js';

describe('record references (src/rules/record-ref.ts)', () => {
  const render = (d: { id: number; first: { seq: ReturnType<typeof ref> }; other: ReturnType<typeof ref> | null }) =>
    `id ${d.id} of #${d.first.seq}${d.other === null ? '' : `, again at #${d.other} and #${d.first.seq}`}`;

  it('prints as the seq, and the message is cut at each reference it quotes, nested ones and repeats too', () => {
    const data = { id: 7, first: { seq: ref(3) }, other: ref(12) };
    const message = render(data);
    expect(message).toBe('id 7 of #3, again at #12 and #3');
    const q = quotedRefs(message, render, data)!;
    expect(q).toEqual({ parts: ['id 7 of #', ', again at #', ' and #', ''], seqs: [3, 12, 3] });
    expect(withSeqs(q, (n) => n + 100)).toBe('id 7 of #103, again at #112 and #103');
    // The data is left as it was.
    expect(String(data.first.seq)).toBe('3');
  });

  it('is null for data without references, and for a message that prints a reference some other way', () => {
    expect(quotedRefs('id 7', (d: { id: number }) => `id ${d.id}`, { id: 7 })).toBeNull();
    const bySeq = (d: { at: ReturnType<typeof ref> }) => `#${d.at.seq}`;
    expect(quotedRefs('#4', bySeq, { at: ref(4) })).toBeNull();
    const unquoted = (d: { at: ReturnType<typeof ref> | null }) => (d.at === null ? 'none' : 'one');
    expect(quotedRefs('one', unquoted, { at: ref(4) })).toBeNull();
  });
});
