// The HTTP samples behind samples/: server-everything in its Streamable HTTP mode on 127.0.0.1, captured by tcpdump
// on lo while the SDK client runs a session (everything-http.pcap), recorded as HAR by Debian's Chromium through
// playwright-core while a page runs one with fetch (everything-http.har), and tried by hand with curl -v, its output
// kept as a user pastes it (everything-http.curl.txt). Nothing leaves the machine.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import {
  appendFileSync,
  closeSync,
  createReadStream,
  existsSync,
  openSync,
  readFileSync,
  writeFileSync,
} from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import net from 'node:net';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { CallToolResultSchema, ListRootsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { ROOTS } from './client-answers.mjs';
import { EVERYTHING_JS } from './sessions.mjs';

const CHROMIUM = '/usr/bin/chromium';
const T = { timeout: 15000 };
const log = (text) => process.stderr.write(`${text}\n`);

/**
 * server-everything `streamableHttp` on 127.0.0.1 and a free port: test/helpers/loopback-listen.mjs, preloaded, binds
 * its `listen(PORT)` to 127.0.0.1 and says the port on stderr.
 */
async function startEverything(root) {
  const child = spawn(
    process.execPath,
    ['--import', join(root, 'test/helpers/loopback-listen.mjs'), join(root, EVERYTHING_JS), 'streamableHttp'],
    {
      cwd: root,
      env: { ...process.env, PORT: '0' },
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  let err = '';
  const port = await new Promise((resolve, reject) => {
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (d) => {
      err += d;
      const m = /mcptrace-test: listening on 127\.0\.0\.1:(\d+)/.exec(err);
      if (m) resolve(Number(m[1]));
    });
    child.once('exit', (code) => reject(new Error(`server-everything exited (${code}) before listening:\n${err}`)));
  });
  return {
    port,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** `tcpdump -i lo -w FILE tcp port PORT`, once it says it is listening; `stop` ends it with SIGINT and waits. */
async function startTcpdump(file, port) {
  const child = spawn('tcpdump', ['-i', 'lo', '-w', file, '-U', '-Z', 'root', `tcp port ${port}`], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const exited = once(child, 'exit');
  let err = '';
  await new Promise((resolve, reject) => {
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (s) => {
      err += s;
      if (err.includes('listening on')) resolve();
    });
    child.once('error', (e) => reject(new Error(`tcpdump: ${e.message} (apt-get install -y tcpdump; run as root)`)));
    child.once('exit', (code) =>
      reject(new Error(`tcpdump exited (${code}) before listening: ${err.trim()} (it needs root)`)),
    );
  });
  return {
    async stop() {
      child.kill('SIGINT');
      await exited;
    },
  };
}

/**
 * A last connection to `port`, opened and closed with nothing sent: once its FIN is in the file, tcpdump has written
 * every packet before it (it writes what the kernel hands it in blocks, late). Read with the built reader.
 */
async function markEnd(root, port, file) {
  const { captureStreams } = await import(join(root, 'dist/src/input/capture/capture-streams.js'));
  const socket = net.connect(port, '127.0.0.1');
  await once(socket, 'connect');
  const local = socket.localPort;
  socket.end();
  await once(socket, 'close');
  const end = Date.now() + 20000;
  for (;;) {
    const mine = new Set();
    for await (const e of captureStreams(createReadStream(file))) {
      if (e.kind === 'open' && e.client.port === local) mine.add(e.conn);
      else if (e.kind === 'close' && e.how === 'fin' && mine.has(e.conn)) return;
    }
    if (Date.now() > end) throw new Error('tcpdump never wrote the last connection');
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * The pcap sample's session, one SDK client (roots capability, so the server asks for them on its GET stream):
 * initialize, the roots the server asks for, tools/list, echo, a tool with progress, ping, then DELETE.
 */
async function sdkSession(url) {
  const transport = new StreamableHTTPClientTransport(new URL(url));
  const client = new Client(
    { name: 'mcptrace-recorder', version: '0.1.0' },
    { capabilities: { roots: { listChanged: true } } },
  );
  let asked;
  const rootsAsked = new Promise((resolve) => (asked = resolve));
  client.setRequestHandler(ListRootsRequestSchema, async () => {
    setTimeout(asked, 100);
    return { roots: ROOTS };
  });
  await client.connect(transport, T);
  await Promise.race([
    rootsAsked,
    new Promise((_, reject) => setTimeout(() => reject(new Error('the server never asked for roots')), 5000)),
  ]);
  await client.listTools(undefined, T);
  await client.callTool({ name: 'echo', arguments: { message: 'hello over HTTP' } }, CallToolResultSchema, T);
  const progress = [];
  await client.callTool(
    { name: 'trigger-long-running-operation', arguments: { duration: 0.6, steps: 3 } },
    CallToolResultSchema,
    { ...T, onprogress: (p) => progress.push(p.progress) },
  );
  await client.ping(T);
  await transport.terminateSession();
  await client.close();
  log(`  pcap: session done, progress ${progress.join(', ')}`);
}

/** Records samples/everything-http.pcap's traffic into `file`. */
export async function recordPcap(root, file) {
  if (process.getuid?.() !== 0) throw new Error('recording the pcap sample needs root (tcpdump -i lo)');
  const server = await startEverything(root);
  try {
    const capture = await startTcpdump(file, server.port);
    try {
      await sdkSession(`http://127.0.0.1:${server.port}/mcp`);
      await markEnd(root, server.port, file);
    } finally {
      await capture.stop();
    }
  } finally {
    await server.stop();
  }
}

/** Records samples/everything-http.har: the page test/capture/har-page.html (fetch, no SDK) in Chromium, from another origin. */
export async function recordHar(root, file) {
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: apt-get install -y chromium`);
  const { chromium } = await import('playwright-core');
  const page = await readFile(join(root, 'test/capture/har-page.html'), 'utf8');
  const server = await startEverything(root);
  const pages = createServer((req, res) => {
    if (req.url !== '/') return res.writeHead(404).end();
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end(page.replace('<script>', `<script>const MCP_URL = 'http://127.0.0.1:${server.port}/mcp';`));
  });
  pages.listen(0, '127.0.0.1');
  await once(pages, 'listening');
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  try {
    const context = await browser.newContext({ recordHar: { path: file, content: 'embed' } });
    const tab = await context.newPage();
    await tab.goto(`http://127.0.0.1:${pages.address().port}/`);
    await tab.waitForFunction(() => window.mcp !== undefined, undefined, { timeout: 30000 });
    const result = await tab.evaluate(() => window.mcp);
    if (result.error) throw new Error(`the page's session failed: ${result.error}`);
    await context.close(); // writes the HAR
    log(`  har: session ${result.session}, ${result.seen.length} messages, DELETE ${result.deleted}`);
  } finally {
    await browser.close();
    pages.close();
    await server.stop();
  }
}

/** A word as a user types it in a POSIX shell: single-quoted when it needs quoting. */
const quote = (w) => (/^[\w@%+=:,./-]+$/.test(w) ? w : `'${w.replace(/'/g, `'\\''`)}'`);

/** One curl run: its command line after a `$ ` prompt, then what it wrote to stderr and stdout (`2>&1`), into `file`. */
async function curl(file, args) {
  appendFileSync(file, `$ curl ${args.map(quote).join(' ')}\n`);
  const fd = openSync(file, 'a');
  try {
    const child = spawn('curl', args, { stdio: ['ignore', fd, fd] });
    child.once('error', () => {});
    const [code] = await once(child, 'exit');
    if (code !== 0) throw new Error(`curl ${args.join(' ')} exited ${code} (apt-get install -y curl)`);
  } finally {
    closeSync(fd);
  }
}

/**
 * Records samples/everything-http.curl.txt: a session tried by hand with `curl -v -N` (the progress meter too: stdout
 * is no terminal), each run's command line before its output: initialize, notifications/initialized, tools/list, a
 * tool with progress streamed over SSE, then DELETE.
 */
export async function recordCurl(root, file) {
  writeFileSync(file, '');
  const server = await startEverything(root);
  try {
    const url = `http://127.0.0.1:${server.port}/mcp`;
    const json = ['-H', 'Content-Type: application/json', '-H', 'Accept: application/json, text/event-stream'];
    const init = {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'curl', version: '8' } },
    };
    await curl(file, ['-v', '-N', '-X', 'POST', url, ...json, '-d', JSON.stringify(init)]);
    const session = /^< mcp-session-id: (\S+)\r?$/m.exec(readFileSync(file, 'utf8'))?.[1];
    if (session === undefined) throw new Error('no Mcp-Session-Id in the initialize answer');
    const inSession = [...json, '-H', `Mcp-Session-Id: ${session}`, '-H', 'MCP-Protocol-Version: 2025-06-18'];
    await curl(file, ['-v', '-N', url, ...inSession, '-d', '{"jsonrpc":"2.0","method":"notifications/initialized"}']);
    await curl(file, ['-v', '-N', url, ...inSession, '-d', '{"jsonrpc":"2.0","id":2,"method":"tools/list"}']);
    const call = {
      jsonrpc: '2.0',
      id: 3,
      method: 'tools/call',
      params: {
        name: 'trigger-long-running-operation',
        arguments: { duration: 0.6, steps: 3 },
        _meta: { progressToken: 'p3' },
      },
    };
    await curl(file, ['-v', '-N', url, ...inSession, '-d', JSON.stringify(call)]);
    await curl(file, [
      '-v',
      '-X',
      'DELETE',
      url,
      '-H',
      `Mcp-Session-Id: ${session}`,
      '-H',
      'MCP-Protocol-Version: 2025-06-18',
    ]);
    log(`  curl: session ${session}`);
  } finally {
    await server.stop();
  }
}
