// Files that are not logs as they stand: a gzip- or zstd-compressed log is read as its content (a file, stdin, a capture, under
// --jobs, the evidence quoted from its lines); a program is named for what it is, with no finding and exit 0.
import { spawnSync } from 'node:child_process';
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseNdjson, runCli } from '../helpers/cli.js';
import { runMain } from '../helpers/in-process.js';
import { tempDir } from '../helpers/temp.js';

const HOST_LOG = 'test/fixtures/hosts/claude-desktop/mcp-server-notes-2025-08-python-traceback.log';
const HAR = 'test/fixtures/violations/protocol-version-header/bad.har';
const PCAP = 'samples/everything-http.pcap';

let dir: string;
const gz = (name: string) => join(dir, name + '.gz');

beforeAll(() => {
  dir = tempDir('compressed');
  for (const f of [HOST_LOG, HAR, PCAP]) writeFileSync(gz(f.split('/').pop()!), gzipSync(readFileSync(f)));
  const zst = spawnSync('zstd', ['-q', '-c', HOST_LOG]);
  writeFileSync(join(dir, 'host.log.zst'), zst.stdout);
  copyFileSync('/bin/true', join(dir, 'true'));
});

/** `stdout` with the file names `from` in it made `to`. */
const renamed = (stdout: string, from: string, to: string) => stdout.replaceAll(JSON.stringify(from).slice(1, -1), to);

describe('gzip-compressed inputs', () => {
  it.each([HOST_LOG, HAR, PCAP])('%s gzipped gives the records of the file itself', async (file) => {
    const packed = gz(file.split('/').pop()!);
    const [plain, zipped] = await Promise.all([
      runMain(['annotate', '-f', 'ndjson', file]),
      runMain(['annotate', '-f', 'ndjson', packed]),
    ]);
    expect(zipped.stderr).toBe(plain.stderr.replaceAll(file, packed));
    expect(zipped.code).toBe(plain.code);
    expect(parseNdjson(plain.stdout).length).toBeGreaterThan(5);
    expect(renamed(zipped.stdout, packed, file)).toBe(plain.stdout);
  });

  it('a zstd-compressed host log gives the records of the file itself', async () => {
    const packed = join(dir, 'host.log.zst');
    const [plain, zipped] = await Promise.all([
      runMain(['annotate', '-f', 'ndjson', HOST_LOG]),
      runMain(['annotate', '-f', 'ndjson', packed]),
    ]);
    expect(zipped.stderr).toBe('');
    expect(renamed(zipped.stdout, packed, HOST_LOG)).toBe(plain.stdout);
  });

  it('the audit of a gzipped host log is the plain one, its evidence quoted from the decompressed lines', async () => {
    const packed = gz('mcp-server-notes-2025-08-python-traceback.log');
    const [plain, zipped] = await Promise.all([
      runMain(['audit', '-f', 'json', HOST_LOG]),
      runMain(['audit', '-f', 'json', packed]),
    ]);
    const report = JSON.parse(zipped.stdout);
    expect(JSON.stringify(report.diagnoses)).toMatch(/ModuleNotFoundError: No module named/);
    const strip = (s: string) => s.replace(/"generatedAt": "[^"]*"/, '');
    expect(strip(renamed(zipped.stdout, packed, HOST_LOG))).toBe(strip(plain.stdout));
  });

  it('stdin that is gzip is read as its content', async () => {
    const [plain, piped] = await Promise.all([
      runMain(['annotate', '-f', 'ndjson', HOST_LOG]),
      runCli(['annotate', '-f', 'ndjson', '-'], { input: gzipSync(readFileSync(HOST_LOG)) }),
    ]);
    expect(piped.stderr).toBe('');
    expect(piped.stdout).toBe(renamed(plain.stdout, HOST_LOG, '-'));
  });
});

describe('a file that is no log', () => {
  it('is named for what it is: one note on stderr and in the report, no finding, exit 0', async () => {
    const elf = join(dir, 'true');
    const [text, json] = await Promise.all([runMain(['audit', elf]), runMain(['audit', '-f', 'json', elf])]);
    expect(text.code).toBe(0);
    expect(text.stderr).toBe(`mcptrace: ${elf}: not a log: ELF executable\n`);
    expect(text.stdout).toContain(`━━ notes\n   ${elf}: not a log: ELF executable\n`);
    const report = JSON.parse(json.stdout);
    expect(report.findings).toEqual([]);
    expect(report.summary.empty).toEqual([{ file: elf, lines: null, unread: 'not a log: ELF executable' }]);
    // --fail-on-empty fails it, as any input with no MCP message.
    expect((await runMain(['audit', '--fail-on-empty', elf])).code).toBe(1);
  });

  it('--jobs gives the same report over gzip, plain and binary files', async () => {
    const files = [gz('mcp-server-notes-2025-08-python-traceback.log'), HOST_LOG, join(dir, 'true')];
    const [one, two] = await Promise.all([
      runMain(['stats', '-f', 'json', ...files]),
      runMain(['stats', '-f', 'json', '--jobs', '2', ...files]),
    ]);
    expect(two.stdout).toBe(one.stdout);
    expect(two.stderr).toBe(one.stderr);
    expect(one.stderr).toContain('true: not a log: ELF executable');
  });

  it("--jobs: what each worker's stages noted (a cut gzip, a capture) is printed by the coordinator, as without it", async () => {
    const cut = join(dir, 'cut.log.gz');
    const whole = gzipSync(readFileSync(HOST_LOG));
    writeFileSync(cut, whole.subarray(0, whole.length >> 1));
    const files = [cut, PCAP, 'samples/everything-http.har'];
    const [one, two] = await Promise.all([
      runMain(['stats', '-f', 'json', ...files]),
      runMain(['stats', '-f', 'json', '--jobs', '2', ...files]),
    ]);
    expect(two.stdout).toBe(one.stdout);
    expect(two.stderr).toBe(one.stderr);
    expect(one.stderr.split('\n').map((l) => l.replace(/after \d+ bytes/, 'after N bytes'))).toEqual([
      `mcptrace: ${cut}: gzip-compressed: the compressed data ends early after N bytes of content; read up to there`,
      `mcptrace: ${PCAP}: pcap: 58 packets, 4 TCP connections (3 HTTP carrying MCP, 1 without data)`,
      'mcptrace: samples/everything-http.har: 1 HAR entry carried no MCP message (GET / 200).',
      '',
    ]);
  });
});
