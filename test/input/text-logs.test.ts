// Logs of text with JSON-RPC in some lines (issue 26): read with no flag, no false errors, every message with its
// direction, every line in exactly one record, the same records in 1-, 3- and 7-byte chunks.
import { describe, expect, it } from 'vitest';
import { decodeFrame } from '../../src/decode/decode.js';
import type { Frame } from '../../src/types.js';
import { expectLinesCovered, fixture, framesOf, isBlankLine } from './helpers.js';

/** What a fixture is read as: its messages (line, kind, method, direction) in order; no line is a broken message. */
const CASES: Record<string, Array<[number, string, string | null, string]>> = {
  'text-logs/inspector-proxy.log': [[26, 'response', null, 'unknown']],
  'text-logs/lm-studio-developer.log': [],
  'text-logs/librechat.log': [],
  'text-logs/json-records.ndjson': [],
  // A first line `{` of a printed JS object is no JSON document's start: read as JSON, the file held nothing.
  'text-logs/printed-object-first.log': [
    [13, 'response', null, 'unknown'],
    [18, 'response', null, 'unknown'],
  ],
  'carried/labelled.log': [
    [1, 'response', null, 's2c'],
    [2, 'notification', 'notifications/tools/list_changed', 's2c'],
    [3, 'response', null, 's2c'],
    [4, 'error', null, 's2c'],
  ],
  'carried/go-fields.log': [
    [1, 'request', 'initialize', 'c2s'],
    [2, 'response', null, 's2c'],
    [3, 'notification', 'notifications/initialized', 'c2s'],
    [4, 'request', 'tools/list', 'c2s'],
    [5, 'response', null, 's2c'],
  ],
  'carried/json-records.ndjson': [
    [1, 'request', 'tools/list', 'c2s'],
    [2, 'response', null, 'unknown'],
    [3, 'error', null, 's2c'],
    [4, 'request', 'tools/list', 'c2s'],
  ],
};

function messages(frames: Frame[]): Array<[number, string, string | null, string]> {
  return frames
    .filter((f) => f.log === undefined && f.event === undefined)
    .flatMap((f) =>
      decodeFrame(f).map((d) => [f.line, d.kind, d.method, f.dir] as [number, string, string | null, string]),
    );
}

describe('logs with JSON-RPC in some lines', () => {
  for (const [name, expected] of Object.entries(CASES)) {
    it(`${name}: its messages with their directions, no broken message, every line in one record, any chunking`, async () => {
      const bytes = fixture(name);
      const frames = await framesOf(bytes, { file: name });
      expect(messages(frames)).toEqual(expected);
      expect(
        frames.flatMap((f) => decodeFrame(f)).filter((d) => d.kind === 'invalid' || d.problem !== undefined),
      ).toEqual([]);
      expectLinesCovered(frames, bytes, isBlankLine);
      for (const chunk of [1, 3, 7]) expect(await framesOf(bytes, { file: name, chunk })).toEqual(frames);
    });
  }

  it('a message inside a line keeps the rest of the line as its text', async () => {
    const frames = await framesOf(fixture('carried/labelled.log'), { file: 'l' });
    expect(frames[1]).toMatchObject({
      text: '{"jsonrpc":"2.0","method":"notifications/tools/list_changed"}',
      context: 'MCP: SERVER OUTPUT:',
    });
    expect(frames[3].context).toBe(
      'WARN Error 404 status sending message to https://mcp.example.com/mcp: … ; will retry',
    );
  });
});
