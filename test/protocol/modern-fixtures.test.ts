// The hand-built 2026-07-28 sessions of test/fixtures/modern/ against the official schema, message by message.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { modernSchema } from '../../src/protocol/schema/modern-schema.js';
import { checkModern, modernTarget } from '../../src/rules/modern-schema-check.js';

const DIR = 'test/fixtures/modern';
const SCHEMA = 'src/protocol/schema/2026-07-28.schema.json';

interface Line {
  line: number;
  message: Record<string, unknown>;
}

/** The JSON-RPC messages of a transcript fixture (`[time] -> {…}` / `<- {…}`), with their line numbers. */
function messages(file: string): Line[] {
  return readFileSync(join(DIR, file), 'utf8')
    .split('\n')
    .map((text, i) => ({ text, line: i + 1 }))
    .filter(({ text }) => / (->|<-) \{/.test(text))
    .map(({ text, line }) => ({ line, message: JSON.parse(text.slice(text.indexOf('{'))) as Record<string, unknown> }));
}

function kindOf(m: Record<string, unknown>): string {
  if ('method' in m) return 'id' in m ? 'request' : 'notification';
  return 'error' in m ? 'error' : 'response';
}

describe('the bundled 2026-07-28 schema', () => {
  it('is the official file, byte for byte (git blob of schema/2026-07-28/schema.json at the spec repository)', () => {
    const bytes = readFileSync(SCHEMA);
    const blob = createHash('sha1').update(`blob ${bytes.length}\0`).update(bytes).digest('hex');
    expect(blob).toBe('213c58f6d9a1c2ce6ad055afe90bbdb095a29ee8');
  });

  it('is what the generated module (scripts/gen-modern-schema.mjs) builds', () => {
    expect(modernSchema()).toEqual(JSON.parse(readFileSync(SCHEMA, 'utf8')));
  });

  it('rejects what it should (the check is not vacuous)', () => {
    const call = { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'x' } };
    expect(checkModern(modernTarget('request', 'tools/call', call)!, call)).toEqual(['params._meta: missing']);
    const res = { jsonrpc: '2.0', id: 1, result: { tools: [] } };
    expect(checkModern(modernTarget('response', 'tools/list', res)!, res)).toEqual([
      'result.cacheScope: missing',
      'result.resultType: missing',
      'result.ttlMs: missing',
    ]);
    const e = {
      jsonrpc: '2.0',
      id: 1,
      error: { code: -32022, message: 'Unsupported', data: { supported: ['2026-07-28'] } },
    };
    expect(checkModern(modernTarget('error', 'tools/list', e)!, e)).toEqual(['error.data.requested: missing']);
  });
});

describe.each(readdirSync(DIR).filter((f) => f.endsWith('.txt')))('fixture %s', (file) => {
  it('has only messages that conform to schema/2026-07-28 (modern legs)', () => {
    const methods = new Map<string, string>();
    const checked: string[] = [];
    let legacy = false;
    for (const { line, message } of messages(file)) {
      const kind = kindOf(message);
      // A dual-era session that fell back to `initialize` is legacy from there on (basic/versioning.mdx): its legacy
      // leg is the 2025-11-25 schema's business (schema-violation), not this one's.
      if (kind === 'request' && message.method === 'initialize') legacy = true;
      if (legacy) continue;
      const id = JSON.stringify(message.id);
      if (kind === 'request') methods.set(id, message.method as string);
      const method =
        kind === 'request' || kind === 'notification' ? (message.method as string) : (methods.get(id) ?? null);
      const target = modernTarget(kind, method, message);
      expect(target, `${file}:${line} has a definition`).toBeDefined();
      expect(checkModern(target!, message), `${file}:${line} ${target!.def}`).toEqual([]);
      checked.push(target!.def);
    }
    expect(checked.length).toBeGreaterThan(1);
  });
});
