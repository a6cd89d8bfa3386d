// A real HAR: Debian's Chromium (playwright-core, recordHar) runs an MCP session with fetch against server-everything.
import { createReadStream, existsSync, readFileSync } from 'node:fs';
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyze } from '../../src/analyze-stream.js';
import { readFrames } from '../../src/input/read.js';
import type { Frame, PipelineRecord } from '../../src/types.js';
import { CHROMIUM, launchChromium, SKIP_BROWSER } from '../browser/chromium.js';
import { canonical } from '../helpers/canonical-json.js';
import { startEverything, type HttpServer } from '../helpers/http-server.js';
import { tempDir } from '../helpers/temp.js';
import { transportFindings } from '../helpers/transport-rules.js';

const PAGE = readFileSync(fileURLToPath(new URL('./har-page.html', import.meta.url)), 'utf8');

interface PageResult {
  session: string;
  seen: { dir: 'c2s' | 's2c'; message: unknown }[];
  deleted: number;
  error?: string;
}

let server: HttpServer;
let pages: Server;
let harPath: string;
let result: PageResult;
const frames: Frame[] = [];
let records: PipelineRecord[] = [];
const notes: string[] = [];
let format = '';

describe.skipIf(SKIP_BROWSER)('a HAR recorded by Chromium', () => {
  beforeAll(async () => {
    expect(existsSync(CHROMIUM), `${CHROMIUM} is missing: apt-get install -y chromium`).toBe(true);
    server = await startEverything('streamableHttp');
    // The page comes from another origin (another port): the MCP server's CORS lets it read Mcp-Session-Id.
    pages = createServer((req, res) => {
      if (req.url !== '/') {
        res.writeHead(404).end();
        return;
      }
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
      res.end(PAGE.replace('<script>', `<script>const MCP_URL = 'http://127.0.0.1:${server.port}/mcp';`));
    });
    pages.listen(0, '127.0.0.1');
    await once(pages, 'listening');
    harPath = join(tempDir('har'), 'session.har');
    const browser = await launchChromium();
    try {
      const context = await browser.newContext({ recordHar: { path: harPath, content: 'embed' } });
      const page = await context.newPage();
      await page.goto(`http://127.0.0.1:${(pages.address() as AddressInfo).port}/`);
      await page.waitForFunction(() => (window as unknown as { mcp?: unknown }).mcp !== undefined, undefined, {
        timeout: 30_000,
      });
      result = (await page.evaluate(() => (window as unknown as { mcp: unknown }).mcp)) as PageResult;
      await context.close(); // writes the HAR
    } finally {
      await browser.close();
    }
    for await (const f of readFrames(createReadStream(harPath), {
      file: 'session.har',
      onFormat: (f) => (format = f),
      status: { note: (_source, t) => notes.push(t) },
    }))
      frames.push(f);
    records = (await analyze(createReadStream(harPath), { file: 'session.har' })).records;
  }, 120_000);

  afterAll(async () => {
    pages?.close();
    await server?.stop();
  });

  it('is detected as HAR and holds every message the page sent and received, in its session', () => {
    expect(result.error).toBeUndefined();
    expect(format).toBe('har');
    const expected = result.seen.map((m) => `${m.dir} ${canonical(m.message)}`).sort();
    const got = frames
      .filter((f) => f.event === undefined)
      .map((f) => `${f.dir} ${canonical(JSON.parse(f.text!))}`)
      .sort();
    expect(got).toEqual(expected);
    expect(frames.filter((f) => f.event === undefined).every((f) => f.session === result.session)).toBe(true);
  });

  it('reads the SSE answers with their event ids, and the 202s, the open GET stream and the DELETE as events', () => {
    const progress = records.filter((r) => r.method === 'notifications/progress');
    expect(progress.length).toBe(2);
    for (const r of progress)
      expect(r.http).toMatchObject({
        method: 'POST',
        path: '/mcp',
        status: 200,
        contentType: 'text/event-stream',
        stream: 'post',
      });
    const events = records.filter((r) => r.kind === 'event').map((r) => r.event!.name);
    expect(events).toContain('http-accepted');
    expect(events).toContain('http-delete');
    const get = records.find((r) => r.http?.method === 'GET');
    // The GET stream was still open when the HAR was written: the HAR says so, or leaves the entry out.
    if (get !== undefined) expect(get.event?.name).toBe('http-body-not-captured');
    expect(result.deleted).toBe(200);
  });

  it('breaks no transport rule: the page sends Accept, Mcp-Session-Id and MCP-Protocol-Version as the spec asks', () => {
    expect(transportFindings(records)).toEqual([]);
  });

  it('pairs every response, and names the page load in one line', () => {
    for (const r of records.filter((r) => r.kind === 'response' || r.kind === 'error'))
      expect(r.pair, r.source).not.toBeNull();
    expect(records.filter((r) => r.kind === 'invalid')).toEqual([]);
    expect(new Set(records.map((r) => r.session))).toEqual(new Set([result.session]));
    expect(notes.join('\n')).toMatch(/HAR entr(y|ies) carried no MCP message \(GET \/ 200/);
  });
});
