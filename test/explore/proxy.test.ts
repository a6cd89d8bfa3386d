// `mcptrace proxy --explore` in a real terminal (tmux): the view takes the terminal while the proxy forwards, its title
// the URL to give the host; an SDK client's session through it shows in the list as it happens; q gives the terminal
// back, then the proxy stops and says so, the capture complete (--out) or removed (a temporary one).
import { existsSync, readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { CallToolResultSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { canonical } from '../helpers/canonical-json.js';
import { parseNdjson, runCli } from '../helpers/cli.js';
import { startEverything, type HttpServer } from '../helpers/http-server.js';
import { connectSdk, waitForSeen, type SdkSession } from '../helpers/sdk-http-client.js';
import { tempDir } from '../helpers/temp.js';
import { Tmux } from '../helpers/tmux.js';

let server: HttpServer;
let tmux: Tmux | null = null;
let session: SdkSession | null = null;

beforeAll(async () => {
  server = await startEverything('streamableHttp');
}, 30_000);

afterAll(async () => {
  await server?.stop();
});

afterEach(async () => {
  await tmux?.kill();
  tmux = null;
  if (session) {
    session.client.onerror = () => {}; // its GET stream's reconnection attempts fail once the proxy is gone
    await session.client.close();
  }
  session = null;
});

const rows = (screen: string) => screen.split('\n');
const selected = (screen: string) => rows(screen).find((l) => l.startsWith('>')) ?? '';

describe.each([
  [80, 'with --out'],
  [120, 'on a temporary capture'],
])('proxy --explore at %i columns, %s', (width, how) => {
  it('shows the URL in the title and the session as it happens; q gives the terminal back, then the proxy stops', async () => {
    const capture = how === 'with --out' ? join(tempDir('proxy-explore'), 'capture.ndjson') : null;
    const args = [
      'proxy',
      '--target',
      `http://127.0.0.1:${server.port}/mcp`,
      '--explore',
      '--listen',
      '127.0.0.1:0',
      ...(capture ? ['--out', capture] : []),
    ];
    const t = (tmux = await Tmux.mcptrace(args, width, 24));
    let s = await t.waitFor(
      (x) => /^proxy http:\/\/127\.0\.0\.1:\d+\/mcp · 0 records · following/.test(rows(x)[0]!),
      'the title with the URL',
    );
    const url = /^proxy (\S+)/.exec(rows(s)[0]!)![1]!;
    expect(s).toMatch(/^ {2}no message yet$/m);
    expect(rows(s)[23]).toMatch(/^\? help {2}q quit/);
    expect(await t.modes()).toEqual({ alternate: true, cursor: false });

    session = await connectSdk(url);
    const c = session;
    await waitForSeen(c, (m) => m.dir === 'c2s' && 'result' in m.message && 'roots' in (m.message.result as object));
    await c.client.callTool({ name: 'echo', arguments: { message: 'through the view' } }, CallToolResultSchema, {
      timeout: 15_000,
    });
    s = await t.waitFor((x) => /tools\/call .*echo ↔ #\d+/.test(x), "the tools/call's answer in the list");
    expect(s).toMatch(/req 0 .*initialize/);
    expect(s).toMatch(/tools\/call .*echo$/m);
    for (const line of rows(s)) expect(line.length).toBeLessThanOrEqual(width);
    // The list follows: G selects the last message, and it is the answer just seen.
    await t.keys('G');
    s = await t.waitFor((x) => / #\d+ \d+\/\d+$/.test(rows(x)[0]!), 'the last message selected');
    expect(selected(s)).toMatch(/tools\/call .*echo ↔ #\d+/);
    // Its detail: the pair, and the HTTP exchange that carried it, read from the capture as it grows.
    await t.keys('Enter');
    s = await t.waitFor(
      (x) => /^pair$/m.test(x) && /^ {2}POST \/mcp → 200 text\/event-stream/m.test(x),
      'the detail pane',
    );
    expect(s).toMatch(/^ +#\d+ .*req 1 .*tools\/call +echo$/m);

    await t.keys('q');
    s = await t.waitFor((x) => x.includes('exit 0') && /^-?icanon$/m.test(x), 'the shell after the proxy stopped');
    expect(s).toMatch(/^icanon$/m);
    expect(await t.modes()).toEqual({ alternate: false, cursor: true });
    expect(s).not.toContain('· following');
    // The proxy's own lines, after the view: where it listened, the URL, how it stopped (long lines wrap at the width).
    const said = s.replace(/\n/g, '');
    expect(said).toContain(`MCP server URL: ${url}`);
    expect(said).toMatch(/mcptrace: proxy stopped: \d+ requests forwarded/);
    if (capture) {
      expect(said).toContain(`capture ${capture} complete`);
      const r = await runCli(['annotate', '-f', 'ndjson', capture]);
      expect({ code: r.code, stderr: r.stderr }).toEqual({ code: 0, stderr: '' });
      const records = parseNdjson(r.stdout);
      const got = records
        .filter((x) => x.session === c.session() && x.kind !== 'event')
        .map((x) => `${x.dir} ${canonical(x.message)}`)
        .sort();
      expect(got).toEqual(c.seen.map((m) => `${m.dir} ${canonical(m.message)}`).sort());
      // The client's GET stream was still open when q came: cut, and said so.
      expect(records.filter((x) => x.event?.name === 'http-stream-open').map((x) => x.event.data.reason)).toEqual([
        'end-of-capture',
      ]);
      expect(readFileSync(capture, 'utf8').endsWith('\n')).toBe(true);
    } else {
      const temp = /mcptrace: (\S+capture\.ndjson) was a temporary capture and is removed \(--out FILE keeps it\)/.exec(
        said,
      );
      expect(temp).not.toBeNull();
      expect(existsSync(temp![1]!)).toBe(false);
    }
  });
});

describe('proxy --explore on a temporary capture', () => {
  it('leaves no folder behind when the terminal goes away (a hangup: writing to it fails)', async () => {
    const t = (tmux = await Tmux.mcptrace(
      ['proxy', '--target', `http://127.0.0.1:${server.port}/mcp`, '--explore'],
      80,
      24,
    ));
    await t.waitFor((x) => x.startsWith('proxy http://'), 'the title with the URL');
    const shell = await t.panePid();
    const child = Number(readFileSync(`/proc/${shell}/task/${shell}/children`, 'utf8').trim().split(/\s+/)[0]);
    // The capture the proxy writes, among the files it holds open.
    const capture = readdirSync(`/proc/${child}/fd`)
      .map((fd) => {
        try {
          return readlinkSync(`/proc/${child}/fd/${fd}`);
        } catch {
          return '';
        }
      })
      .find((path) => /\/mcptrace-proxy-[^/]+\/capture\.ndjson$/.test(path));
    expect(capture).toBeDefined();
    await t.kill();
    tmux = null;
    // Polled (bounded) until the process has ended.
    for (let i = 0; i < 200 && existsSync(`/proc/${child}`); i++)
      await new Promise((resolve) => setTimeout(resolve, 50));
    expect(existsSync(`/proc/${child}`)).toBe(false);
    expect(existsSync(dirname(capture!))).toBe(false);
  });
});
