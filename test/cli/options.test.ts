// Options that refuse nonsense: numeric values, filter vocabularies (with the transcript's short forms), -o into a
// missing folder, wrap without `--`; and what every command says of an empty input. In-process (`main`'s result is the
// exit code the executable sets; its usage errors are one line on stderr).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { durationMs, positiveInteger } from '../../src/cli/numeric-options.js';
import type { CliResult } from '../helpers/cli.js';
import { parseNdjson } from '../helpers/cli.js';
import { runMain } from '../helpers/in-process.js';
import { lazyTempDir } from '../helpers/temp.js';

const SAMPLE = 'samples/everything.envelope.ndjson';
const tmp = lazyTempDir('options');

/** Exit 2, nothing on stdout, one line on stderr that says `says`. */
function expectUsage(r: CliResult, says: string): void {
  expect({ code: r.code, stdout: r.stdout }).toEqual({ code: 2, stdout: '' });
  expect(r.stderr.trimEnd().split('\n'), r.stderr).toHaveLength(1);
  expect(r.stderr).toContain(says);
}

describe('numeric options', () => {
  const refused: [string[], string][] = [
    [['annotate', '--slow-ms', 'abc'], '--slow-ms abc: expected a duration'],
    [['annotate', '--slow-ms', '0'], '--slow-ms 0:'],
    [['audit', '--slow-ms', '-5s'], '--slow-ms -5s:'],
    [['annotate', '--max-pending', '-5'], '--max-pending -5: expected a whole number of at least 1'],
    [['stats', '--max-pending', '0'], '--max-pending 0: expected a whole number'],
    [['audit', '--max-pending', '1.5'], '--max-pending 1.5:'],
    [['annotate', '--max-sessions', '10k'], '--max-sessions 10k:'],
    [['stats', '--max-message-bytes', 'lots'], '--max-message-bytes lots:'],
    [['stats', '--jobs', 'many'], '--jobs many:'],
    [['wrap', '--max-line', '0', '--', 'node'], '--max-line 0:'],
    [['wrap', '--kill-after', 'soon', '--', 'node'], '--kill-after soon: expected a duration'],
    [['proxy', '--target', 'http://127.0.0.1:1/mcp', '--max-line', 'x'], '--max-line x:'],
  ];
  it.each(refused)('%j is a usage error quoting the value as typed', async (args, says) => {
    expectUsage(await runMain([...args, SAMPLE]), says);
  });

  it('a numeric flag without its value is a usage error', async () => {
    expectUsage(await runMain(['annotate', SAMPLE, '--max-pending']), 'max-pending');
  });

  it('the validators: whole numbers and durations in milliseconds', () => {
    const whole = positiveInteger('n');
    expect([whole('1'), whole('+42'), whole(['3', '7']), whole(100_000)]).toEqual([1, 42, 7, 100_000]);
    for (const bad of ['0', '-1', '1e3', '0x10', '', ' ', '2.0', 'NaN', '9007199254740993'])
      expect(() => whole(bad), bad).toThrow(`--n ${bad.trim()}:`);
    const ms = durationMs('t');
    expect(['250ms', '5s', '2m', '1h', '1500', '1.5s', '5 s'].map(ms)).toEqual([
      250, 5000, 120_000, 3_600_000, 1500, 1500, 5000,
    ]);
    for (const bad of ['0', '0ms', '1.5ms', '5x', 's', '-1s']) expect(() => ms(bad), bad).toThrow(`--t ${bad}:`);
  });

  it('--slow-ms takes a duration: 2m flags nothing in the sample, 1ms flags every request answered after more than 1 ms', async () => {
    const slow = async (v: string) =>
      parseNdjson((await runMain(['annotate', '-f', 'ndjson', '--no-body', '--slow-ms', v, SAMPLE])).stdout)
        .flatMap((r) => r.findings)
        .filter((f) => f.rule === 'slow-response').length;
    const [minutes, ms] = await Promise.all([slow('2m'), slow('1ms')]);
    expect(minutes).toBe(0);
    expect(ms).toBeGreaterThan(0);
  });
});

describe('filter values', () => {
  it('a value outside the vocabulary is a usage error listing the choices', async () => {
    const [primitive, phase, kind] = await Promise.all([
      runMain(['annotate', '--primitive', 'foo', SAMPLE]),
      runMain(['stats', '--phase', 'opp', SAMPLE]),
      runMain(['audit', '--kind', 'request,reply', SAMPLE]),
    ]);
    expectUsage(primitive, '--primitive foo: choose from tools, resources, prompts');
    expect(primitive.stderr).toContain(
      'tasks, discovery, subscriptions, unknown; a base feature also as base:<feature>',
    );
    expectUsage(phase, '--phase opp: choose from initialization (init), operation (op), shutdown (shut)');
    expectUsage(kind, '--kind reply: choose from request (req), response (res)');
  });

  it('a filter flag without its value is a usage error, not a read of stdin', async () => {
    for (const flag of ['--kind', '--method', '--phase', '--session']) {
      const r = await runMain(['annotate', flag], { input: '{"jsonrpc":"2.0","id":1,"method":"ping"}\n' });
      expectUsage(r, `${flag} needs a value: ${flag} VALUE`);
      expect(r.stdout).toBe('');
    }
  });

  it('the short forms the transcript prints select what the long ones do', async () => {
    const seqs = async (...flags: string[]) =>
      parseNdjson((await runMain(['annotate', '-f', 'ndjson', '--no-body', ...flags, SAMPLE])).stdout).map(
        (r) => r.seq,
      );
    const pairs = [
      [
        ['--phase', 'op', '--kind', 'req'],
        ['--phase', 'operation', '--kind', 'request'],
      ],
      [
        ['--phase', 'init,SHUT'],
        ['--phase', 'initialization', '--phase', 'shutdown'],
      ],
      [
        ['--primitive', 'base:lifecycle'],
        ['--primitive', 'lifecycle'],
      ],
      [
        ['--kind', 'ntf', '--dir', '←'],
        ['--kind', 'notification', '--dir', 's2c'],
      ],
    ];
    for (const [short, long] of pairs) {
      const [a, b] = await Promise.all([seqs(...short), seqs(...long)]);
      expect(a.length, short.join(' ')).toBeGreaterThan(0);
      expect(a, short.join(' ')).toEqual(b);
    }
    // --kind is a filter of its own: only responses
    const kinds = parseNdjson(
      (await runMain(['annotate', '-f', 'ndjson', '--no-body', '--kind', 'res', SAMPLE])).stdout,
    ).map((r) => r.kind);
    expect(new Set(kinds)).toEqual(new Set(['response']));
  });
});

describe('output files and wrap', () => {
  it('-o into a folder that does not exist, or onto a folder, is a one-line usage error before anything is read', async () => {
    const missing = join(tmp.path, 'no-such-folder', 'report.json');
    expectUsage(
      await runMain(['audit', '-o', missing, SAMPLE]),
      `-o ${missing}: the folder ${join(tmp.path, 'no-such-folder')} does not exist`,
    );
    expectUsage(await runMain(['audit', '-o', tmp.path, SAMPLE]), `-o ${tmp.path}: is a folder`);
    expectUsage(await runMain(['wrap', '--out', missing, '--', 'node']), `--out ${missing}: the folder`);
  });

  it('wrap says to put the server command after --', async () => {
    expectUsage(
      await runMain(['wrap', 'node', 'server.js']),
      'put the server command after --: mcptrace wrap [options] -- node server.js',
    );
    expectUsage(
      await runMain(['wrap', '--live', 'node', 'server.js']),
      '-- node server.js (--live took node as its FILE: --live alone prints to stderr)',
    );
    expectUsage(await runMain(['wrap', '--out', join(tmp.path, 'c.ndjson')]), 'wrap needs the server command after --');
  });

  it('wrap --explore says where the live view is: explore --follow on the capture, in another terminal', async () => {
    expectUsage(
      await runMain(['wrap', '--explore', '--out', join(tmp.path, 'c.ndjson'), '--', 'node']),
      "wrap --explore: wrap's stdin and stdout are the host's pipe, not a terminal; capture with --out FILE and run `mcptrace explore --follow FILE` in another terminal",
    );
  });
});

describe('audit: the format does not depend on where stdout goes', () => {
  it('piped (not a terminal): the text report, as on a terminal; -f json gives JSON', async () => {
    const [text, json] = await Promise.all([runMain(['audit', SAMPLE]), runMain(['audit', '-f', 'json', SAMPLE])]);
    expect(text.stdout).toMatch(/^mcptrace [\d.]+ audit · /);
    expect(text.stdout).toMatch(/— passed at --fail-on error\n$/);
    expect(JSON.parse(json.stdout).summary.failOn).toBe('error');
  });

  it('-o FILE without -f: the format its extension names, else text', async () => {
    const out = (name: string) => join(tmp.path, name);
    await Promise.all(
      ['r.json', 'r.html', 'r.md', 'r.sarif', 'r.xml', 'r.txt'].map((n) => runMain(['audit', '-o', out(n), SAMPLE])),
    );
    const { readFileSync } = await import('node:fs');
    const head = (n: string) => readFileSync(out(n), 'utf8').slice(0, 40);
    expect(JSON.parse(readFileSync(out('r.json'), 'utf8')).tool.name).toBe('mcptrace');
    expect(head('r.html')).toMatch(/^<!doctype html>/i);
    expect(head('r.md')).toMatch(/^## mcptrace audit/);
    expect(JSON.parse(readFileSync(out('r.sarif'), 'utf8')).version).toBe('2.1.0');
    expect(head('r.xml')).toMatch(/^<\?xml/);
    expect(head('r.txt')).toMatch(/^mcptrace [\d.]+ audit · /);
  });
});

describe('an empty input', () => {
  const empty = () => {
    const f = join(tmp.path, 'empty.ndjson');
    writeFileSync(f, '');
    return f;
  };

  it.each([['annotate'], ['stats'], ['audit'], ['annotate', '-f', 'ndjson'], ['stats', '-f', 'json']])(
    '%j warns on stderr, of a file and of stdin',
    async (...args) => {
      const f = empty();
      const [file, stdin] = await Promise.all([runMain([...args, f]), runMain([...args, '-'])]);
      expect(file.code).toBe(0);
      expect(file.stderr).toBe(`mcptrace: ${f}: empty, no MCP messages\n`);
      expect(stdin.stderr).toBe('mcptrace: -: empty, no MCP messages\n');
    },
  );

  it('a file of lines but no MCP message says how many lines it read', async () => {
    const f = join(tmp.path, 'prose.txt');
    writeFileSync(f, 'hello\nworld\n');
    expect((await runMain(['stats', f])).stderr).toBe(`mcptrace: ${f}: no MCP messages (0 of 2 lines)\n`);
  });

  it('audit says nothing was checked, not "passed"; --fail-on-empty makes it a failure (exit 1)', async () => {
    const f = empty();
    const [text, md, gated] = await Promise.all([
      runMain(['audit', f]),
      runMain(['audit', '-f', 'markdown', f]),
      runMain(['audit', '--fail-on-empty', f]),
    ]);
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(/0 messages — nothing checked: no MCP message \(--fail-on-empty fails this\)\n$/);
    expect(text.stdout).not.toContain('passed');
    expect(md.stdout).toContain('**Nothing checked**');
    expect(gated.code).toBe(1);
    expect(gated.stdout).toMatch(/FAILED no MCP messages in 1 input \(--fail-on-empty\)\n$/);
  });
});

describe('mcptrace rules ID', () => {
  it('an id that is no rule is a usage error naming the near ones', async () => {
    expectUsage(await runMain(['rules', 'orphan']), 'no rule orphan; did you mean orphan-response?');
  });

  it('prints the page, or with --path where it is', async () => {
    const [page, path] = await Promise.all([
      runMain(['rules', 'slow-response']),
      runMain(['rules', 'slow-response', '--path']),
    ]);
    expect(page.stdout).toMatch(/^# slow-response/);
    expect(path.stdout).toMatch(/\/docs\/rules\/slow-response\.md\n$/);
  });
});
