// The redactor: what it masks (secret keys, bearer tokens, token shapes, key=value and "key": value in text), what it
// leaves alone, and that it never changes what it was given.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SECRET_KEYS, REDACTED, Redactor } from '../../src/output/redact.js';
import { rec } from '../helpers/records.js';

const r = new Redactor();

describe('values under secret keys', () => {
  it('masks them at any depth, whatever the spelling of the key', () => {
    const v = {
      params: {
        headers: { Authorization: 'Basic dXNlcjpwYXNz', 'X-API-Key': 'k1', cookie: 'a=b', 'Set-Cookie': 'c=d' },
        creds: [
          {
            password: 'hunter2',
            apiKey: 'k2',
            API_KEY: 'k3',
            client_secret: 'cs',
            refresh_token: 'rt',
            access_token: 'at',
            secret: { nested: 1 },
          },
        ],
        token: 12345,
      },
    };
    expect(r.value(v)).toEqual({
      params: {
        headers: { Authorization: REDACTED, 'X-API-Key': REDACTED, cookie: REDACTED, 'Set-Cookie': REDACTED },
        creds: [
          {
            password: REDACTED,
            apiKey: REDACTED,
            API_KEY: REDACTED,
            client_secret: REDACTED,
            refresh_token: REDACTED,
            access_token: REDACTED,
            secret: REDACTED,
          },
        ],
        token: REDACTED,
      },
    });
  });

  it('leaves protocol fields that merely contain a secret word alone', () => {
    const v = {
      params: { _meta: { progressToken: 'p-1' }, nextCursor: 'c', maxTokens: 100, tokens: ['a'], secretary: 'x' },
    };
    expect(r.value(v)).toBe(v);
  });

  it('keeps null, empty and boolean values (they say nothing)', () => {
    const v = { password: null, token: '', secret: false };
    expect(r.value(v)).toBe(v);
  });

  it('--redact-key adds keys, matched like the others', () => {
    const extra = new Redactor({ keys: ['sessionKey', 'x-custom'] });
    expect(extra.value({ session_key: 'a', 'X-Custom': 'b', other: 'c' })).toEqual({
      session_key: REDACTED,
      'X-Custom': REDACTED,
      other: 'c',
    });
    expect(extra.text('https://x/?x_custom=zzz&y=1')).toBe(`https://x/?x_custom=${REDACTED}&y=1`);
  });

  it('lists the documented default keys', () => {
    for (const k of [
      'authorization',
      'token',
      'access_token',
      'refresh_token',
      'api_key',
      'password',
      'secret',
      'client_secret',
      'cookie',
    ]) {
      expect(DEFAULT_SECRET_KEYS).toContain(k);
    }
    expect(r.isSecretKey('apiKey')).toBe(true);
  });
});

describe('secrets inside strings', () => {
  it.each([
    ['Authorization: Bearer eyJhbGciOi.eyJzdWIi.c2lnbmF0', `Authorization: Bearer ${REDACTED}`],
    ['bearer abc123def456', `bearer ${REDACTED}`],
    ['use sk-ant-api03-abcdefghijklmnop1234 here', `use ${REDACTED} here`],
    ['ghp_abcdefghijklmnopqrstuvwxyz0123456789', REDACTED],
    ['github_pat_11ABCDEFG0123456789_abcdefghij', REDACTED],
    ['xoxb-1234567890-abcdefghij', REDACTED],
    ['key AKIAIOSFODNN7EXAMPLE', `key ${REDACTED}`],
    ['https://api.example/v1?access_token=abc.def&x=1', `https://api.example/v1?access_token=${REDACTED}&x=1`],
    ['password=hunter2 user=bob', `password=${REDACTED} user=bob`],
    [
      '{"jsonrpc":"2.0","params":{"password":"hunter2","n":1}',
      `{"jsonrpc":"2.0","params":{"password":"${REDACTED}","n":1}`,
    ],
    ['{"line":"{\\"api_key\\":\\"k-1\\"}"}', `{"line":"{\\"api_key\\":\\"${REDACTED}\\"}"}`],
    [
      'params.arguments.password: expected number, received "hunter2"',
      `params.arguments.password: expected number, received "${REDACTED}"`,
    ],
  ])('%j', (input, output) => {
    expect(r.text(input)).toBe(output);
  });

  it('leaves prose and protocol text alone', () => {
    for (const s of [
      'Bearer authentication is required',
      'tokens: 12',
      'progressToken=3',
      'the secret of success',
      'sk-short',
    ]) {
      expect(r.text(s)).toBe(s);
    }
  });
});

describe('records', () => {
  it('copies on write: the record given is never changed, and an untouched record is returned as is', () => {
    const message = {
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name: 'login', arguments: { password: 'pw' } },
    };
    const original = rec({ message, findings: [{ rule: 'x', severity: 'info', message: 'token=abc12345' }] });
    const before = JSON.stringify(original);
    const shown = r.record(original);
    expect(JSON.stringify(original)).toBe(before);
    expect(shown).not.toBe(original);
    expect((shown.message as typeof message).params.arguments.password).toBe(REDACTED);
    expect(shown.findings[0].message).toBe(`token=${REDACTED}`);
    // The verbatim wire text would leak the secret: it is dropped, so sinks serialise the masked message.
    expect(shown.wire.text).toBeNull();
    const clean = rec();
    expect(r.record(clean)).toBe(clean);
  });

  it('masks raw text of invalid records and event data', () => {
    const invalid = rec({ kind: 'invalid', message: null, raw: '{"authorization":"Bearer abcdef123456"' });
    expect(r.record(invalid).raw).toBe(`{"authorization":"${REDACTED}"`);
    const event = rec({
      kind: 'event',
      message: null,
      event: { name: 'start', data: { env: { GITHUB_TOKEN: 'ghp_abcdefghijklmnopqrstuvwxyz0123456789', TOKEN: 't' } } },
    });
    expect(r.record(event).event).toEqual({
      name: 'start',
      data: { env: { GITHUB_TOKEN: REDACTED, TOKEN: REDACTED } },
    });
  });
});

describe('properties', () => {
  it('never throws, never changes its input, is idempotent, and leaves no value under a secret key', () => {
    const key = fc.oneof(
      fc.string(),
      fc.constantFrom(...DEFAULT_SECRET_KEYS, 'Authorization', 'apiKey', '__proto__', 'constructor'),
    );
    const json = fc.letrec((tie) => ({
      value: fc.oneof(
        { depthSize: 'small' },
        fc.string(),
        fc.integer(),
        fc.boolean(),
        fc.constant(null),
        fc.array(tie('value'), { maxLength: 4 }),
        fc.dictionary(key, tie('value'), { maxKeys: 5 }),
      ),
    })).value;
    // Cases with a secret key to redact: without enough of them the walk below would check nothing.
    let withSecrets = 0;
    fc.assert(
      fc.property(json, (v) => {
        const before = JSON.stringify(v);
        const out = r.value(v);
        expect(JSON.stringify(v)).toBe(before);
        expect(r.value(out)).toEqual(out);
        let secrets = 0;
        const walk = (x: unknown): void => {
          if (x === null || typeof x !== 'object') return;
          for (const [k, y] of Object.entries(x)) {
            if (r.isSecretKey(k)) {
              secrets++;
              expect(y === REDACTED || y === null || y === '' || typeof y === 'boolean').toBe(true);
            } else walk(y);
          }
        };
        walk(out);
        if (secrets > 0) withSecrets++;
        expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      }),
      { numRuns: 300, seed: 7 },
    );
    expect(withSecrets, 'cases with a secret key (46 of 300 with this seed)').toBeGreaterThanOrEqual(30);
  });

  it('a bearer token with a digit never survives in any surrounding text', () => {
    const tokenChar = fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-~+/=');
    fc.assert(
      fc.property(
        fc.string(),
        fc.array(tokenChar, { minLength: 7, maxLength: 60 }),
        fc.string(),
        (pre, chars, post) => {
          const token = chars.join('') + '7';
          const out = r.text(`${pre} Bearer ${token}\n${post}`);
          expect(out).not.toContain(`Bearer ${token}`);
        },
      ),
      { numRuns: 300, seed: 7 },
    );
  });
});

describe('the cheap checks before the full scan', () => {
  // Pieces of every form the redactor masks, cut and mixed: a string of them may hold a form whole, in part, or
  // split by another piece. A check that lets a maskable string through unscanned shows as a difference here.
  const pieces = [
    'Bearer ',
    'bearer\t',
    'BEARER ',
    'abcd1234',
    'abcdefghijklmnopqrstuvwx',
    'ABCDEFGHIJKLMNOP',
    'sk-',
    'SK-',
    'ghp_',
    'GHO_',
    'github_pat_',
    'xoxb-',
    'AKIA',
    'eyJ',
    '.',
    'received ',
    'RECEIVED ',
    'password',
    'Pass_Word',
    'api-key',
    'API_KEY',
    'token',
    'to\u212aen',
    'session_id',
    'x.y',
    '=',
    '==',
    '"',
    '\\"',
    '\\',
    ':',
    ': ',
    ' ',
    '; ',
    '&',
    '?',
    'params.',
    'expected string, ',
    'é',
    '\u{1F600}',
    'x',
    '1',
    '-',
    '_',
  ];
  const text = fc.array(fc.constantFrom(...pieces), { maxLength: 14 }).map((p) => p.join(''));
  /** A redactor that scans every string in full: what `text` gave before the checks. */
  class ScansAll extends Redactor {
    override mayHoldSecret(): boolean {
      return true;
    }
  }
  const cases: [string, Redactor, Redactor][] = [
    ['default keys', new Redactor(), new ScansAll()],
    ['--redact-key', new Redactor({ keys: ['Sessionid', 'x.y'] }), new ScansAll({ keys: ['Sessionid', 'x.y'] })],
  ];

  it.each(cases)('mask exactly what the full scan masks (%s)', (_name, fast, full) => {
    fc.assert(
      fc.property(text, (s) => {
        expect(fast.text(s)).toBe(full.text(s));
      }),
      { numRuns: 3000, seed: 11 },
    );
  });

  it.each(cases)('pass every string the full pattern matches (%s)', (_name, fast) => {
    const { pattern, probe } = fast as unknown as { pattern: RegExp; probe: RegExp };
    const whole = new RegExp(pattern.source, 'i');
    fc.assert(
      fc.property(text, (s) => {
        if (whole.test(s)) {
          expect(fast.mayHoldSecret(s)).toBe(true);
          expect(probe.test(s)).toBe(true);
        }
      }),
      { numRuns: 3000, seed: 13 },
    );
  });

  it('each kind of check is what lets its form through', () => {
    expect(r.text('https://x.test/cb?api_key=abc123&x=1')).toBe(`https://x.test/cb?api_key=${REDACTED}&x=1`);
    // The longest spelling of the longest key: a separator between every two letters.
    const custom = new Redactor({ keys: ['averylongcustomkeyname'] });
    const longest = [...'averylongcustomkeyname'].join('-');
    expect(custom.text(`?${longest}=hunter22`)).toBe(`?${longest}=${REDACTED}`);
    expect(r.text('data: iVBORw0KGgoAAAANSUhEUgAAAB==')).toBe('data: iVBORw0KGgoAAAANSUhEUgAAAB==');
    expect(r.text('params.password: expected string, received 12345')).toBe(
      `params.password: expected string, received "${REDACTED}"`,
    );
    expect(r.text('Authorization: Bearer abcdefgh1234')).toBe(`Authorization: Bearer ${REDACTED}`);
    expect(r.text('{"token": "abcdefgh"}')).toBe(`{"token": "${REDACTED}"}`);
    // More `=` signs than are looked at one by one: the full scan decides.
    expect(r.text(`${'='.repeat(40)} password=hunter22`)).toBe(`${'='.repeat(40)} password=${REDACTED}`);
  });

  it('remembers key verdicts, and still judges every key after forgetting them', () => {
    const fresh = new Redactor();
    for (let i = 0; i < 5000; i++) expect(fresh.isSecretKey(`k${i}`)).toBe(false);
    expect(fresh.isSecretKey('API_KEY')).toBe(true);
    expect(fresh.isSecretKey('Api-Key')).toBe(true);
    expect(fresh.isSecretKey('k1')).toBe(false);
    expect(fresh.value({ 'X-Api-Key': 'v', k2: 'w' })).toEqual({ 'X-Api-Key': REDACTED, k2: 'w' });
  });
});

/** CPU time of masking `s`, the least of a few runs (a collection or another test's work only ever adds time). */
function cpuMs(s: string): number {
  let best = Infinity;
  for (let i = 0; i < 3; i++) {
    const t = process.cpuUsage();
    r.text(s);
    const d = process.cpuUsage(t);
    best = Math.min(best, (d.user + d.system) / 1000);
  }
  return best;
}

describe('time linear in the text, on text built to make a scan backtrack', () => {
  // Each shape at n and 10·n repeats: linear work takes about 10 times longer, quadratic 100, cubic 1,000. The schema
  // finding's `received` form took cubic time (2 KB: 4 ms; 20 KB: over 5 s; 40 KB: 59 s) before it became a scan.
  const SHAPES: Record<string, (n: number) => string> = {
    "a secret key's name many times, then colons, then received": (n) =>
      `${'password '.repeat(n)}${': '.repeat(n)}received x`,
    'issues that each quote an unterminated value': (n) => `${'p.password: expected string, received "\\"'.repeat(n)}`,
    'escaped keys with values that never end': (n) => '\\"password\\": \\"'.repeat(n),
    'key= runs': (n) => 'password='.repeat(n),
  };
  for (const [name, make] of Object.entries(SHAPES)) {
    it(name, () => {
      cpuMs(make(200)); // warm up
      const small = Math.max(cpuMs(make(200)), 0.05);
      const big = cpuMs(make(2000));
      expect(big / small, `${small.toFixed(2)} ms → ${big.toFixed(2)} ms`).toBeLessThan(40);
    });
  }

  it('still masks a value a schema finding quotes, cut or whole, and only after a secret key', () => {
    expect(
      r.text('params.password: expected number, received "hunter2"; params.user: expected number, received "bob"'),
    ).toBe(`params.password: expected number, received "${REDACTED}"; params.user: expected number, received "bob"`);
    // A string over 40 characters is cut at 39 with `…` (the opening quote and 38 characters): no closing quote.
    expect(r.text(`params.api_key: expected number, received "${'x'.repeat(38)}…`)).toBe(
      `params.api_key: expected number, received "${REDACTED}"`,
    );
  });
});
