// A folder named as an input: its logs (a host's own files only, in a host's folder), each log with its rotations read
// oldest first as one input, so that a session the rotation cut stays whole; the inputs in the time order of their lines.
import { copyFileSync, mkdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseNdjson } from '../helpers/cli.js';
import { runMain } from '../helpers/in-process.js';
import { tempDir } from '../helpers/temp.js';

const HOSTS = 'test/fixtures/hosts/claude-desktop';
const MEMORY = `${HOSTS}/mcp-server-memory-2025-05.log`;
const NOTES = `${HOSTS}/mcp-server-notes-2025-08-python-traceback.log`;
const AGGREGATE = `${HOSTS}/mcp-log-2025-06-aggregate.log`;
/** Where the memory log is cut in two: between a request (line 24) and its response (line 25). */
const CUT = 24;

let claude: string;
let generic: string;

beforeAll(() => {
  // Built like ~/Library/Logs/Claude/: per-server logs, one of them rotated mid-session, the aggregate mcp.log that
  // repeats them, the app's main.log, and a file named as a log that is a program.
  claude = tempDir('claude-logs');
  const memory = readFileSync(MEMORY, 'utf8').split(/(?<=\n)/);
  writeFileSync(join(claude, 'mcp-server-memory1.log'), memory.slice(0, CUT).join(''));
  writeFileSync(join(claude, 'mcp-server-memory.log'), memory.slice(CUT).join(''));
  // The older file written last: the order comes from the lines' times, not from when a file was written.
  utimesSync(join(claude, 'mcp-server-memory.log'), new Date('2025-05-14T09:00:00Z'), new Date('2025-05-14T09:00:00Z'));
  copyFileSync(NOTES, join(claude, 'mcp-server-notes.log'));
  copyFileSync(AGGREGATE, join(claude, 'mcp.log'));
  writeFileSync(join(claude, 'main.log'), '2025-05-14T08:02:10.100Z [info] Launching MCP Server: memory\n');
  copyFileSync('/bin/true', join(claude, 'mcp-server-broken.log'));
  writeFileSync(join(claude, 'config.json.bak'), '{}');

  // logrotate's names with no time in the lines and one mtime: the rotation numbers give the order (.2 oldest).
  generic = tempDir('rotated');
  const everything = readFileSync('samples/everything.ndjson', 'utf8').split(/(?<=\n)/);
  const third = Math.ceil(everything.length / 3);
  writeFileSync(join(generic, 'server.log.2.gz'), gzipSync(everything.slice(0, third).join('')));
  writeFileSync(join(generic, 'server.log.1'), everything.slice(third, 2 * third).join(''));
  writeFileSync(join(generic, 'server.log'), everything.slice(2 * third).join(''));
  mkdirSync(join(generic, 'nested'));
  copyFileSync('samples/everything.transcript.txt', join(generic, 'nested', 'capture.txt'));
  for (const f of ['server.log.2.gz', 'server.log.1', 'server.log'])
    utimesSync(join(generic, f), new Date(0), new Date(0));
});

/** What a record is, without where it was read (its source, its seq in the run). */
const what = (r: Record<string, any>) => ({
  session: r.session,
  kind: r.kind,
  dir: r.dir,
  id: r.id,
  method: r.method,
  ts: r.ts,
  findings: r.findings,
});

describe('a folder as an input', () => {
  it("reads a Claude Desktop folder's per-server logs, a rotated one as one input with its sessions whole", async () => {
    const [folder, whole] = await Promise.all([
      runMain(['annotate', '-f', 'ndjson', claude]),
      runMain(['annotate', '-f', 'ndjson', MEMORY]),
    ]);
    expect(folder.code).toBe(0);
    expect(folder.stderr).toBe(`mcptrace: ${join(claude, 'mcp-server-broken.log')}: not a log: ELF executable\n`);
    const records = parseNdjson(folder.stdout);
    // In the time order of their first lines: memory (May), notes (August), then the program (no time in it).
    const files = [...new Set(records.map((r) => r.source.replace(/:\d+$/, '')))];
    expect(files).toEqual([
      join(claude, 'mcp-server-memory1.log'),
      join(claude, 'mcp-server-memory.log'),
      join(claude, 'mcp-server-notes.log'),
    ]);
    // The memory log read across its rotation is the file it was cut from, line for line.
    const memory = records.filter((r) => r.source.includes('mcp-server-memory'));
    const expected = parseNdjson(whole.stdout);
    expect(memory.map(what)).toEqual(expected.map(what));
    expect(memory.map((r) => r.source)).toEqual(
      expected.map((r) => {
        const line = Number(r.source.split(':').pop());
        return line <= CUT
          ? `${join(claude, 'mcp-server-memory1.log')}:${line}`
          : `${join(claude, 'mcp-server-memory.log')}:${line - CUT}`;
      }),
    );
    // mcp.log repeats the per-server logs and main.log has no traffic: neither is read.
    expect(records.some((r) => /mcp\.log|main\.log/.test(r.source))).toBe(false);
  });

  it('the audit of the folder has no orphan at the rotation, and quotes evidence from the file it is in', async () => {
    const r = await runMain(['audit', '-f', 'json', claude]);
    const report = JSON.parse(r.stdout);
    expect(report.findings.map((f: { rule: string }) => f.rule)).not.toContain('orphan-response');
    expect(report.summary.empty).toEqual([
      { file: join(claude, 'mcp-server-broken.log'), lines: null, unread: 'not a log: ELF executable' },
    ]);
    const evidence = report.diagnoses.flatMap((d: { evidence: { source: string; text?: string }[] }) => d.evidence);
    expect(
      evidence.some(
        (e: { source: string; text?: string }) =>
          e.source.startsWith(join(claude, 'mcp-server-notes.log:')) && /ModuleNotFoundError/.test(e.text ?? ''),
      ),
    ).toBe(true);
  });

  it('logrotate names with no times: oldest rotation first (.2.gz, .1, then the log), subfolders too; --jobs agrees', async () => {
    const [folder, whole, jobs, one] = await Promise.all([
      runMain(['annotate', '-f', 'ndjson', generic]),
      runMain(['annotate', '-f', 'ndjson', 'samples/everything.ndjson']),
      runMain(['stats', '-f', 'json', '--jobs', '2', generic]),
      runMain(['stats', '-f', 'json', generic]),
    ]);
    const records = parseNdjson(folder.stdout);
    const rotated = records.filter((r) => r.source.includes('server.log'));
    expect(rotated.map(what)).toEqual(parseNdjson(whole.stdout).map(what));
    expect([...new Set(rotated.map((r) => r.source.replace(/:\d+$/, '')))]).toEqual(
      ['server.log.2.gz', 'server.log.1', 'server.log'].map((f) => join(generic, f)),
    );
    expect(records.some((r) => r.source.startsWith(join(generic, 'nested', 'capture.txt:')))).toBe(true);
    expect(jobs.stdout).toBe(one.stdout);
  });

  it("Claude Code's cache folder: each server's files, read with the server named by their folder", async () => {
    const cache = tempDir('claude-cli-nodejs');
    const server = join(cache, '-Users-dev-proj', 'mcp-logs-sequential-thinking');
    mkdirSync(server, { recursive: true });
    copyFileSync(
      'test/fixtures/hosts/claude-code/mcp-logs-sequential-thinking-2025-07.txt',
      join(server, '2025-07-14T10-12-31-120Z.txt'),
    );
    const records = parseNdjson((await runMain(['annotate', '-f', 'ndjson', cache])).stdout);
    expect(records.length).toBeGreaterThan(0);
    // Two launches in the file: `sequential-thinking`, then `sequential-thinking#2`.
    expect(new Set(records.map((r) => r.session))).toEqual(new Set(['sequential-thinking', 'sequential-thinking#2']));
  });

  it('a folder with no log in it is a usage error', async () => {
    const empty = tempDir('no-logs');
    writeFileSync(join(empty, 'notes.md'), '# notes\n');
    const r = await runMain(['audit', empty]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`no logs in ${empty}`);
  });
});
