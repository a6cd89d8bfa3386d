// A real MCP session through `mcptrace wrap`: the official SDK client, StdioClientTransport, a real server.
//
// The byte path is   SDK client → tee (client side) → mcptrace wrap → tee (server side) → server
// and back. The two tees (test/fixtures/live/tee.mjs) are small independent programs that record what
// crossed their stdin and stdout, so "what the client sent" and "what the server received" are observed
// outside mcptrace, on each side of it, and can be compared by hash. The SDK's own account of what it
// sent (serializeMessage of each message, which is what StdioClientTransport writes) is checked against
// the client-side tee, so the observer is itself checked.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { serializeMessage } from '@modelcontextprotocol/sdk/shared/stdio.js';
import { ListRootsRequestSchema, type JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { CLI_PATH, REPO_ROOT, TEE, tempDir } from './helpers.js';

export interface SdkSession<T> {
  dir: string;
  capture: string;
  /** What the session function returned. */
  result: T;
  /** The bytes the SDK wrote, by its own account. */
  sdkSent: Buffer;
  /** Messages the SDK client received. */
  sdkReceived: JSONRPCMessage[];
  /** Bytes observed by the tees: client side (around wrap) and server side (around the server). */
  client: { in: Buffer; out: Buffer; exit: { code: number | null; signal: string | null } };
  server: { in: Buffer; out: Buffer; exit: { code: number | null; signal: string | null } };
}

/** Runs `session` against `server` (argv) wrapped by `mcptrace wrap --out <dir>/capture.ndjson`, then closes. */
export async function runSdkSession<T>(
  name: string,
  server: string[],
  session: (client: Client, rootsAsked: Promise<void>) => Promise<T>,
  env: Record<string, string> = {},
): Promise<SdkSession<T>> {
  const dir = tempDir(name);
  const capture = join(dir, 'capture.ndjson');
  const node = process.execPath;
  const transport = new StdioClientTransport({
    command: node,
    args: [
      TEE,
      join(dir, 'client'),
      '--',
      node,
      CLI_PATH,
      'wrap',
      '--out',
      capture,
      '--',
      node,
      TEE,
      join(dir, 'server'),
      '--',
      ...server,
    ],
    cwd: REPO_ROOT,
    env,
    stderr: 'ignore',
  });
  const sent: Buffer[] = [];
  const received: JSONRPCMessage[] = [];
  const send = transport.send.bind(transport);
  transport.send = (message: JSONRPCMessage) => {
    const wire = Buffer.from(serializeMessage(message), 'utf8');
    sent.push(wire);
    // A send after close never reaches the pipe: it is not part of what the client sent.
    return send(message).catch((err: unknown) => {
      sent.splice(sent.indexOf(wire), 1);
      throw err;
    });
  };
  // Protocol.connect() keeps a handler already set and calls it before its own, for every message.
  transport.onmessage = (m) => received.push(m);
  const client = new Client(
    { name: 'mcptrace-wrap-test', version: '1.0.0' },
    { capabilities: { roots: { listChanged: true } } },
  );
  let rootsAsked!: () => void;
  const asked = new Promise<void>((resolve) => (rootsAsked = resolve));
  client.setRequestHandler(ListRootsRequestSchema, async () => {
    rootsAsked();
    return { roots: [{ uri: 'file:///workspace/mcptrace', name: 'mcptrace' }] };
  });
  let result: T;
  await client.connect(transport);
  try {
    result = await session(client, asked);
  } finally {
    await client.close();
  }
  await waitForFile(join(dir, 'client', 'exit.json'), 10_000);
  const read = (side: string) => ({
    in: readFileSync(join(dir, side, 'in.bin')),
    out: readFileSync(join(dir, side, 'out.bin')),
    exit: JSON.parse(readFileSync(join(dir, side, 'exit.json'), 'utf8')),
  });
  return {
    dir,
    capture,
    result,
    sdkSent: Buffer.concat(sent),
    sdkReceived: received,
    client: read('client'),
    server: read('server'),
  };
}

/** The tee writes exit.json as it ends; the SDK's close() may return before that (after its SIGKILL). */
async function waitForFile(path: string, ms: number): Promise<void> {
  const until = Date.now() + ms;
  while (!existsSync(path) && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
}
