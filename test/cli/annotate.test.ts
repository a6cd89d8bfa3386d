// `mcptrace annotate` end to end: several files, filters, --no-body, --format json, bad lines, CRLF input. What a run
// prints is the subject, so runs are in-process (test/helpers/in-process.ts); a usage error's exit code is checked on
// the built executable, and the golden tests run it on every sample.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseNdjson, REPO_ROOT, runCli } from '../helpers/cli.js';
import { runMain } from '../helpers/in-process.js';
import { tempDir } from '../helpers/temp.js';

type Rec = Record<string, any>;

const ENVELOPE = 'samples/everything.envelope.ndjson';
const MEMORY = 'samples/memory.envelope.ndjson';

async function ndjson(args: string[]): Promise<Rec[]> {
  const r = await runMain(['annotate', '-f', 'ndjson', ...args]);
  expect({ code: r.code, stderr: r.stderr }).toEqual({ code: 0, stderr: '' });
  return parseNdjson(r.stdout);
}

let full: Rec[]; // everything.envelope.ndjson, unfiltered
let tmp: string;
/** A file in the temporary folder as the CLI is given it: relative to the repository root (runs are from there). */
const inTmp = (name: string) => relative(REPO_ROOT, join(tmp, name));

beforeAll(async () => {
  full = await ndjson([ENVELOPE]);
  tmp = tempDir('cli');
});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('record contract basics', () => {
  it('one record per input line, seq 1…n, source file:line, in input order', () => {
    const lines = readFileSync(join(REPO_ROOT, ENVELOPE), 'utf8')
      .split('\n')
      .filter((l) => l !== '');
    expect(full).toHaveLength(lines.length);
    expect(full.map((r) => r.seq)).toEqual(lines.map((_, i) => i + 1));
    expect(full.map((r) => r.source)).toEqual(lines.map((_, i) => `${ENVELOPE}:${i + 1}`));
    expect(Object.keys(full[1]).slice(0, 17)).toEqual([
      'seq',
      'source',
      'session',
      'ts',
      'dir',
      'dirInferred',
      'kind',
      'id',
      'method',
      'primitive',
      'feature',
      'phase',
      'capability',
      'pair',
      'latencyMs',
      'bytes',
      'findings',
    ]);
  });
});

describe('several files in one run', () => {
  let both: Rec[];
  beforeAll(async () => {
    both = await ndjson([ENVELOPE, MEMORY]);
  });

  it('keeps every record of both, in order, and seqs continue across files', async () => {
    const memory = await ndjson([MEMORY]);
    expect(both).toHaveLength(full.length + memory.length);
    expect(both.map((r) => r.seq)).toEqual(both.map((_, i) => i + 1));
    expect(both.slice(0, full.length)).toEqual(full);
    const second = both.slice(full.length);
    expect(second.map((r) => r.source)).toEqual(memory.map((r) => r.source));
    // The second file's pairs are its own, shifted by the first file's record count.
    expect(second.map((r) => r.pair)).toEqual(memory.map((r) => (r.pair === null ? null : r.pair + full.length)));
  });

  it('sessions stay apart: each file has its own session key and no pair crosses files', () => {
    const first = both.slice(0, full.length);
    const second = both.slice(full.length);
    const k1 = new Set(first.map((r) => r.session));
    const k2 = new Set(second.map((r) => r.session));
    expect(k1.size).toBe(1);
    expect(k2.size).toBe(1);
    expect([...k1][0]).not.toBe([...k2][0]);
    const seqOf = new Map(both.map((r) => [r.seq, r]));
    // Both files pair responses, so the loop below has pairs of each to check.
    expect(first.filter((r) => r.pair !== null).length).toBeGreaterThan(0);
    expect(second.filter((r) => r.pair !== null).length).toBeGreaterThan(0);
    for (const r of both) {
      if (r.pair === null) continue;
      const p = seqOf.get(r.pair)!;
      expect(p.session).toBe(r.session);
      expect(p.source.split(':')[0]).toBe(r.source.split(':')[0]);
    }
  });

  it('the same file twice: the second copy is a second session, paired on its own', async () => {
    const twice = await ndjson([MEMORY, MEMORY]);
    const n = twice.length / 2;
    expect(new Set(twice.slice(0, n).map((r) => r.session))).not.toEqual(new Set(twice.slice(n).map((r) => r.session)));
    expect(twice.slice(n).filter((r) => r.pair !== null).length).toBeGreaterThan(0);
    expect(twice.slice(n).every((r) => r.pair === null || r.pair > n)).toBe(true);
    // Ids repeat across the copies (both start at 0): no duplicate-id or orphan finding may appear.
    expect(twice.flatMap((r) => r.findings)).toEqual([]);
  });

  it('--format json lists one session per file and --session picks one of them', async () => {
    const r = await runMain(['annotate', '-f', 'json', '--no-body', ENVELOPE, MEMORY]);
    const doc = JSON.parse(r.stdout);
    expect(doc.sessions.map((s: Rec) => s.file)).toEqual([ENVELOPE, MEMORY]);
    const key = doc.sessions[1].key as string;
    const only = await ndjson([ENVELOPE, MEMORY, '--session', key]);
    expect(only.length).toBeGreaterThan(0);
    expect(only).toEqual(both.filter((r) => r.session === key));
    expect(only.every((r) => r.source.startsWith(MEMORY))).toBe(true);
  });
});

describe('two sessions in one file', () => {
  it.each([
    [
      'envelope: a second `start` event',
      'cat.envelope.ndjson',
      () => readFileSync(join(REPO_ROOT, ENVELOPE), 'utf8') + readFileSync(join(REPO_ROOT, MEMORY), 'utf8'),
    ],
    [
      'raw NDJSON: a second `initialize`',
      'cat.ndjson',
      () => {
        const memoryWire = readFileSync(join(REPO_ROOT, MEMORY), 'utf8')
          .split('\n')
          .filter(Boolean)
          .map((l) => JSON.parse(l).line)
          .filter(Boolean);
        return readFileSync(join(REPO_ROOT, 'samples/everything.ndjson'), 'utf8') + memoryWire.join('\n') + '\n';
      },
    ],
  ])('%s starts a new session; pairs stay inside each', async (_label, name, make) => {
    writeFileSync(join(tmp, name), make());
    const rs = await ndjson([inTmp(name)]);
    const sessions = [...new Set(rs.map((r) => r.session))];
    expect(sessions).toHaveLength(2);
    const firstOfSecond = rs.findIndex((r) => r.session === sessions[1]);
    expect(rs.slice(firstOfSecond).every((r) => r.session === sessions[1])).toBe(true);
    expect(rs[firstOfSecond].phase).toBe('initialization');
    const bySeq = new Map(rs.map((r) => [r.seq, r]));
    expect(rs.filter((r) => r.pair !== null && bySeq.get(r.pair)!.session !== r.session)).toEqual([]);
    // Both sessions use ids from 0: reusing them in the new session is no id or pairing finding.
    // (The everything session has real findings of its own: progress after cancellation, a not-found code.)
    const pairing = new Set(['duplicate-request-id', 'orphan-response', 'initialize-not-first']);
    expect(rs.flatMap((r) => r.findings).filter((f: Rec) => pairing.has(f.rule))).toEqual([]);
    expect(rs.filter((r) => r.kind === 'response' && r.pair === null)).toEqual([]);
  });
});

describe('filters print exactly the matching records, unchanged', () => {
  // A flag may repeat (any value matches); flags combine with AND. Options before the file: exit-codes.test.ts.
  it.each([
    [['--method', 'tools/*'], (r: Rec) => typeof r.method === 'string' && r.method.startsWith('tools/')],
    [['--method', 'tools/call', '--method', 'ping'], (r: Rec) => r.method === 'tools/call' || r.method === 'ping'],
    [['--primitive', 'tools'], (r: Rec) => r.primitive === 'tools'],
    [['--primitive', 'progress'], (r: Rec) => r.feature === 'progress'],
    [
      ['--primitive', 'elicitation', '--primitive', 'sampling'],
      (r: Rec) => r.primitive === 'elicitation' || r.primitive === 'sampling',
    ],
    [
      ['--method', 'prompts/get,completion/complete'],
      (r: Rec) => r.method === 'prompts/get' || r.method === 'completion/complete',
    ],
    [['--phase', 'initialization'], (r: Rec) => r.phase === 'initialization'],
    [['--phase', 'shutdown'], (r: Rec) => r.phase === 'shutdown'],
    [['--dir', 's2c'], (r: Rec) => r.dir === 's2c'],
    [['--dir', 'unknown'], (r: Rec) => r.dir === 'unknown'],
    [['--primitive', 'tools', '--dir', 'c2s'], (r: Rec) => r.primitive === 'tools' && r.dir === 'c2s'],
  ])('%j', async (filter, keep) => {
    const got = await ndjson([ENVELOPE, ...filter]);
    const want = full.filter(keep);
    expect(want.length).toBeGreaterThan(0);
    expect(want.length).toBeLessThan(full.length);
    expect(got).toEqual(want);
  });

  it('--phase initialization is the handshake: start event, initialize, its response, notifications/initialized', async () => {
    const got = await ndjson([ENVELOPE, '--phase', 'initialization']);
    expect(got.map((r) => (r.kind === 'event' ? `event ${r.event.name}` : `${r.kind} ${r.method}`))).toEqual([
      'event start',
      'request initialize',
      'response initialize',
      'notification notifications/initialized',
    ]);
  });

  it('--session with an unknown key prints nothing, exits 0 and says so on stderr', async () => {
    const r = await runMain(['annotate', '-f', 'ndjson', ENVELOPE, '--session', 'no-such-session']);
    expect(r).toMatchObject({ code: 0, stdout: '' });
    expect(r.stderr).toBe(
      `mcptrace: no record matched --session no-such-session among the ${full.length} records read\nmcptrace: no record has session no-such-session\n`,
    );
  });

  it('filters apply to text output too', async () => {
    const r = await runMain(['annotate', ENVELOPE, '--method', 'prompts/*']);
    expect(r.code).toBe(0);
    const recordLines = r.stdout.split('\n').filter((l) => /\b(req|res|err|ntf|evt|bad)\b/.test(l));
    expect(recordLines).toHaveLength(8);
    expect(recordLines.every((l) => l.includes('prompts/'))).toBe(true);
  });
});

describe('--no-body', () => {
  it('removes message (and nothing else) from ndjson records', async () => {
    const lean = await ndjson([ENVELOPE, '--no-body']);
    expect(full.every((r) => 'message' in r)).toBe(true);
    expect(lean.some((r) => 'message' in r)).toBe(false);
    expect(lean).toEqual(full.map(({ message: _m, ...rest }) => rest));
  });

  it('removes raw from invalid records too', async () => {
    writeFileSync(
      join(tmp, 'one-bad.ndjson'),
      '{"jsonrpc":"2.0",not json\n{"jsonrpc":"2.0","method":"notifications/initialized"}\n',
    );
    const [withBody] = await ndjson([inTmp('one-bad.ndjson')]);
    const [lean] = await ndjson([inTmp('one-bad.ndjson'), '--no-body']);
    expect(withBody.raw).toBe('{"jsonrpc":"2.0",not json');
    expect('raw' in lean || 'message' in lean).toBe(false);
  });
});

describe('--format json', () => {
  it('is one valid JSON document with records, sessions and unanswered', async () => {
    const r = await runMain(['annotate', '--format', 'json', ENVELOPE]);
    expect({ code: r.code, stderr: r.stderr }).toEqual({ code: 0, stderr: '' });
    const doc = JSON.parse(r.stdout); // throws on anything but exactly one document
    expect(Object.keys(doc)).toEqual(expect.arrayContaining(['records', 'sessions', 'unanswered']));
    expect(doc.records).toEqual(full);
    expect(doc.sessions).toHaveLength(1);
    expect(doc.sessions[0]).toMatchObject({ key: '1', file: ENVELOPE, negotiatedRevision: '2025-11-25' });
    // The request the client cancelled (samples/README.md) is the only one never answered.
    expect(doc.unanswered).toEqual([
      expect.objectContaining({ seq: 41, id: 12, method: 'tools/call', cancelled: true, session: '1' }),
    ]);
  });

  it('is a valid document for empty input too', async () => {
    const r = await runMain(['annotate', '--format', 'json', '-'], { input: '' });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ records: [], sessions: [], unanswered: [] });
  });
});

describe('bad lines inside a file', () => {
  const wire = readFileSync(join(REPO_ROOT, 'samples/everything.ndjson'), 'utf8').split('\n');
  // 1-3: initialize, its response, notifications/initialized; then garbage; then ping (14) and its response (15).
  const lines = [
    wire[0],
    wire[1],
    wire[2],
    'not json',
    '{"jsonrpc":"2.0","id":1}',
    '',
    wire[13],
    '{"jsonrpc":"2.0",',
    wire[14],
  ];

  it('become invalid records with their line numbers when they try to be messages; processing continues after them', async () => {
    writeFileSync(join(tmp, 'mixed.ndjson'), lines.join('\n') + '\n');
    const f = inTmp('mixed.ndjson');
    const rs = await ndjson([f]);
    expect(rs.map((r) => [r.source, r.kind])).toEqual([
      [`${f}:1`, 'request'],
      [`${f}:2`, 'response'],
      [`${f}:3`, 'notification'],
      [`${f}:4`, 'log'], // text that tries to be no message: a line of the log
      [`${f}:5`, 'invalid'],
      // line 6 is blank: skipped, but still counted
      [`${f}:7`, 'request'],
      [`${f}:8`, 'invalid'],
      [`${f}:9`, 'response'],
    ]);
    const bad = rs.filter((r) => r.kind === 'invalid');
    expect(bad.map((r) => r.raw)).toEqual(['{"jsonrpc":"2.0","id":1}', '{"jsonrpc":"2.0",']);
    for (const r of bad) {
      expect(r.message).toBeNull();
      expect(r.findings.length).toBeGreaterThan(0);
      expect(
        r.findings.every((f: Rec) => f.severity === 'error' && typeof f.rule === 'string' && f.message !== ''),
      ).toBe(true);
    }
    expect(bad.map((r) => r.findings[0].rule)).toEqual(['invalid-jsonrpc', 'invalid-json']);
    expect(rs[3]).toMatchObject({ text: 'not json', findings: [] });
    // Pairing still works after the garbage.
    expect(rs[7]).toMatchObject({ kind: 'response', method: 'ping', pair: rs[5].seq, dir: 's2c' });
    expect(rs[1]).toMatchObject({ kind: 'response', method: 'initialize', pair: 1 });
  });

  it('in an envelope log too, and text output shows them with their findings', async () => {
    const env = readFileSync(join(REPO_ROOT, MEMORY), 'utf8').split('\n');
    writeFileSync(
      join(tmp, 'mixed.envelope.ndjson'),
      [
        env[0],
        env[1],
        '{"ts":"2026-01-01T00:00:00Z","dir":"c2s","message":{garbage',
        'a note in the capture file',
        env[2],
        env[3],
      ].join('\n') + '\n',
    );
    const f = inTmp('mixed.envelope.ndjson');
    const rs = await ndjson([f]);
    expect(rs.map((r) => [r.source, r.kind])).toEqual([
      [`${f}:1`, 'event'],
      [`${f}:2`, 'request'],
      [`${f}:3`, 'invalid'],
      [`${f}:4`, 'log'],
      [`${f}:5`, 'response'],
      [`${f}:6`, 'notification'],
    ]);
    expect(rs[2].raw).toBe('{"ts":"2026-01-01T00:00:00Z","dir":"c2s","message":{garbage');
    // Text beside the envelopes was never on the wire: a line of the log, never a finding.
    expect(rs[3]).toMatchObject({ text: 'a note in the capture file', findings: [] });
    expect(rs[4]).toMatchObject({ method: 'initialize', pair: 2, dir: 's2c' });
    const text = await runMain(['annotate', f]);
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(/bad .*\(invalid\)/);
    // An envelope cut short is a bad frame (rule invalid-frame), not a bad message.
    expect(text.stdout).toMatch(/↳ error +invalid-frame: /);
  });
});

describe('CRLF line endings', () => {
  // The CRLF copy is named as the sample is, under the temporary folder: with that prefix removed, even `source` and the
  // text output's file names are comparable.
  it.each([
    'everything.envelope.ndjson',
    'everything.ndjson',
    'everything.transcript.txt',
    'everything.json',
    'memory.envelope.ndjson',
  ])('%s gives the same records (same line numbers, bytes, bodies)', async (name) => {
    const text = readFileSync(join(REPO_ROOT, 'samples', name), 'utf8');
    expect(text.includes('\r')).toBe(false);
    mkdirSync(join(tmp, 'samples'), { recursive: true });
    writeFileSync(join(tmp, 'samples', name), text.replaceAll('\n', '\r\n'));
    const copy = inTmp(`samples/${name}`);
    const [lf, crlf] = await Promise.all([ndjson([`samples/${name}`]), ndjson([copy])]);
    expect(lf.length).toBeGreaterThan(40);
    expect(crlf.every((r) => r.source.startsWith(`${copy}:`))).toBe(true);
    expect(crlf.map((r) => ({ ...r, source: r.source.replace(copy, `samples/${name}`) }))).toEqual(lf);
    if (!name.startsWith('everything.')) return; // text once per everything.* format is enough
    // Wide enough that the longer path of the copy fits its header line as the sample's does.
    const [lfText, crlfText] = await Promise.all([
      runMain(['annotate', '--width', '300', `samples/${name}`]),
      runMain(['annotate', '--width', '300', copy]),
    ]);
    expect(crlfText.stdout).toContain(copy);
    expect(crlfText.stdout.replaceAll(copy, `samples/${name}`)).toBe(lfText.stdout);
    expect(crlfText.stdout.includes('\r')).toBe(false);
  });
});

describe('rule settings (--rule, --config, --slow-ms), as audit takes them', () => {
  const findings = (recs: Rec[]) => recs.flatMap((r) => r.findings.map((f: Rec) => `${f.rule}:${f.severity}`));
  const withRule = (recs: Rec[], rule: string) => findings(recs).filter((f) => f.startsWith(rule + ':'));

  it('the sample has findings of its own rules to change', () => {
    expect(withRule(full, 'progress-after-completion').length).toBeGreaterThan(0);
  });

  it('--rule id=off drops a rule, id=severity changes its severity', async () => {
    const off = await ndjson(['--rule', 'progress-after-completion=off', ENVELOPE]);
    expect(withRule(off, 'progress-after-completion')).toEqual([]);
    expect(findings(off).length).toBe(findings(full).length - withRule(full, 'progress-after-completion').length);
    const info = await ndjson(['--rule', 'progress-after-completion=info', ENVELOPE]);
    expect(new Set(withRule(info, 'progress-after-completion'))).toEqual(new Set(['progress-after-completion:info']));
  });

  it('--config sets rules; a flag wins over the file', async () => {
    const config = join(tmp, 'rules.json');
    writeFileSync(config, JSON.stringify({ rules: { 'progress-after-completion': 'off' } }));
    expect(withRule(await ndjson(['--config', config, ENVELOPE]), 'progress-after-completion')).toEqual([]);
    const back = await ndjson(['--config', config, '--rule', 'progress-after-completion=warning', ENVELOPE]);
    expect(withRule(back, 'progress-after-completion').length).toBe(withRule(full, 'progress-after-completion').length);
  });

  it('--slow-ms 1ms makes every request answered after more than a millisecond slow', async () => {
    const slow = await ndjson(['--slow-ms', '1ms', ENVELOPE]);
    expect(withRule(slow, 'slow-response').length).toBeGreaterThan(withRule(full, 'slow-response').length);
  });

  it('an unknown rule id is a usage error (exit 2, one line): the built executable', async () => {
    const r = await runCli(['annotate', '--rule', 'no-such-rule=off', ENVELOPE]);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toContain('no-such-rule');
  });
});
