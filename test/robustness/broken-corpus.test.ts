// The broken and hostile input corpus (test/fixtures/broken/cases.json): for every case the built CLI neither
// crashes nor prints a stack trace (nor anything on stderr but, for an input without any MCP message, the one line that
// says so), gives exactly the expected record kinds, findings and exit code, keeps its heap bounded, and every input
// line is accounted for by the records.
//
// Every case's audit runs the built executable with a bounded heap. annotate runs it too on the generated inputs, whose
// size or depth is their point, except the `big` ones (audit alone proves what they are for); on the small committed
// files, where what annotate prints is the subject, it runs in-process (test/helpers/in-process.ts). The tests run
// concurrently: most of their time is spent waiting for child processes.
import { createReadStream, existsSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeFrameTo, type Decoded } from '../../src/decode/decode.js';
import { readFrameBatches, type InputFormat } from '../../src/input/index.js';
import { LineSplitter } from '../../src/input/lines/lines.js';
import { boundedCli, type BoundedRun } from '../helpers/bounded-cli.js';
import { REPO_ROOT, assertBuilt } from '../helpers/cli.js';
import { runMain } from '../helpers/in-process.js';
// @ts-expect-error -- a plain ESM module without types
import { GENERATORS } from '../fixtures/broken/generate.mjs';
import { tempDir } from '../helpers/temp.js';

interface Case {
  name: string;
  file?: string;
  generate?: string;
  ext?: string;
  args?: string[];
  auditArgs?: string[];
  big?: boolean;
  kinds: Record<string, number>;
  findings: Record<string, number>;
  exit: number;
}

const DIR = join(REPO_ROOT, 'test/fixtures/broken');
const CASES: Case[] = JSON.parse(readFileSync(join(DIR, 'cases.json'), 'utf8')).cases;
/** The heap every run gets: a case whose memory grew with its input would run out of it and fail. */
const HEAP_MB = 384;
/** Peak RSS allowed (heap, buffers of a 16 MiB line, code): generous, but far below what unbounded input would take. */
const MAX_RSS_MB = 768;

let tmp: string;
const pathOf = (c: Case): string => (c.file ? join(DIR, c.file) : join(tmp, `${c.generate}.${c.ext}`));

beforeAll(() => {
  assertBuilt();
  tmp = tempDir('broken');
  for (const c of CASES) if (c.generate) GENERATORS[c.generate](pathOf(c));
}, 120_000);

afterAll(() => {
  if (tmp) rmSync(tmp, { recursive: true, force: true });
});

/** Runs the built CLI with a bounded heap and reports its peak RSS. */
const cli = (args: string[]): Promise<BoundedRun> => boundedCli(args, HEAP_MB);

/** The MCP message kinds: an input with none of them says so in one line on stderr, and that is all it says. */
const MESSAGE_KINDS = ['request', 'response', 'error', 'notification'];

async function expectedStderr(c: Case): Promise<string> {
  if (MESSAGE_KINDS.some((k) => (c.kinds[k] ?? 0) > 0)) return '';
  const n = await lineCount(pathOf(c));
  // A file of zero bytes is empty; one with lines but no message says how many it read.
  if (n === 0) return `mcptrace: ${pathOf(c)}: empty, no MCP messages\n`;
  return `mcptrace: ${pathOf(c)}: no MCP messages (0 of ${n} ${n === 1 ? 'line' : 'lines'})\n`;
}

function expectClean(r: BoundedRun, what: string, stderr = ''): void {
  expect(r.stderr, `${what}: nothing on stderr${stderr === '' ? '' : ' but the input having no message'}`).toBe(stderr);
  expect(r.stdout, `${what}: no stack trace`).not.toMatch(/\n\s+at .+:\d+:\d+\)?\n/);
  if (r.maxRssMb !== null) expect(r.maxRssMb, `${what}: peak RSS ${r.maxRssMb.toFixed(0)} MB`).toBeLessThan(MAX_RSS_MB);
}

function countKinds(kinds: string[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const k of kinds) out[k] = (out[k] ?? 0) + 1;
  return out;
}

/** Physical lines of a file (a final line ending ends a line, it does not start one), counted in pieces. */
async function lineCount(path: string): Promise<number> {
  let n = 0;
  let last = -1;
  for await (const chunk of createReadStream(path)) {
    const b = chunk as Buffer;
    for (let i = b.indexOf(10); i >= 0; i = b.indexOf(10, i + 1)) n++;
    if (b.length > 0) last = b[b.length - 1];
  }
  return last === -1 || last === 10 ? n : n + 1;
}

/** Texts of the given lines (others are not decoded), read in pieces. */
async function linesAt(path: string, wanted: Set<number>): Promise<Map<number, string>> {
  const out = new Map<number, string>();
  if (wanted.size === 0) return out;
  const s = new LineSplitter({ maxLineBytes: 1 << 20 });
  const take = (ls: ReturnType<LineSplitter['push']>) => {
    for (const l of ls) if (wanted.has(l.line)) out.set(l.line, l.text);
  };
  for await (const chunk of createReadStream(path)) take(s.push(chunk as Buffer));
  take(s.end());
  return out;
}

/**
 * Every line of the input is in a record or is one the reader skips: the records' line spans (each frame once: batch
 * members share theirs) plus the skipped lines make up the file. For line-based formats the spans do not overlap and
 * their sum plus the skipped lines equals the line count; in a JSON document elements may share a line, and a line in
 * no record holds only the document's own brackets and keys.
 *
 * A frame's records are its decoded messages: the analyzer makes one record of each (Analyzer.input), so they are
 * counted here without the session stage, and their kinds must be the case's, which the CLI's records are checked
 * against above.
 */
async function expectLinesAccounted(c: Case): Promise<void> {
  const path = pathOf(c);
  const args = c.args ?? [];
  const total = await lineCount(path);
  const at = args.indexOf('--max-message-bytes');
  let format: InputFormat | undefined;
  const covered = new Uint8Array(total + 2);
  let spans = 0;
  let overlaps = 0;
  const kinds: Record<string, number> = {};
  const decoded: Decoded[] = [];
  let lastFrame: unknown = null;
  const beyond: number[] = [];
  const opts = {
    file: path,
    onFormat: (f: InputFormat) => (format = f),
    maxMessageBytes: at >= 0 ? Number(args[at + 1]) : undefined,
  };
  for await (const frames of readFrameBatches(createReadStream(path), opts)) {
    for (const frame of frames) {
      decoded.length = 0;
      decodeFrameTo(frame, decoded);
      for (const d of decoded) kinds[d.kind] = (kinds[d.kind] ?? 0) + 1;
      if (frame === lastFrame || frame.lines === 0) continue;
      lastFrame = frame;
      if (frame.line + frame.lines - 1 > total) beyond.push(frame.line);
      spans += frame.lines;
      for (let n = frame.line; n < frame.line + frame.lines; n++) {
        if (covered[n]) overlaps++;
        covered[n] = 1;
      }
    }
  }
  expect(beyond, 'records that run past the end of the file').toEqual([]);
  expect(kinds, 'the records of the frames read').toEqual(c.kinds);
  const uncovered = new Set<number>();
  for (let n = 1; n <= total; n++) if (!covered[n]) uncovered.add(n);
  const texts = await linesAt(path, uncovered);
  for (const n of uncovered) {
    const text = texts.get(n) ?? '';
    if (format === 'json')
      expect(text, `line ${n} of a JSON document is in no record`).not.toMatch(/"(jsonrpc|method|result|error)"/);
    else expect(text, `line ${n} is in no record`).toMatch(format === 'transcript' ? /^\s*(#[\s\S]*)?$/ : /^\s*$/);
  }
  if (format !== 'json') {
    expect(overlaps, 'records of a line-based format never share a line').toBe(0);
    expect(spans + uncovered.size, 'record spans + skipped lines = lines of the file').toBe(total);
  }
}

/** The biggest cases first: they take longest, and the small ones fill the time they leave. */
const ORDERED = [...CASES].sort((a, b) => Number(b.big === true) - Number(a.big === true));

describe.concurrent('the corpus', () => {
  describe.each(ORDERED.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    const args = c.args ?? [];
    const timeout = c.big ? 240_000 : 60_000;

    it(
      'audit: the expected record kinds, findings and exit code, no crash',
      async () => {
        const r = await cli(['audit', '-f', 'json', ...args, ...(c.auditArgs ?? []), pathOf(c)]);
        console.log(
          `${c.name}: audit peak RSS ${r.maxRssMb?.toFixed(0)} MB (input ${(statSync(pathOf(c)).size / 1e6).toFixed(1)} MB)`,
        );
        expectClean(r, 'audit', await expectedStderr(c));
        expect(r.code).toBe(c.exit);
        const report = JSON.parse(r.stdout);
        expect(report.summary.byRule).toEqual(c.findings);
        // Record kinds, from the report's statistics (messages by kind, and transport events).
        const kinds: Record<string, number> = {};
        for (const [k, v] of Object.entries(report.stats.byKind as Record<string, { messages: number }>))
          if (v.messages > 0) kinds[k] = v.messages;
        if (report.stats.events > 0) kinds.event = report.stats.events;
        if (report.stats.logs > 0) kinds.log = report.stats.logs;
        expect(kinds).toEqual(c.kinds);
      },
      timeout,
    );

    it.skipIf(c.big === true)(
      `annotate${c.file ? ' (in-process)' : ''}: valid NDJSON records of the expected kinds, no crash`,
      async () => {
        const annotate = ['annotate', '-f', 'ndjson', ...args, pathOf(c)];
        const r: BoundedRun = c.file ? { ...(await runMain(annotate)), maxRssMb: null } : await cli(annotate);
        expectClean(r, 'annotate', await expectedStderr(c));
        expect(r.code).toBe(0);
        const records = r.stdout
          .split('\n')
          .filter((l) => l !== '')
          .map((l) => JSON.parse(l) as { kind: string; seq: number });
        expect(countKinds(records.map((x) => x.kind))).toEqual(c.kinds);
        expect(records.map((x) => x.seq)).toEqual(records.map((_, i) => i + 1));
      },
      timeout,
    );

    it(
      'accounts for every input line',
      async () => {
        expect(existsSync(pathOf(c))).toBe(true);
        await expectLinesAccounted(c);
      },
      timeout,
    );
  });
});

it('every case exists and the corpus has at least 25 of them', () => {
  expect(CASES.length).toBeGreaterThanOrEqual(25);
  for (const c of CASES) if (c.file) expect(existsSync(join(DIR, c.file)), c.file).toBe(true);
});
