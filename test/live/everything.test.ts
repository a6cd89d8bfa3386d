// wrap between the official SDK client and server-everything: a real session, byte-identical both ways,
// and a capture that annotates with the right pairing, phases and capabilities.
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  annotate,
  captureBytes,
  EVERYTHING_JS,
  expectPaired,
  readCapture,
  sha256,
  type CaptureRecord,
} from './helpers.js';
import { runSdkSession, type SdkSession } from './sdk-session.js';

interface Results {
  tools: number;
  echo: unknown;
  resource: string;
  prompt: number;
}

let s: SdkSession<Results>;
let capture: CaptureRecord[];

beforeAll(async () => {
  s = await runSdkSession('everything', ['node', EVERYTHING_JS, 'stdio'], async (client, rootsAsked) => {
    await rootsAsked; // server-everything asks for roots ~350 ms after notifications/initialized
    const tools = (await client.listTools()).tools.length;
    const echo = await client.callTool({ name: 'echo', arguments: { message: 'through mcptrace wrap ✓' } });
    await client.callTool({ name: 'get-sum', arguments: { a: 19, b: 23 } });
    const resources = await client.listResources();
    const read = await client.readResource({ uri: resources.resources[0].uri });
    await client.listPrompts();
    const prompt = (await client.getPrompt({ name: 'simple-prompt' })).messages.length;
    await client.setLoggingLevel('debug');
    await client.ping();
    return { tools, echo, resource: read.contents[0].uri, prompt };
  });
  capture = readCapture(s.capture);
}, 60_000);

afterAll(() => s && rmSync(s.dir, { recursive: true, force: true }));

describe('wrap: SDK client ↔ server-everything', () => {
  it('the session succeeds through wrap', () => {
    expect(s.result.tools).toBeGreaterThan(5);
    expect(s.result.echo).toEqual({ content: [{ type: 'text', text: 'Echo: through mcptrace wrap ✓' }] });
    expect(s.result.resource).toMatch(/^demo:\/\//);
    expect(s.result.prompt).toBeGreaterThan(0);
  });

  it('each side received exactly the bytes the other side sent (sha256 both ways)', () => {
    expect(s.client.in.length).toBeGreaterThan(500);
    expect(s.server.out.length).toBeGreaterThan(5000);
    expect(sha256(s.client.in)).toBe(sha256(s.sdkSent)); // the client-side observer saw what the SDK wrote
    expect(sha256(s.server.in)).toBe(sha256(s.client.in)); // client → server
    expect(sha256(s.client.out)).toBe(sha256(s.server.out)); // server → client
    expect(s.sdkReceived.length).toBe(capture.filter((r) => r.dir === 's2c').length);
  });

  it('the capture holds every wire line exactly, in order, between start and exit', () => {
    expect(captureBytes(capture, 'c2s').equals(s.client.in)).toBe(true);
    expect(captureBytes(capture, 's2c').equals(s.server.out)).toBe(true);
    const events = capture.filter((r) => r.event !== undefined);
    expect(events.map((e) => e.event)).toEqual(['start', 'stdin-closed', 'stdout-closed', 'exit']);
    expect(capture[0].command).toEqual([
      process.execPath,
      expect.stringMatching(/tee\.mjs$/),
      expect.any(String),
      '--',
      'node',
      EVERYTHING_JS,
      'stdio',
    ]);
    expect(typeof capture[0].pid).toBe('number');
    expect(capture.at(-1)).toMatchObject({ event: 'exit', code: s.server.exit.code, signal: s.server.exit.signal });
    expect(s.client.exit).toEqual({ code: s.server.exit.code ?? 128 + 15, signal: null });
    const times = capture.map((r) => Date.parse(r.ts));
    expect(times.every((t, i) => i === 0 || t >= times[i - 1])).toBe(true);
  });

  it('annotates with correct pairing, phases and capabilities', async () => {
    const records = await annotate(s.capture);
    expect(records).toHaveLength(capture.length);
    expectPaired(records);
    const find = (method: string, kind = 'request') => records.find((r) => r.method === method && r.kind === kind)!;
    expect(find('initialize').phase).toBe('initialization');
    expect(find('initialize', 'response').phase).toBe('initialization');
    expect(find('notifications/initialized', 'notification').phase).toBe('initialization');
    for (const [method, side, path] of [
      ['tools/list', 'server', 'tools'],
      ['tools/call', 'server', 'tools'],
      ['resources/read', 'server', 'resources'],
      ['prompts/get', 'server', 'prompts'],
      ['logging/setLevel', 'server', 'logging'],
      ['roots/list', 'client', 'roots'],
    ] as const) {
      for (const kind of ['request', 'response']) {
        const r = find(method, kind);
        expect({ method, kind, phase: r.phase, capability: r.capability }).toEqual({
          method,
          kind,
          phase: 'operation',
          capability: { side, path, negotiated: true },
        });
      }
    }
    expect(find('ping').capability).toBeNull();
    const events = records.filter((r) => r.kind === 'event');
    expect(events.map((e) => [e.event.name, e.phase])).toEqual([
      ['start', 'initialization'],
      ['stdin-closed', 'shutdown'],
      ['stdout-closed', 'shutdown'],
      ['exit', 'shutdown'],
    ]);
    expect(records.filter((r) => r.kind === 'invalid')).toEqual([]);
    expect(records.flatMap((r) => r.findings).filter((f) => f.severity === 'error')).toEqual([]);
  });
});
