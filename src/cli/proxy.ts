// `mcptrace proxy --target URL [options]`: options and files, then the HTTP reverse proxy in src/live/.
import type { Argv } from 'yargs';
import {
  ListenError,
  startHttpProxy,
  stopOnSignal,
  type HttpProxyIO,
  type HttpProxyOptions,
  type RunningProxy,
} from '../live/http-proxy.js';
import type { CliIO } from './context.js';
import { preloadSchemas } from '../protocol/schemas.js';
import { UsageError } from '../util/errors.js';
import { DEFAULT_HOST, listenAddress } from './listen-address.js';
import { countOption } from './numeric-options.js';
import { WIDTH_OPTION } from './options.js';
import { liveSpans, otlpLiveOptions, type OtlpLiveArgs } from './otlp-live.js';
import { requireTerminal } from './explore.js';
import { ProxyView } from './proxy-explore.js';
import { DEFAULT_MAX_LINE, openOutput } from './wrap.js';

export interface ProxyArgs extends OtlpLiveArgs {
  target?: string;
  listen: string;
  out?: string;
  append: boolean;
  live?: string;
  color?: boolean;
  width?: number;
  maxLine: number;
  explore: boolean;
}

export function proxyBuilder(y: Argv) {
  return otlpLiveOptions(y)
    .usage(
      '$0 proxy --target URL [options]\n\nRun an HTTP reverse proxy in front of an MCP server (Streamable HTTP, or the 2024-11-05 HTTP+SSE transport): point the host at the URL it prints; every request and answer passes unchanged, and the session is captured and/or annotated as it happens. Ctrl-C stops it.',
    )
    .option('target', {
      alias: 't',
      describe: "the server's URL (http:// or https://), e.g. https://example.com/mcp",
      type: 'string',
      requiresArg: true,
    })
    .option('listen', {
      alias: 'l',
      describe: 'where to listen: PORT, HOST:PORT or [IPv6]:PORT (port 0: any free port, printed)',
      type: 'string',
      default: `${DEFAULT_HOST}:0`,
      requiresArg: true,
    })
    .option('out', {
      alias: 'o',
      describe:
        'write the capture to FILE as envelope NDJSON, record by record (follow it with `mcptrace annotate --follow FILE`)',
      type: 'string',
      requiresArg: true,
    })
    .option('append', { describe: 'append to the --out file instead of replacing it', type: 'boolean', default: false })
    .option('live', {
      describe: 'print the annotated transcript as it happens, to stderr (--live) or to FILE (--live FILE)',
      type: 'string',
    })
    .option('color', {
      describe:
        'colour the live transcript or the --explore view (default: only on a terminal; NO_COLOR / FORCE_COLOR honoured)',
      type: 'boolean',
    })
    .option('width', WIDTH_OPTION)
    .option(
      'max-line',
      countOption(
        'max-line',
        'capture at most N bytes of one body or SSE event (a longer one is recorded cut, with its true size, and forwarded whole)',
        DEFAULT_MAX_LINE,
      ),
    )
    .option('explore', {
      describe:
        'browse the sessions as they happen in the full-screen view of `mcptrace explore` (docs/explore.md); its title shows the URL to give the host, q stops the proxy. The capture goes to --out FILE, or to a temporary file removed at the end',
      type: 'boolean',
      default: false,
    })
    .option('debug', { describe: 'print stack traces of internal errors', type: 'boolean', default: false })
    .example(
      '$0 proxy --target https://example.com/mcp --out session.ndjson',
      "capture a remote server's sessions: give the host the URL printed",
    )
    .example(
      '$0 proxy --target http://127.0.0.1:3001/mcp --listen 8931 --live',
      'annotated transcript on stderr, on a fixed port',
    )
    .example(
      '$0 proxy --target http://127.0.0.1:3001/mcp --explore',
      'browse the messages as they pass; q stops the proxy',
    );
}

export async function runProxy(args: ProxyArgs, io: CliIO): Promise<number> {
  if (args.target === undefined || args.target === '')
    throw new UsageError("proxy needs the server's URL: mcptrace proxy --target URL");
  const target = targetUrl(args.target);
  const { host, port } = listenAddress(args.listen, '--listen');
  // Checked before any file is opened.
  const spans = await liveSpans(args, io);
  if (args.explore) {
    if (args.live !== undefined)
      throw new UsageError(
        '--explore and --live are two views of the traffic: give one (the view follows the capture, which --out keeps)',
      );
    requireTerminal(
      io,
      'proxy --explore',
      'leave --explore out, or give --live for the annotated transcript on stderr',
    );
  }
  const liveFile = args.live === undefined || args.live === '' ? null : args.live;
  if (args.out !== undefined && liveFile === args.out)
    throw new UsageError('--live FILE and --out FILE must be different files');
  // Checked before a temporary capture's folder is made.
  const out = args.out === undefined ? undefined : openOutput(args.out, args.append, 'capture');
  const view = args.explore ? new ProxyView(args.out, io) : null;
  const live =
    args.live === undefined ? undefined : liveFile === null ? 'stderr' : openOutput(liveFile, false, 'live transcript');
  // The live view (and --otlp-endpoint's annotation) checks schemas: load the SDK's as the bundle's ES module chunk
  // (src/protocol/schemas.ts).
  if (live !== undefined || spans !== undefined) await preloadSchemas();
  const opts: HttpProxyOptions = {
    target,
    host,
    port,
    out: out ?? (view ? openOutput(view.capture, false, 'capture') : undefined),
    live,
    color: args.color,
    width: args.width,
    maxLine: args.maxLine,
    captureName: args.out,
    spans,
  };
  const proxyIO: HttpProxyIO = view?.io ?? io;
  let running: RunningProxy;
  try {
    running = await startHttpProxy(opts, proxyIO);
  } catch (err) {
    view?.release();
    view?.end(false);
    if (err instanceof ListenError) throw new UsageError(err.message);
    throw err;
  }
  if (view) return view.run(running, args.color);
  // Ctrl-C is how a proxy ends: a clean stop, the capture complete, exit 0.
  await stopOnSignal(running);
  return 0;
}

/** The target: an absolute http: or https: URL without credentials (the client's own headers carry those). */
function targetUrl(text: string): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new UsageError(`--target ${text}: not a URL; give the server's URL, e.g. http://127.0.0.1:3001/mcp`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new UsageError(`--target ${text}: give an http:// or https:// URL`);
  if (url.username !== '' || url.password !== '')
    throw new UsageError(
      `--target ${text}: leave credentials out of the URL; the client's own headers (Authorization) pass through the proxy`,
    );
  if (url.hash !== '') throw new UsageError(`--target ${text}: a URL with a #fragment is not a server's address`);
  return url;
}
