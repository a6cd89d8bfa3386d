// The benchmark's `real` log (bench/generate.mjs): a real session's byte mix, large results, with pairing intact.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ensureData } from '../../bench/generate.mjs';
import { lazyTempDir } from '../helpers/temp.js';

const tmp = lazyTempDir('bench-real');

type Message = {
  id?: number | string;
  method?: string;
  params?: { name?: string; uri?: string };
  result?: { content?: unknown; contents?: unknown };
};

/** A tools/call or resources/read result (a server's answer; the client's answers to sampling carry one content). */
/** The requests the recordings answer with 1 KB or more: the ones `real` repeats. */
const HEAVY = new Set([
  'get-tiny-image',
  'get-annotated-message',
  'read_graph',
  'demo://resource/static/document/extension.md',
]);
const isHeavy = (m: Message) =>
  (m.method === 'tools/call' || m.method === 'resources/read') && HEAVY.has(m.params?.name ?? m.params?.uri ?? '');

const isResult = (m: Message) =>
  m.method === undefined && (Array.isArray(m.result?.content) || Array.isArray(m.result?.contents));

function load(format: string): { lines: string[]; messages: Message[] } {
  const { file } = ensureData({ dir: tmp.path, size: '2m', format });
  const lines = readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l !== '');
  return { lines, messages: lines.map((l) => JSON.parse(l) as Message) };
}

const heavyShare = (lines: string[]) => {
  const bytes = (l: string) => Buffer.byteLength(l) + 1;
  const all = lines.reduce((a, l) => a + bytes(l), 0);
  return lines.filter((l) => bytes(l) >= 1000).reduce((a, l) => a + bytes(l), 0) / all;
};

describe('bench/generate.mjs --formats real', () => {
  it('puts most of its bytes in large messages, where the synthetic raw log has most in small ones', () => {
    expect(heavyShare(load('real').lines)).toBeGreaterThan(0.75);
    expect(heavyShare(load('ndjson').lines)).toBeLessThan(0.6);
  });

  it('sends each heavy request 9 times with ids of its own, each answered once by the recorded result', () => {
    const { messages } = load('real');
    const images = messages.filter((m) => m.method === 'tools/call' && m.params?.name === 'get-tiny-image');
    const inits = messages.filter((m) => m.method === 'initialize');
    expect(images.length % 9).toBe(0);
    expect(images.length).toBeGreaterThanOrEqual(9 * inits.length);
    // Per session (from one initialize to the next): no heavy request's id twice, one result for each.
    let open = new Map<string, number>();
    let seen = new Set<string>();
    const closeSession = () => expect([...open.values()].filter((n) => n !== 1)).toEqual([]);
    for (const m of messages) {
      if (m.method === 'initialize') {
        closeSession();
        open = new Map();
        seen = new Set();
      }
      if (isHeavy(m)) {
        const key = String(m.id);
        expect(seen.has(key)).toBe(false);
        seen.add(key);
        open.set(key, 0);
      } else if (isResult(m) && open.has(String(m.id))) {
        open.set(String(m.id), open.get(String(m.id))! + 1);
      }
    }
    closeSession();
  });
});
