// --redact end to end: every sink masks the secrets of a log that carries them in every place (message params,
// headers, URLs, error messages and data, envelope lines, invalid lines, event data, peer names), and audit reports
// meant for sharing (html, markdown, sarif, junit) mask them unless told not to. What is printed is the subject: runs
// are in-process (test/helpers/in-process.ts), and the last test checks that the built executable prints the same.
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { runMain } from '../helpers/in-process.js';

const LOG = 'test/fixtures/secrets/secrets.envelope.ndjson';

/** Every secret of the log, as it would appear in output if it leaked. */
const SECRETS = [
  'sk-abcdefghijklmnopqrstuvwxyz',
  'abcdef123456',
  'abc123secret',
  'eyJhbGciOiJIUzI1NiJ9',
  'k-123',
  'sid=42',
  'hunter2',
  '12345',
  'ghp_abcdefghijklmnopqrstuvwxyz0123456789',
  'cs-999',
  'pw-in-line',
  'in-raw',
  'env-secret',
  'raw0123456789',
  'plain-secret',
  'zzzz9999secret',
];

const leaks = (out: string) => SECRETS.filter((s) => out.includes(s));

describe('with --redact no sink prints a secret', () => {
  it.each([
    [['annotate']],
    [['annotate', '--body']],
    [['annotate', '--body', 'pretty']],
    [['annotate', '-f', 'ndjson']],
    [['annotate', '-f', 'json']],
    [['stats']],
    [['stats', '-f', 'json']],
    [['stats', '-f', 'markdown']],
    [['audit', '-f', 'text']],
    [['audit', '-f', 'json']],
    [['audit', '-f', 'markdown']],
    [['audit', '-f', 'html']],
    [['audit', '-f', 'sarif']],
    [['audit', '-f', 'junit']],
  ])('%j', async (args) => {
    const r = await runMain([...args, '--redact', LOG]);
    expect(r.stderr).toBe('');
    expect(leaks(r.stdout)).toEqual([]);
    if (args.includes('ndjson') || args.includes('--body') || args.includes('html'))
      expect(r.stdout).toContain('[REDACTED]');
  });
});

describe('defaults', () => {
  it.each([['html'], ['markdown'], ['sarif'], ['junit']])(
    'audit -f %s redacts by default; --no-redact shows the log as it is',
    async (format) => {
      const on = await runMain(['audit', '-f', format, LOG]);
      expect(leaks(on.stdout)).toEqual([]);
      const off = await runMain(['audit', '-f', format, '--no-redact', LOG]);
      expect(leaks(off.stdout).length).toBeGreaterThan(0);
    },
  );

  it.each([[['audit', '-f', 'json']], [['audit', '-f', 'text']], [['annotate', '-f', 'ndjson']]])(
    '%j does not redact by default',
    async (args) => {
      const r = await runMain([...args, LOG]);
      expect(leaks(r.stdout).length).toBeGreaterThan(0);
    },
  );

  it('the ndjson output keeps the record contract: masked messages are re-serialised, the rest is untouched', async () => {
    const plain = (await runMain(['annotate', '-f', 'ndjson', LOG])).stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    const masked = (await runMain(['annotate', '-f', 'ndjson', '--redact', LOG])).stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(masked.map((r) => [r.seq, r.kind, r.id, r.method, r.pair, r.bytes])).toEqual(
      plain.map((r) => [r.seq, r.kind, r.id, r.method, r.pair, r.bytes]),
    );
    expect(masked[3].message.params.arguments.headers.Authorization).toBe('[REDACTED]');
    expect(masked[3].message.params.arguments.url).toBe('https://x.example/api?access_token=[REDACTED]&q=1');
    expect(masked[2]).toEqual(plain[2]);
  });
});

describe('--redact-key', () => {
  it('adds a key (and turns redaction on)', async () => {
    const r = await runMain(['annotate', '-f', 'ndjson', '--redact-key', 'HOME', LOG]);
    expect(r.stdout).toContain('"HOME":"[REDACTED]"');
    expect(leaks(r.stdout)).toEqual([]);
  });

  it('--no-redact wins', async () => {
    const r = await runMain(['annotate', '-f', 'ndjson', '--no-redact', '--redact-key', 'HOME', LOG]);
    expect(r.stdout).toContain('"HOME":"/root"');
  });
});

it('the built executable masks as the in-process runs do', async () => {
  const args = ['annotate', '-f', 'ndjson', '--redact', LOG];
  const [built, inProcess] = await Promise.all([runCli(args), runMain(args)]);
  expect({ code: built.code, stderr: built.stderr }).toEqual({ code: 0, stderr: '' });
  expect(built.stdout).toContain('[REDACTED]');
  expect(built.stdout).toBe(inProcess.stdout);
});
