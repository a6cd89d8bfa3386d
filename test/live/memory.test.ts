// wrap between the official SDK client and server-memory: a second real server, same guarantees.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { annotate, captureBytes, expectPaired, MEMORY_JS, readCapture, sha256, type CaptureRecord } from './helpers.js';
import { lazyTempDir } from '../helpers/temp.js';
import { runSdkSession, type SdkSession } from './sdk-session.js';

const GRAPH = 'memory://knowledge-graph';
const memoryDir = lazyTempDir('memory-file');
let s: SdkSession<{ found: string; graph: string }>;
let capture: CaptureRecord[];

beforeAll(async () => {
  s = await runSdkSession(
    'memory',
    ['node', MEMORY_JS],
    async (client) => {
      await client.listTools();
      await client.subscribeResource({ uri: GRAPH });
      await client.callTool({
        name: 'create_entities',
        arguments: { entities: [{ name: 'mcptrace', entityType: 'project', observations: ['wraps stdio servers'] }] },
      });
      const found = await client.callTool({ name: 'search_nodes', arguments: { query: 'stdio' } });
      const graph = await client.readResource({ uri: GRAPH });
      await client.unsubscribeResource({ uri: GRAPH });
      await client.ping();
      return { found: JSON.stringify(found), graph: JSON.stringify(graph) };
    },
    { MEMORY_FILE_PATH: join(memoryDir.path, 'memory.jsonl') },
  );
  capture = readCapture(s.capture);
}, 60_000);

afterAll(() => {
  rmSync(memoryDir.path, { recursive: true, force: true });
  if (s) rmSync(s.dir, { recursive: true, force: true });
});

describe('wrap: SDK client ↔ server-memory', () => {
  it('the session succeeds through wrap', () => {
    expect(s.result.found).toContain('wraps stdio servers');
    expect(s.result.graph).toContain('mcptrace');
  });

  it('each side received exactly the bytes the other side sent (sha256 both ways)', () => {
    expect(sha256(s.client.in)).toBe(sha256(s.sdkSent));
    expect(sha256(s.server.in)).toBe(sha256(s.client.in));
    expect(sha256(s.client.out)).toBe(sha256(s.server.out));
    expect(captureBytes(capture, 'c2s').equals(s.client.in)).toBe(true);
    expect(captureBytes(capture, 's2c').equals(s.server.out)).toBe(true);
  });

  it('the server exits 0 when its stdin closes, and wrap with it', () => {
    expect(capture.filter((r) => r.event).map((r) => r.event)).toEqual([
      'start',
      'stdin-closed',
      'stdout-closed',
      'exit',
    ]);
    expect(capture.at(-1)).toMatchObject({ event: 'exit', code: 0, signal: null });
    expect(s.client.exit).toEqual({ code: 0, signal: null });
  });

  it('annotates with correct pairing, phases and capabilities', async () => {
    const records = await annotate(s.capture);
    expect(records).toHaveLength(capture.length);
    expectPaired(records);
    const req = (method: string) => records.filter((r) => r.method === method && r.kind === 'request');
    expect(req('initialize')[0].phase).toBe('initialization');
    expect(req('tools/call').map((r) => [r.phase, r.capability])).toEqual([
      ['operation', { side: 'server', path: 'tools', negotiated: true }],
      ['operation', { side: 'server', path: 'tools', negotiated: true }],
    ]);
    expect(req('resources/subscribe')[0].capability).toEqual({
      side: 'server',
      path: 'resources.subscribe',
      negotiated: true,
    });
    expect(req('resources/read')[0].capability).toEqual({ side: 'server', path: 'resources', negotiated: true });
    const updated = records.filter((r) => r.method === 'notifications/resources/updated');
    expect(updated.length).toBeGreaterThan(0);
    expect(updated[0].phase).toBe('operation');
    expect(records.filter((r) => r.kind === 'event').map((r) => r.phase)).toEqual([
      'initialization',
      'shutdown',
      'shutdown',
      'shutdown',
    ]);
    expect(records.flatMap((r) => r.findings).filter((f) => f.severity === 'error')).toEqual([]);
  });
});
