// Every fixture of test/fixtures/documents/ (JSON documents that keep their messages under their own keys), end to end:
// detected as `json` with no flag, the analyzer's counts and the paths read and skipped are exactly its `.expect.json`,
// no invalid record, and 1-, 3-, 7-byte chunks, CRLF and the minified document give the same messages.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { analyze } from '../../src/analyze-stream.js';
import { detectInput } from '../../src/input/detect.js';
import { JsonDocumentReader } from '../../src/input/json/json-document.js';
import type { Frame, PipelineRecord } from '../../src/types.js';
import { chunked, expectDocumentSpans, toCrlf } from './helpers.js';

const DIR = fileURLToPath(new URL('../fixtures/documents/', import.meta.url));

interface Expected {
  messages: number;
  requests: number;
  responses: number;
  errors: number;
  notifications: number;
  pairs: number;
  /** Path patterns records were read at, with their counts, in document order. */
  read: Record<string, number>;
  /** Path patterns skipped (not messages), with their counts. */
  skipped: Record<string, number>;
}

const CASES = readdirSync(DIR)
  .filter((f) => f !== 'SOURCES.md' && !f.endsWith('.expect.json'))
  .sort()
  .map((name) => ({
    name,
    bytes: readFileSync(join(DIR, name)),
    expected: JSON.parse(readFileSync(join(DIR, name.replace(/\.[a-z]+$/, '.expect.json')), 'utf8')) as Expected,
  }));

const MESSAGE_KINDS = new Set(['request', 'response', 'error', 'notification']);

function counts(records: readonly PipelineRecord[]) {
  const msgs = records.filter((r) => MESSAGE_KINDS.has(r.kind));
  const n = (kind: string) => msgs.filter((r) => r.kind === kind).length;
  return {
    messages: msgs.length,
    requests: n('request'),
    responses: n('response'),
    errors: n('error'),
    notifications: n('notification'),
    pairs: msgs.filter((r) => (r.kind === 'response' || r.kind === 'error') && r.pair !== null).length,
  };
}

const run = async (bytes: Buffer, name: string, chunk = 0) =>
  (await analyze(chunked(bytes, chunk), { file: name })).records;
const messagesOf = (records: PipelineRecord[]) => records.map((r) => r.message);

function document(bytes: Buffer): { frames: Frame[]; reader: JsonDocumentReader } {
  const reader = new JsonDocumentReader('d');
  const frames: Frame[] = [];
  reader.push(bytes, frames);
  reader.end(frames);
  return { frames, reader };
}

describe('JSON documents with messages under their own keys', () => {
  it('has fixtures', () => {
    expect(CASES.length).toBeGreaterThanOrEqual(5);
  });

  describe.each(CASES.map((c) => [c.name, c] as const))('%s', (name, c) => {
    it('is detected as json with no flag', async () => {
      const d = await detectInput(chunked(c.bytes, 7));
      expect(d.format).toBe('json');
      expect(d.conclusive).toBe(true);
    });

    it('gives exactly the counts of its .expect.json, no invalid record', async () => {
      const records = await run(c.bytes, name);
      const { read, skipped, ...want } = c.expected;
      expect(counts(records)).toEqual(want);
      expect(records.filter((r) => r.kind === 'invalid')).toEqual([]);
      expect(records.every((r) => r.format === 'json')).toBe(true);
    });

    it('says where its records were read and what it skipped', () => {
      const { frames, reader } = document(c.bytes);
      const doc = reader.document;
      expect(Object.fromEntries(doc.read.map((p) => [p.path, p.count]))).toEqual(c.expected.read);
      expect(Object.fromEntries(doc.skipped.map((p) => [p.path, p.count]))).toEqual(c.expected.skipped);
      expect(doc.more).toBe(0);
      expectDocumentSpans(frames, c.bytes);
    });

    it('gives the same records in 1-, 3- and 7-byte chunks and with CRLF; the minified document the same messages', async () => {
      const whole = await run(c.bytes, name);
      for (const size of [1, 3, 7]) expect(await run(c.bytes, name, size), `chunk ${size}`).toEqual(whole);
      expect(await run(toCrlf(c.bytes), name, 7), 'CRLF').toEqual(whole);
      const minified = Buffer.from(JSON.stringify(JSON.parse(c.bytes.toString('utf8'))));
      expect((await detectInput(chunked(minified, 5))).format).toBe('json');
      expect(messagesOf(await run(minified, name, 5))).toEqual(messagesOf(whole));
    });
  });
});
