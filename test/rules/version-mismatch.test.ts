// version-mismatch: information when the answered revision differs from the requested one.
import { describe, expect, it } from 'vitest';
import { c, err, hits, init, initRes, log, OMIT, s } from '../helpers/lifecycle.js';

const ID = 'version-mismatch';

describe(ID, () => {
  it('reports an answer that differs from the request, on the response', async () => {
    expect(await hits(ID, log(c(init('2025-06-18')), s(initRes('2025-11-25'))))).toEqual([
      {
        line: 2,
        severity: 'info',
        message:
          'server answered protocol version "2025-11-25" to a request for "2025-06-18": the session follows "2025-11-25"',
      },
    ]);
  });

  it('stays quiet when the versions match, one is missing, or initialize failed', async () => {
    expect(await hits(ID, log(c(init('2025-06-18')), s(initRes('2025-06-18'))))).toEqual([]);
    expect(await hits(ID, log(c(init(OMIT)), s(initRes('2025-06-18'))))).toEqual([]);
    expect(await hits(ID, log(c(init('2025-06-18')), s(initRes(OMIT))))).toEqual([]);
    expect(await hits(ID, log(c(init('2030-01-01')), s(err(0, -32602, 'Unsupported protocol version'))))).toEqual([]);
  });
});
