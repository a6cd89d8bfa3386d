// Real recorded sessions (samples/): the same recording in four formats reads to the same messages.
import { createReadStream } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { openInput } from '../../src/input/read.js';
import type { Frame } from '../../src/types.js';
import { collect } from './helpers.js';

const SAMPLES = new URL('../../samples/', import.meta.url);
const path = (name: string) => new URL(name, SAMPLES).pathname;

const message = (f: Frame) => (f.value !== undefined ? f.value : JSON.parse(f.text!));

// The samples are part of the repository: a missing one fails here (reading it throws), it does not skip the suite.
describe('samples', () => {
  test('envelope, transcript, JSON document and NDJSON agree message by message', async () => {
    const read = async (name: string) => (await collect(openInput(path(name)), name)).frames;
    const env = await read('everything.envelope.ndjson');
    const tr = await read('everything.transcript.txt');
    const doc = await read('everything.json');
    const raw = await read('everything.ndjson');
    for (const frames of [env, tr, doc, raw]) expect(frames.filter((f) => f.error)).toEqual([]);
    const msgs = (frames: Frame[]) => frames.filter((f) => !f.event);
    expect(msgs(env).length).toBeGreaterThan(50);
    for (const other of [tr, doc, raw]) {
      expect(msgs(other).map(message)).toEqual(msgs(env).map(message));
      expect(msgs(other).map((f) => f.bytes)).toEqual(msgs(env).map((f) => f.bytes));
    }
    for (const other of [tr, doc]) {
      expect(msgs(other).map((f) => f.dir)).toEqual(msgs(env).map((f) => f.dir));
      expect(other.filter((f) => f.event && f.event.name !== 'session').map((f) => f.event)).toEqual(
        env.filter((f) => f.event).map((f) => f.event),
      );
    }
    // The transcript's clock times are the envelope's ISO times of day.
    expect(msgs(tr).map((f) => f.ts)).toEqual(msgs(env).map((f) => f.ts!.slice(11, 23)));
    expect(msgs(doc).map((f) => f.tsMs)).toEqual(msgs(env).map((f) => f.tsMs));
  });

  test('openInput reads a file as a byte stream', async () => {
    const s = openInput(path('everything.ndjson'));
    let n = 0;
    for await (const c of s) n += (c as Buffer).length;
    let m = 0;
    for await (const c of createReadStream(path('everything.ndjson'))) m += (c as Buffer).length;
    expect(n).toBe(m);
    expect(n).toBeGreaterThan(0);
  });
});
