// unknown-protocol-version: severity by what the version string is, for both sides.
import { describe, expect, it } from 'vitest';
import { c, hits, init, initRes, log, OMIT, s } from '../helpers/lifecycle.js';

const ID = 'unknown-protocol-version';

describe(ID, () => {
  it("grades the client's requested version", async () => {
    const of = async (v: unknown) => (await hits(ID, log(c(init(v))))).map((h) => `${h.severity}: ${h.message}`);
    expect(await of('2025-11-25')).toEqual([]);
    expect(await of('2024-11-05')).toEqual([]);
    expect(await of('2025-13-01')).toEqual([
      'warning: client requested protocol version "2025-13-01", which is not a known MCP revision (2024-11-05, 2025-03-26, 2025-06-18, 2025-11-25)',
    ]);
    expect(await of('2024-10-07')).toEqual([
      'info: client requested protocol version "2024-10-07", a pre-release string (accepted by the TypeScript SDK) under which no specification was published',
    ]);
    expect(await of('2026-07-28')).toEqual([
      'warning: client requested protocol version "2026-07-28", a modern revision, which is negotiated per request (params._meta), never by initialize',
    ]);
    expect(await of(OMIT)).toEqual(['error: initialize request has no params.protocolVersion']);
    expect(await of(20251125)).toEqual([
      'error: client requested protocol version 20251125: protocolVersion must be a revision string such as "2025-11-25"',
    ]);
  });

  it("grades the server's answered version, on the initialize response only", async () => {
    const of = async (v: unknown) =>
      (await hits(ID, log(c(init()), s(initRes(v))))).map((h) => `${h.line} ${h.severity}: ${h.message}`);
    expect(await of('2025-11-25')).toEqual([]);
    expect(await of('DRAFT-2026-v1')).toEqual([
      '2 warning: server answered protocol version "DRAFT-2026-v1", which is not a known MCP revision (2024-11-05, 2025-03-26, 2025-06-18, 2025-11-25)',
    ]);
    expect(await of(OMIT)).toEqual(['2 error: initialize result has no protocolVersion']);
    expect(await of(null)).toEqual([
      '2 error: server answered protocol version null: protocolVersion must be a revision string such as "2025-11-25"',
    ]);
  });

  it('gives every finding the severity the user set for the rule', async () => {
    const text = log(c(init('2024-10-07')), s(initRes(OMIT)));
    expect((await hits(ID, text, { rules: { [ID]: 'warning' } })).map((h) => h.severity)).toEqual([
      'warning',
      'warning',
    ]);
  });
});
