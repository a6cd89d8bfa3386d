// `--since 5m`, `--until 5m`: a duration before the log's end (the latest record time over all the inputs), found by a
// first pass over the files; on stdin and with --follow a usage error.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseNdjson } from '../helpers/cli.js';
import { runMain } from '../helpers/in-process.js';
import { lazyTempDir } from '../helpers/temp.js';

const tmp = lazyTempDir('since-duration');

const init = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'c', version: '1' } },
};
const inited = {
  jsonrpc: '2.0',
  id: 1,
  result: { protocolVersion: '2025-06-18', capabilities: { tools: {} }, serverInfo: { name: 's', version: '1' } },
};
const call = (id: number, name: string) => ({
  jsonrpc: '2.0',
  id,
  method: 'tools/call',
  params: { name, arguments: {} },
});
const answer = (id: number) => ({ jsonrpc: '2.0', id, result: { content: [] } });

/** An envelope log of [time (10:MM:SS on 2026-11-30, UTC), direction, message]; its path. */
function write(name: string, rows: [string, string, object][]): string {
  const file = join(tmp.path, name);
  writeFileSync(
    file,
    rows.map(([t, dir, m]) => JSON.stringify({ ts: `2026-11-30T10:${t}Z`, dir, line: JSON.stringify(m) })).join('\n') +
      '\n',
  );
  return file;
}

/** Lines 1-8; its end is 10:09:30. */
const main = () =>
  write('main.ndjson', [
    ['00:00', 'c2s', init],
    ['00:01', 's2c', inited],
    ['02:00', 'c2s', call(2, 'echo')],
    ['02:01', 's2c', answer(2)],
    ['08:00', 'c2s', call(3, 'add')],
    ['08:01', 's2c', answer(3)],
    ['09:00', 'c2s', call(4, 'add')],
    ['09:30', 's2c', answer(4)],
  ]);
/** One later session: its end (10:20:00) is the end of a run that reads both. */
const later = () =>
  write('later.ndjson', [
    ['19:00', 'c2s', init],
    ['20:00', 's2c', inited],
  ]);

/** `file:line` of each record shown. */
async function shown(args: string[], files: string[]): Promise<string[]> {
  const r = await runMain(['annotate', '-f', 'ndjson', '--no-body', ...args, ...files]);
  expect(r.stderr).toBe('');
  expect(r.code).toBe(0);
  return parseNdjson(r.stdout).map((x) => String(x.source).replace(/^.*\//, ''));
}

const lines = (file: string, ...ns: number[]) => ns.map((n) => `${file}:${n}`);

describe("--since and --until as a duration before the log's end", () => {
  it('--since 90s: the records of the last 90 seconds of the log; 1h30m: all of them', async () => {
    const f = main();
    expect(await shown(['--since', '90s'], [f])).toEqual(lines('main.ndjson', 5, 6, 7, 8));
    expect(await shown(['--since', '1h30m'], [f])).toEqual(lines('main.ndjson', 1, 2, 3, 4, 5, 6, 7, 8));
  });
  it('--until 5m: up to five minutes before the end; with --since 2m, the minute between', async () => {
    const f = main();
    expect(await shown(['--until', '5m'], [f])).toEqual(lines('main.ndjson', 1, 2, 3, 4));
    expect(await shown(['--since', '2m', '--until', '1m'], [f])).toEqual(lines('main.ndjson', 5, 6));
  });
  it('the end is the latest time over all the inputs', async () => {
    expect(await shown(['--since', '15m'], [main(), later()])).toEqual([
      ...lines('main.ndjson', 5, 6, 7, 8),
      ...lines('later.ndjson', 1, 2),
    ]);
  });
  it('stats --jobs counts the same window as one thread', async () => {
    const files = [main(), later()];
    const one = await runMain(['stats', '-f', 'json', '--since', '15m', ...files]);
    const two = await runMain(['stats', '-f', 'json', '--jobs', '2', '--since', '15m', ...files], {
      env: { MCPTRACE_JOBS_IN_THREAD: '1' },
    });
    expect(one.code).toBe(0);
    expect(JSON.parse(one.stdout).messages).toBeDefined();
    expect(two.stdout).toBe(one.stdout);
  });
  it('on stdin and with --follow, a duration is a usage error that says what to give instead', async () => {
    const stdin = await runMain(['annotate', '--since', '5m', '-'], { input: '' });
    expect({ code: stdin.code, stderr: stdin.stderr }).toEqual({
      code: 2,
      stderr:
        "mcptrace: --since 5m: a duration before the log's end needs a file to read twice, not stdin: save it to a file, or give a time instead (--since 10:32)\n",
    });
    const follow = await runMain(['annotate', '--follow', '--until', '5m', main()]);
    expect({ code: follow.code, stderr: follow.stderr }).toEqual({
      code: 2,
      stderr:
        "mcptrace: --until 5m: a duration before the log's end cannot be used with --follow (the log has no end yet): give a time instead (--until 10:32)\n",
    });
  });
});
