// `annotate --where EXPR`: the records a real sample's expression selects, counted from the input itself; pairs;
// composition with the flags; what is said when nothing matched; a mistake's column.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseNdjson, REPO_ROOT } from '../helpers/cli.js';
import { runMain } from '../helpers/in-process.js';

const ENVELOPE = 'samples/everything.envelope.ndjson';

/** The sample's lines: line number, direction and message, read here without mcptrace. */
const lines = readFileSync(join(REPO_ROOT, ENVELOPE), 'utf8')
  .split('\n')
  .filter((l) => l !== '')
  .map((l, i) => {
    const e = JSON.parse(l) as { dir?: string; line?: string };
    return { line: i + 1, dir: e.dir, m: e.line === undefined ? null : (JSON.parse(e.line) as Record<string, any>) };
  });

/** Lines of the requests `pick` chooses (sent in `dir`) and of the answers to them (same id, the other way). */
function withAnswers(dir: string, pick: (m: Record<string, any>) => boolean): number[] {
  const ids = new Set(
    lines.filter((x) => x.dir === dir && x.m?.method !== undefined && 'id' in x.m && pick(x.m)).map((x) => x.m!.id),
  );
  return lines
    .filter(
      (x) =>
        x.m !== null && 'id' in x.m && ids.has(x.m.id) && (x.m.method !== undefined ? x.dir === dir : x.dir !== dir),
    )
    .map((x) => x.line);
}

async function selected(args: string[]): Promise<{ lines: number[]; stderr: string }> {
  const r = await runMain(['annotate', '-f', 'ndjson', '--no-body', ...args, ENVELOPE]);
  expect(r.code).toBe(0);
  return { lines: parseNdjson(r.stdout).map((x) => Number(String(x.source).split(':').pop())), stderr: r.stderr };
}

describe('annotate --where', () => {
  it('tool == NAME: the calls of that tool and their answers', async () => {
    const expected = withAnswers('c2s', (m) => m.method === 'tools/call' && m.params?.name === 'echo');
    expect(expected.length).toBeGreaterThanOrEqual(2);
    expect(await selected(['--where', 'tool == echo'])).toEqual({ lines: expected, stderr: '' });
  });
  it('isError: the failed results, each after its request', async () => {
    const failed = new Set(lines.filter((x) => x.dir === 's2c' && x.m?.result?.isError === true).map((x) => x.m!.id));
    expect(failed.size).toBeGreaterThanOrEqual(1);
    expect((await selected(['-Y', 'isError'])).lines).toEqual(withAnswers('c2s', (m) => failed.has(m.id)));
  });
  it('the flags narrow what the expression selected: --kind request --where isError gives the requests that failed', async () => {
    const failed = new Set(lines.filter((x) => x.dir === 's2c' && x.m?.result?.isError === true).map((x) => x.m!.id));
    const requests = lines
      .filter((x) => x.dir === 'c2s' && x.m?.method !== undefined && failed.has(x.m.id))
      .map((x) => x.line);
    expect((await selected(['--kind', 'request', '--where', 'isError'])).lines).toEqual(requests);
  });
  it('a repeated --where joins its expressions with and', async () => {
    const calls = withAnswers('c2s', (m) => m.method === 'tools/call');
    expect(calls.length).toBeGreaterThanOrEqual(4);
    // After the first call and its answer: the later calls and their answers (the records' seq is the line here).
    const after = calls[1]!;
    expect((await selected(['--where', 'method == tools/call', '--where', `seq > ${after}`])).lines).toEqual(
      calls.filter((l) => l > after),
    );
  });
  it('an answer is read with its request: tool == NAME and dir == s2c gives the answers, each with its request', async () => {
    const echo = withAnswers('c2s', (m) => m.method === 'tools/call' && m.params?.name === 'echo');
    expect((await selected(['--where', 'tool == echo and dir == s2c'])).lines).toEqual(echo);
    expect((await selected(['--kind', 'response', '--where', 'tool == echo and dir == s2c'])).lines).toEqual(
      echo.filter((l) => lines[l - 1]!.dir === 's2c'),
    );
  });
  it('--failed: JSON-RPC errors and isError results, each after its request, in ndjson and in text', async () => {
    const failed = lines.filter(
      (x) =>
        (x.dir === 's2c' && x.m?.result?.isError === true) || (x.m?.error !== undefined && x.m?.method === undefined),
    );
    expect(failed.length).toBeGreaterThanOrEqual(3);
    const expected = withAnswers('c2s', (m) => failed.some((f) => f.m!.id === m.id));
    expect((await selected(['--failed'])).lines).toEqual(expected);
    const text = await runMain(['annotate', '--width', '100', '--failed', ENVELOPE]);
    expect([...text.stdout.matchAll(/^ *#(\d+) \d\d:/gm)].map((m) => Number(m[1]))).toEqual(expected);
  });
  it('--tool, --id and --grep are expressions too, joined with and', async () => {
    expect((await selected(['--tool', 'echo,get-sum', '--id', '4'])).lines).toEqual(
      withAnswers('c2s', (m) => m.params?.name === 'get-sum' && m.id === 4),
    );
    const raw = readFileSync(join(REPO_ROOT, ENVELOPE), 'utf8').split('\n');
    const grep = lines.filter((x) => raw[x.line - 1]!.includes('Easter Egg')).map((x) => x.line);
    expect(grep).toHaveLength(1);
    expect((await selected(['--grep', 'Easter Egg'])).lines).toEqual([grep[0]! - 1, grep[0]]);
  });
  it('--since with something that is no time is a usage error', async () => {
    const r = await runMain(['annotate', '--since', 'soon', ENVELOPE]);
    expect({ code: r.code, stderr: r.stderr }).toEqual({
      code: 2,
      stderr:
        "mcptrace: --since soon: not a time (10:32, 10:32:05.250, 2026-11-30, 2026-11-30T10:32:00Z) nor a duration before the log's end (5m, 90s, 1h30m)\n",
    });
  });
  it('nothing matched: a line on stderr with the records read, and the nearest values that exist', async () => {
    expect(await selected(['--where', 'tool == ecko'])).toEqual({
      lines: [],
      stderr: `mcptrace: no record matched --where 'tool == ecko' among the ${lines.length} records read\nmcptrace: no record has tool ecko; the nearest that do: echo\n`,
    });
    expect((await selected(['--method', 'tols/call'])).stderr).toBe(
      `mcptrace: no record matched --method tols/call among the ${lines.length} records read\nmcptrace: no record has method tols/call; the nearest that do: tools/call\n`,
    );
  });
  it('a mistake: exit 2, the expression and a ^ under the column with the field meant', async () => {
    const r = await runMain(['annotate', '--where', 'kind == req and methd == x', ENVELOPE]);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(
      'mcptrace: --where kind == req and methd == x\n                                  ^ no field methd; did you mean method?\n',
    );
  });
});

describe('stats --where', () => {
  const BOTH = [ENVELOPE, 'samples/everything.ndjson'];
  it('counts the records the expression selects, with their pairs; the same with --jobs', async () => {
    const one = await runMain(['stats', '-f', 'json', '--where', 'tool == echo', ENVELOPE]);
    const echo = withAnswers('c2s', (m) => m.method === 'tools/call' && m.params?.name === 'echo');
    expect(JSON.parse(one.stdout)).toMatchObject({
      messages: echo.length,
      byKind: { request: { messages: echo.length / 2 }, response: { messages: echo.length / 2 } },
    });
    const serial = await runMain(['stats', '-f', 'json', '--where', 'tool == echo', ...BOTH]);
    const jobs = await runMain(['stats', '-f', 'json', '--jobs', '2', '--where', 'tool == echo', ...BOTH], {
      env: { MCPTRACE_JOBS_IN_THREAD: '1' },
    });
    expect(jobs.stdout).toBe(serial.stdout);
    expect(JSON.parse(jobs.stdout).messages).toBe(2 * echo.length);
  });
  it('a mistake is a usage error with --jobs too', async () => {
    const r = await runMain(['stats', '--jobs', '2', '--where', 'tol == echo', ...BOTH], {
      env: { MCPTRACE_JOBS_IN_THREAD: '1' },
    });
    expect({ code: r.code, stderr: r.stderr }).toEqual({
      code: 2,
      stderr: 'mcptrace: --where tol == echo\n                  ^ no field tol; did you mean tool?\n',
    });
  });
});
