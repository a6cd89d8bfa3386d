// mcptrace proxy in front of the 2024-11-05 HTTP+SSE transport: server-everything's sse mode, the SDK's SSEClientTransport.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHttpProxy, type RunningProxy } from '../../src/live/http-proxy.js';
import { SyncFile } from '../../src/live/sync-file.js';
import { canonical } from '../helpers/canonical-json.js';
import { parseNdjson } from '../helpers/cli.js';
import { startEverything, type HttpServer } from '../helpers/http-server.js';
import { runMain } from '../helpers/in-process.js';
import { runLegacySessions, type SdkSession } from '../helpers/sdk-http-client.js';
import { lazyTempDir } from '../helpers/temp.js';

const dir = lazyTempDir('http-proxy-legacy');
let server: HttpServer;
let proxy: RunningProxy;
let records: Record<string, any>[] = [];
const sessions: SdkSession[] = [];

beforeAll(async () => {
  server = await startEverything('sse');
  const capture = join(dir.path, 'legacy.ndjson');
  const stderr = new Writable({ write: (_c, _e, done) => done() });
  proxy = await startHttpProxy(
    {
      target: new URL(`http://127.0.0.1:${server.port}/sse`),
      host: '127.0.0.1',
      port: 0,
      out: SyncFile.open(capture),
      maxLine: 1 << 20,
    },
    { stderr, env: {} },
  );
  expect(proxy.url).toBe(`http://127.0.0.1:${proxy.port}/sse`);
  sessions.push(...(await runLegacySessions(proxy.url)));
  await proxy.stop();
  const r = await runMain(['annotate', '-f', 'ndjson', capture]);
  expect(r.code).toBe(0);
  records = parseNdjson(r.stdout);
}, 90_000);

afterAll(async () => {
  await proxy?.stop();
  await server?.stop();
  rmSync(dir.path, { recursive: true, force: true });
});

describe('mcptrace proxy in front of HTTP+SSE (2024-11-05)', () => {
  it('passes the endpoint event through (a relative URL: the client posts to the proxy) and keys each session by it', () => {
    for (const s of sessions) {
      const id = s.session();
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      const expected = s.seen.map((m) => `${m.dir} ${canonical(m.message)}`).sort();
      const got = records
        .filter((x) => x.session === id && x.kind !== 'event')
        .map((x) => `${x.dir} ${canonical(x.message)}`)
        .sort();
      expect(got).toEqual(expected);
      const endpoint = records.find((x) => x.session === id && x.event?.name === 'http-endpoint');
      expect(endpoint?.event.data.endpoint).toMatch(new RegExp(`^/message\\?sessionId=${id}$`));
      expect(endpoint?.http).toMatchObject({ method: 'GET', path: '/sse', stream: 'get' });
    }
    expect(records.filter((x) => x.kind === 'invalid')).toEqual([]);
  });
});
