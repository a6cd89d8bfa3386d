// The diagnoser keeps folding at most `maxLive` sessions: past it the least recently active one is decided from its
// own records and only its diagnosis is kept. The diagnoses are the same as with every session kept live.
import { describe, expect, it } from 'vitest';
import { analyze } from '../../src/analyze-stream.js';
import { diagnose } from '../../src/diagnose/diagnoser.js';

/** `n` sessions of an envelope capture, interleaved two at a time: each asks tools/call and gets no answer, but one in three answers it. */
function capture(n: number): string {
  const lines: string[] = [];
  const at = (i: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString();
  let t = 0;
  for (let s = 0; s < n; s += 2) {
    for (const k of [s, s + 1]) {
      lines.push(
        JSON.stringify({
          ts: at(t++),
          session: `s${k}`,
          dir: 'c2s',
          message: {
            jsonrpc: '2.0',
            id: 0,
            method: 'initialize',
            params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'c', version: '1' } },
          },
        }),
      );
    }
    for (const k of [s, s + 1]) {
      lines.push(
        JSON.stringify({
          ts: at(t++),
          session: `s${k}`,
          dir: 's2c',
          message: {
            jsonrpc: '2.0',
            id: 0,
            result: {
              protocolVersion: '2025-11-25',
              capabilities: { tools: {} },
              serverInfo: { name: `srv${k}`, version: '1' },
            },
          },
        }),
      );
      lines.push(
        JSON.stringify({
          ts: at(t++),
          session: `s${k}`,
          dir: 'c2s',
          message: { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'echo', arguments: {} } },
        }),
      );
    }
    for (const k of [s, s + 1]) {
      if (k % 3 === 0)
        lines.push(
          JSON.stringify({
            ts: at(t++),
            session: `s${k}`,
            dir: 's2c',
            message: { jsonrpc: '2.0', id: 1, result: { content: [] } },
          }),
        );
    }
  }
  return lines.join('\n') + '\n';
}

describe('a bounded diagnoser', () => {
  it('gives the diagnoses it gives with every session live, in the order the sessions began', async () => {
    const bytes = Buffer.from(capture(40));
    const out = await analyze(
      (async function* () {
        yield bytes;
      })(),
      { file: 'c.ndjson' },
    );
    const all = diagnose(out.records, out);
    const bounded = diagnose(out.records, out, { maxLive: 3 });
    expect(all.map((d) => d.session)).toEqual(Array.from({ length: 40 }, (_, i) => `s${i}`));
    expect(all.filter((d) => d.diagnoses.some((x) => x.cause === 'request-timeout')).length).toBe(26);
    expect(bounded).toEqual(all);
  });
});
