// `--jobs N`: files analysed in worker threads give exactly the output of one thread (seqs, sessions, messages).
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';

/** Every sample, one twice (the same keyed session names in two files), and the rule fixtures' bad logs. */
const SAMPLES = [
  'samples/everything.envelope.ndjson',
  'samples/memory.envelope.ndjson',
  'samples/everything.ndjson',
  'samples/everything.transcript.txt',
  'samples/everything.json',
  'samples/everything.transcript.txt',
];
const VIOLATIONS = readdirSync('test/fixtures/violations', { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .flatMap((d) => readdirSync(`test/fixtures/violations/${d.name}`).filter((f) => f.startsWith('bad.')).map((f) => `test/fixtures/violations/${d.name}/${f}`));

/** The output with the report's generation time masked (it is the only thing allowed to differ; html and sarif give it
 * in several places, so every ISO time is masked: the logs' own are the same in both runs anyway). */
async function output(args: string[], env?: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const r = await runCli(args, { timeoutMs: 60_000, env });
  return { code: r.code, stdout: r.stdout.replace(/"generatedAt":\s*"[^"]*"|generated \S+ by|\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?Z/g, 'generated'), stderr: r.stderr };
}

/** Writes a log made of `parts` (each ending its last line) to `dir/name`; returns its path. */
function writeLog(dir: string, name: string, parts: string[]): string {
  const path = join(dir, name);
  writeFileSync(path, parts.map((p) => (p.endsWith('\n') ? p : `${p}\n`)).join(''));
  return path;
}

/** Pieces of 20,000 bytes at least (for the tests' small logs). */
const SMALL_PIECES = { MCPTRACE_MIN_PIECE_BYTES: '20000' };

/** What `--log-level debug` says of `audit --jobs 3` on a log cut in small pieces. */
async function saidOfPieces(log: string): Promise<string> {
  return (await runCli(['audit', '-f', 'json', '--jobs', '3', '--log-level', 'debug', log], { env: SMALL_PIECES })).stderr;
}

/** Expects the log cut into pieces whose cuts held, or did not (then it was read again whole). */
async function expectCuts(log: string, held: boolean): Promise<void> {
  const said = await saidOfPieces(log);
  expect(said, log).toContain('reading in pieces');
  if (held) expect(said, log).not.toContain('did not hold');
  else expect(said, log).toContain('a cut did not hold: reading the file whole');
}

describe('--jobs', () => {
  for (const [name, files] of [['samples', SAMPLES], ['rule fixtures', VIOLATIONS]] as const) {
    for (const command of [['stats', '-f', 'json'], ['stats', '-f', 'markdown'], ['audit', '-f', 'json'], ['audit', '-f', 'markdown', '--no-redact']]) {
      it(`${command.join(' ')} on the ${name} is the same with 1, 2 and 3 workers`, async () => {
        const one = await output([...command, ...files]);
        expect(one.stderr).toBe('');
        for (const jobs of ['2', '3']) expect(await output([...command, '--jobs', jobs, ...files])).toEqual(one);
      });
    }
  }

  // The formats that redact by default: records are redacted in the workers, re-made messages and the summary by the
  // coordinator. The secrets logs come after other files, so their findings quote seqs that the merge moves (a reused
  // request id that looks like a GitHub token is quoted beside the seq of its first use: the merge re-makes that).
  const SECRETS = [...SAMPLES.slice(0, 3), 'test/fixtures/secrets/secrets.envelope.ndjson', 'test/fixtures/secrets/secret-request-id.ndjson', ...VIOLATIONS];
  for (const command of [['audit', '-f', 'sarif'], ['audit', '-f', 'junit'], ['audit', '-f', 'markdown'], ['audit', '-f', 'html'], ['audit', '-f', 'json', '--redact-key', 'name']]) {
    it(`${command.join(' ')} (redacted) is the same with 1 and 2 workers`, async () => {
      const one = await output([...command, ...SECRETS]);
      expect(one.stderr).toBe('');
      expect(one.stdout).toContain('[REDACTED]');
      expect(await output([...command, '--jobs', '2', ...SECRETS])).toEqual(one);
    });
  }

  describe('one raw NDJSON file cut into pieces', () => {
    // Real sessions one after another, with bad lines, an oversized one, a reused secret-looking id and a session
    // that starts without initialize among them: a log of 12 sessions (about 250 KB) that the tests cut at 4 KB.
    const dir = mkdtempSync(join(tmpdir(), 'mcptrace-jobs-'));
    afterAll(() => rmSync(dir, { recursive: true, force: true }));
    const sample = readFileSync('samples/everything.ndjson', 'utf8');
    const parts = [
      sample, sample, 'test/fixtures/violations/invalid-json/bad.ndjson', sample, 'test/fixtures/violations/oversized/bad.ndjson',
      'test/fixtures/violations/invalid-jsonrpc/bad.ndjson', 'test/fixtures/secrets/secret-request-id.ndjson', sample,
      'test/fixtures/violations/pending-limit/bad.ndjson', sample, sample,
    ].map((p) => (p === sample ? p : readFileSync(p, 'utf8')));
    const log = join(dir, 'sessions.ndjson');
    writeFileSync(log, parts.map((p) => (p.endsWith('\n') ? p : `${p}\n`)).join(''));
    const small = { MCPTRACE_MIN_PIECE_BYTES: '4000' };

    it('is cut where a session starts (--log-level debug says so)', async () => {
      const r = await runCli(['stats', '-f', 'json', '--jobs', '3', '--log-level', 'debug', log], { env: small });
      const line = r.stderr.split('\n').find((l) => l.includes('reading in pieces'));
      expect(line).toBeDefined();
      const pieces = JSON.parse(line!).pieces as { start: number; firstLine: number }[];
      expect(pieces).toHaveLength(3);
      const lines = readFileSync(log, 'utf8').split('\n');
      for (const p of pieces.slice(1)) expect(JSON.parse(lines[p.firstLine - 1]!).method).toBe('initialize');
      // Beside another file, in as many pieces as keep the workers busy (4 workers, 2 files: 2 pieces each; the sample
      // is one session, which has no place to cut).
      const beside = await runCli(['stats', '-f', 'json', '--jobs', '4', '--log-level', 'debug', SAMPLES[2]!, log], { env: small });
      expect(beside.stderr.split('\n').filter((l) => l.includes('reading in pieces')).map((l) => JSON.parse(l).pieces.length)).toEqual([2]);
      // Files enough for the workers are not cut; nor, without the lowered bound, is a file this small.
      expect((await runCli(['stats', '-f', 'json', '--jobs', '2', '--log-level', 'debug', SAMPLES[2]!, log], { env: small })).stderr).not.toContain('reading in pieces');
      const whole = await runCli(['stats', '-f', 'json', '--jobs', '3', '--log-level', 'debug', log]);
      expect(whole.stderr).not.toContain('reading in pieces');
    });

    for (const command of [['stats', '-f', 'json'], ['stats', '-f', 'markdown'], ['audit', '-f', 'json', '--max-pending', '2'], ['audit', '-f', 'sarif'], ['audit', '-f', 'html'], ['audit', '-f', 'markdown', '--no-redact']]) {
      it(`${command.join(' ')} is the same whole and in 2 or 3 pieces, alone and beside other files`, async () => {
        const one = await output([...command, log]);
        expect(one.stderr).toBe('');
        for (const jobs of ['2', '3']) expect(await output([...command, '--jobs', jobs, log], small)).toEqual(one);
        const many = [SAMPLES[0]!, log, 'samples/everything.ndjson'];
        const oneMany = await output([...command, ...many]);
        expect(await output([...command, '--jobs', '6', ...many], small)).toEqual(oneMany);
      });
    }
  });

  it('pieces of logs full of broken lines (the broken corpus between real sessions) give the whole file\'s report', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mcptrace-jobs-broken-'));
    try {
      const broken = readdirSync('test/fixtures/broken').filter((f) => f.endsWith('.ndjson'));
      const raw = broken.filter((f) => !f.endsWith('.envelope.ndjson'));
      const envelope = broken.filter((f) => f.endsWith('.envelope.ndjson'));
      expect(raw.length).toBeGreaterThan(5);
      expect(envelope.length).toBeGreaterThan(0);
      const between = (session: string, files: string[]) =>
        [session, ...files.flatMap((f) => [readFileSync(`test/fixtures/broken/${f}`, 'utf8'), '\n', session])].join('');
      const logs = {
        raw: between(readFileSync('samples/everything.ndjson', 'utf8'), raw),
        envelope: between(readFileSync('samples/everything.envelope.ndjson', 'utf8'), envelope),
      };
      for (const [name, text] of Object.entries(logs)) {
        const log = join(dir, `${name}.ndjson`);
        writeFileSync(log, text);
        const one = await output(['audit', '-f', 'json', log]);
        const cut = await runCli(['audit', '-f', 'json', '--jobs', '3', '--log-level', 'debug', log], { env: { MCPTRACE_MIN_PIECE_BYTES: '4000' }, timeoutMs: 60_000 });
        expect(cut.stderr, name).toContain('reading in pieces');
        expect(await output(['audit', '-f', 'json', '--jobs', '3', log], { MCPTRACE_MIN_PIECE_BYTES: '4000' }), name).toEqual(one);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  describe('one envelope file cut into pieces', () => {
    // Captures of real sessions one after another, as `wrap --out` writes them (each from its process start).
    const dir = mkdtempSync(join(tmpdir(), 'mcptrace-jobs-env-'));
    afterAll(() => rmSync(dir, { recursive: true, force: true }));
    const captures = ['samples/everything.envelope.ndjson', 'samples/memory.envelope.ndjson', 'test/fixtures/secrets/secrets.envelope.ndjson'].map((f) => readFileSync(f, 'utf8'));
    const write = (name: string, parts: string[]) => writeLog(dir, name, parts);
    const clean = write('captures.envelope.ndjson', [...captures, ...captures, ...captures]);
    // A session named by a key, with a record early and one late: it spans the cuts (its second ping reuses the id of
    // the first, which only the whole file sees).
    const ping = '{"ts":"2026-11-30T01:00:00.000Z","session":"k1","dir":"c2s","line":"{\\"jsonrpc\\":\\"2.0\\",\\"id\\":1,\\"method\\":\\"ping\\"}"}';
    const keyed = write('keyed.envelope.ndjson', [...captures, ping, ...captures, ...captures, ping]);
    // A session named by a key with all its records in one place: it spans no cut, so the cuts hold.
    const keyedOnce = write('keyed-once.envelope.ndjson', [...captures, ping, ping.replace('"id\\":1', '"id\\":2'), ...captures, ...captures]);
    // Clock times without a date, the last captures after midnight: the reader counts the day from the file's first
    // record on; a piece starts from the day the search for cuts saw there.
    const clockAt = (hour: string) => (c: string) => c.replace(/"ts":"\d{4}-\d\d-\d\dT\d\d(:\d\d:\d\d\.\d+)Z"/g, `"ts":"${hour}$1"`);
    const clock = write('clock.envelope.ndjson', [...captures.map(clockAt('23')), ...captures.map(clockAt('23')), ...captures.map(clockAt('00'))]);
    // Transport events that start nothing before the first process start: the whole file takes that start into the
    // session they opened; a piece that begins at it would make it a new session.
    const note = '{"ts":"2026-11-30T00:00:00.000Z","event":"log","text":"waiting for the server"}';
    const total = captures.reduce((n, c) => n + c.length, 0);
    const prelude = write('prelude.envelope.ndjson', [Array.from({ length: Math.ceil((4 * total) / note.length) }, () => note).join('\n'), ...captures, ...captures]);
    const small = SMALL_PIECES;

    it('is cut at process starts; a cut that does not hold sends the file to one worker whole', async () => {
      for (const log of [clean, keyedOnce, clock]) await expectCuts(log, true);
      for (const log of [keyed, prelude]) await expectCuts(log, false);
    });

    for (const command of [['stats', '-f', 'json'], ['audit', '-f', 'json'], ['audit', '-f', 'sarif'], ['audit', '-f', 'html']]) {
      it(`${command.join(' ')} is the same whole and in pieces, and when a cut does not hold`, async () => {
        for (const log of [clean, keyedOnce, keyed, clock, prelude]) {
          const one = await output([...command, log]);
          expect(one.stderr).toBe('');
          expect(await output([...command, '--jobs', '3', log], small)).toEqual(one);
        }
      });
    }
  });

  describe('one transcript cut into pieces', () => {
    // The recorded transcript (one named session, pretty-printed) renamed per copy, with the broken transcript and the
    // rule fixtures' bad transcripts under sessions of their own in between: each cut at a named session break.
    const dir = mkdtempSync(join(tmpdir(), 'mcptrace-jobs-txt-'));
    afterAll(() => rmSync(dir, { recursive: true, force: true }));
    const sample = readFileSync('samples/everything.transcript.txt', 'utf8');
    let n = 0;
    const session = (name = `everything-${++n}`, hour = '00') =>
      sample.replace('=== session everything ===', `=== session ${name} ===`).replace(/^\[00:/gm, `[${hour}:`);
    const bad = VIOLATIONS.filter((f) => f.endsWith('.txt')).map((f) => `=== session ${f.split('/').at(-2)} ===\n${readFileSync(f, 'utf8')}`);
    const write = (name: string, parts: string[]) => writeLog(dir, name, parts);
    const clean = write('sessions.txt', [
      session(), session(), readFileSync('test/fixtures/broken/broken.transcript.txt', 'utf8'), session(), ...bad.slice(0, 12),
      session(), session(), ...bad.slice(12), session(), session(),
    ]);
    // Midnight in the last piece only: the cut holds (clock times count the day from the piece's start, as the whole
    // file's do there).
    const lateMidnight = write('late-midnight.txt', [...Array.from({ length: 9 }, () => session(undefined, '23')), session(undefined, '00')]);
    // A session name used again far from its first use: the whole file continues that session.
    const reused = write('reused.txt', [session('again'), session(), session(), session(), session(), session(), session('again')]);
    // Midnight passed in the first quarter: the later pieces count a day from their start, as the search for cuts saw.
    const midnight = write('midnight.txt', [session(undefined, '23'), session(undefined, '23'), ...Array.from({ length: 6 }, () => session())]);
    // The same, but the search looks at too few times to see it: 13 h, then 20 h, then 3 h (the next day) comes back
    // 10 hours from the 13 h it saw last, so it does not count the day; the pieces' reports show that it was missed.
    const unseen = write('unseen-midnight.txt', [session(undefined, '13'), session(undefined, '13'), session(undefined, '20'), ...Array.from({ length: 5 }, () => session(undefined, '03'))]);
    // A value left open before every session break: the whole file cuts it off at the break, a piece at its end.
    const open = write('open.txt', Array.from({ length: 8 }, () => `${session()}[00:13:40.000] <- {\n  "jsonrpc": "2.0",\n`));
    const small = SMALL_PIECES;

    it('is cut at named session breaks; a cut that does not hold sends the file to one worker whole', async () => {
      for (const log of [clean, lateMidnight, midnight]) await expectCuts(log, true);
      const cutAfterMidnight = JSON.parse((await saidOfPieces(midnight)).split('\n').find((l) => l.includes('reading in pieces'))!).pieces;
      expect(cutAfterMidnight.slice(1).map((p: { clockOffset?: number }) => p.clockOffset)).toEqual([86_400_000, 86_400_000]);
      const lines = readFileSync(clean, 'utf8').split('\n');
      const pieces = JSON.parse((await saidOfPieces(clean)).split('\n').find((l) => l.includes('reading in pieces'))!).pieces as { firstLine: number }[];
      expect(pieces).toHaveLength(3);
      for (const p of pieces.slice(1)) expect(lines[p.firstLine - 1]).toMatch(/^=== session \S+ ===$/);
      for (const log of [reused, unseen, open]) await expectCuts(log, false);
    });

    it('--max-sessions under the named sessions: the whole file retires some, so it is read whole', async () => {
      const args = ['audit', '-f', 'json', '--max-sessions', '4', clean];
      const one = await output(args);
      expect(JSON.parse((await runCli(args)).stdout).findings.some((f: { rule: string }) => f.rule === 'session-limit')).toBe(true);
      expect(await output([...args, '--jobs', '3'], small)).toEqual(one);
      expect((await runCli([...args, '--jobs', '3', '--log-level', 'debug'], { env: small })).stderr).toContain('a cut did not hold');
    });

    for (const command of [['stats', '-f', 'json'], ['stats', '-f', 'markdown'], ['audit', '-f', 'json'], ['audit', '-f', 'sarif'], ['audit', '-f', 'html']]) {
      it(`${command.join(' ')} is the same whole and in pieces, and when a cut does not hold`, async () => {
        for (const log of [clean, lateMidnight, midnight, reused, unseen, open]) {
          const one = await output([...command, log]);
          expect(one.stderr).toBe('');
          for (const jobs of ['2', '3']) expect(await output([...command, '--jobs', jobs, log], small), `${log} --jobs ${jobs}`).toEqual(one);
        }
      });
    }
  });

  it('--max-sessions: each file hits the bound on its own, so the report is the same with 1 and 2 workers', async () => {
    const log = 'test/fixtures/violations/session-limit/bad.envelope.ndjson';
    const args = ['audit', '-f', 'json', '--max-sessions', '2', log, SAMPLES[0]!, log];
    const one = await output(args);
    expect(one.stderr).toBe('');
    const report = JSON.parse((await runCli(args)).stdout);
    const limits = report.findings.filter((f: { rule: string }) => f.rule === 'session-limit');
    // Once per input, each quoting the last record of the session it retired, in the run's numbering.
    expect(limits.map((f: { seq: number; message: string }) => [f.seq, /#(\d+)/.exec(f.message)![1]])).toEqual([
      [4, '2'], [limits[1].seq, String(limits[1].seq - 2)],
    ]);
    expect(limits[1].seq).toBeGreaterThan(40);
    expect(await output([...args.slice(0, 5), '--jobs', '2', ...args.slice(5)])).toEqual(one);
  });

  it('renumbers seqs, sessions and the messages that quote them', async () => {
    const r = await runCli(['audit', '-f', 'json', '--jobs', '2', ...VIOLATIONS], { timeoutMs: 60_000 });
    const report = JSON.parse(r.stdout);
    const quoting = report.findings.filter((f: { message: string; seq: number }) => /#\d+/.test(f.message) && f.seq > 40);
    expect(quoting.length).toBeGreaterThan(0);
    expect(new Set(report.sessions.map((s: { key: string }) => s.key)).size).toBe(report.sessions.length);
  });

  it('auto: one worker per core, the same output', async () => {
    const one = await output(['audit', '-f', 'json', ...SAMPLES]);
    expect(await output(['audit', '-f', 'json', '--jobs', 'auto', ...SAMPLES])).toEqual(one);
    expect(await output(['audit', '-f', 'json', '-j', 'auto', ...SAMPLES])).toEqual(one);
  });

  it('is a usage error below 1 or not a number; a missing file fails before any work, exit 2', async () => {
    expect((await runCli(['stats', '--jobs', '0', SAMPLES[0]!])).code).toBe(2);
    const notANumber = await runCli(['stats', '--jobs', 'many', SAMPLES[0]!]);
    expect(notANumber.code).toBe(2);
    expect(notANumber.stderr).toContain('--jobs many: expected a whole number of at least 1');
    const r = await runCli(['stats', '--jobs', '2', SAMPLES[0]!, 'no-such-file.ndjson']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('no such file: no-such-file.ndjson');
  });
});
