// An input whose detected format finds no MCP message in it is read another way that does (src/input/other-readings.ts):
// a file read again from its start, at most a few times; an input read once (stdin) told which reading to try.
import { describe, expect, test } from 'vitest';
import type { InputFormat } from '../../src/input/index.js';
import { readFrames } from '../../src/input/read.js';
import { HELD_CHARS, isMessageFrame, MAX_OTHER_READINGS } from '../../src/input/other-readings.js';
import type { Frame } from '../../src/types.js';
import { chunked, fixture } from './helpers.js';

const hostFixture = (path: string) => fixture(`../${path}`);

interface Read {
  frames: Frame[];
  format: InputFormat | undefined;
  detected: InputFormat | undefined;
  notes: string[];
  /** Times the input was read again from its start. */
  rereads: number;
  lines: number | undefined;
}

/** Reads `bytes` as the CLI reads a file (`again`: it can be read again from its start) or stdin (it cannot). */
async function read(bytes: Buffer, again: boolean, format?: InputFormat): Promise<Read> {
  const r: Read = { frames: [], format: undefined, detected: undefined, notes: [], rereads: 0, lines: undefined };
  const reread = () => {
    r.rereads++;
    return chunked(bytes, 4096);
  };
  for await (const f of readFrames(chunked(bytes, 4096), {
    file: 'f',
    format,
    reread: again ? reread : undefined,
    onFormat: (x) => (r.format = x),
    onDetect: (d) => (r.detected = d.format),
    status: { note: (_source, t) => r.notes.push(t) },
    onEnd: (e) => (r.lines = e.lines),
  }))
    r.frames.push(f);
  return r;
}

const messages = (frames: Frame[]) => frames.filter(isMessageFrame).map((f) => f.line);

describe('another reading when the detected format finds no message', () => {
  test('a config dump, then JSON log lines and JSON-RPC inside lines: detected a JSON document, read as lines', async () => {
    const bytes = fixture('carried/config-dump-first.log');
    const file = await read(bytes, true);
    expect(file.detected).toBe('json');
    expect(file.format).toBe('ndjson');
    expect(messages(file.frames)).toEqual([10, 11, 12]);
    expect(file.frames).toEqual((await read(bytes, false, 'ndjson')).frames);
    expect(file.notes).toEqual(['read as ndjson: its detected format, json, found no MCP message in it']);
    expect(file.lines).toBe(12);
    expect(file.rereads).toBeLessThanOrEqual(MAX_OTHER_READINGS + 1);
    // stdin cannot be read again: read as detected, and told what to try.
    const stdin = await read(bytes, false);
    expect(stdin.format).toBe('json');
    expect(messages(stdin.frames)).toEqual([]);
    expect(stdin.notes).toEqual([
      'its detected format, json, found no MCP message; its start read as ndjson holds some: try --input-format ndjson',
    ]);
  });

  test("a Claude Desktop log whose server's mcp-remote lines outnumber the host's: the runner-up dialect reads its message", async () => {
    // Lines 21–24 of the capture: one `Message from client` line of Claude Desktop, three of mcp-remote's stderr.
    const lines = hostFixture('failures/mcp-remote/claude-desktop-mcp-remote-session-not-found.log')
      .toString()
      .split('\n')
      .slice(20, 24);
    const bytes = Buffer.from(`${lines.join('\n')}\n`);
    const file = await read(bytes, true);
    expect(file.detected).toBe('mcp-remote');
    expect(file.format).toBe('claude-desktop');
    expect(messages(file.frames)).toEqual([1]);
    expect(file.notes).toEqual(['read as claude-desktop: its detected format, mcp-remote, found no MCP message in it']);
    const stdin = await read(bytes, false);
    expect([stdin.format, messages(stdin.frames).length]).toEqual(['mcp-remote', 0]);
    expect(stdin.notes).toEqual([
      'its detected format, mcp-remote, found no MCP message; its start read as claude-desktop holds some: try --input-format claude-desktop',
    ]);
  });

  test("a host's log whose dialect finds its events but no message keeps them; a note names the line reading", async () => {
    const bytes = hostFixture('hosts/librechat/librechat-debug-2025-04-user-idle.log');
    const file = await read(bytes, true);
    expect(file.format).toBe('librechat');
    expect(file.frames).toEqual((await read(bytes, false, 'librechat')).frames);
    expect(file.notes).toEqual([
      'its detected format, librechat, found its events but no MCP message; --input-format ndjson reads messages in it',
    ]);
  });

  test('a log whose detected format finds messages is read once, its frames as they were', async () => {
    const bytes = hostFixture('hosts/mcp-remote/g1-no-pid.log');
    const file = await read(bytes, true);
    expect(file.rereads).toBe(0);
    expect(file.notes).toEqual([]);
    expect(file.frames).toEqual((await read(bytes, false, file.format)).frames);
  });

  test('past the frames held back, a message found late has the file read once more, whole, as detected', async () => {
    const head = hostFixture('hosts/mcp-remote/g1-no-pid.log').toString().split('\n');
    const stderr = Array.from(
      { length: HELD_CHARS / 1000 + 10 },
      (_, i) => `Using automatically selected callback port: ${i} ${'x'.repeat(1000)}`,
    );
    const bytes = Buffer.from([...head.slice(0, 6), ...stderr, ...head.slice(6)].join('\n'));
    const file = await read(bytes, true);
    expect(file.detected).toBe('mcp-remote');
    expect(file.format).toBe('mcp-remote');
    expect(file.rereads).toBe(1);
    expect(file.notes).toEqual([]);
    expect(file.frames).toEqual((await read(bytes, false, 'mcp-remote')).frames);
  });

  test('a log no reading finds a message in is read as detected, at most MAX_OTHER_READINGS + 1 times more', async () => {
    const bytes = Buffer.from(
      Array.from(
        { length: HELD_CHARS / 1000 + 10 },
        (_, i) =>
          `2026-03-02T08:58:40.236Z [kb] [info] Server started and connected successfully ${i} ${'x'.repeat(1000)}`,
      ).join('\n'),
    );
    const file = await read(bytes, true);
    expect(file.rereads).toBeLessThanOrEqual(MAX_OTHER_READINGS + 1);
    expect(file.format).toBe(file.detected);
    expect(file.notes).toEqual([]);
    expect(file.frames).toEqual((await read(bytes, false, file.format)).frames);
  });
});
