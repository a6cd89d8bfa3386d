// supergateway's log (a stdio server behind SSE / Streamable HTTP / WebSocket, or a remote one as stdio): the
// `[supergateway] ` text lines of 2.x–4.x, and the `--logFormat json` lines (`{"time","level","msg","data"}`).
//
// Grammar and the published logs and sources each shape was seen in: test/fixtures/hosts/supergateway/SOURCES.md.
import type { Dialect } from './types.js';

/** A session or WebSocket client a line names: `(session <uuid>)`, `(client <id>)`. */
const PEER = String.raw`\((?:session|client) [^)\s]+\)`;

export const supergateway: Dialect<'supergateway'> = {
  name: 'supergateway',
  family: 'bridge',
  title: 'supergateway: its log of a bridged server (text or --logFormat json)',
  example:
    '[supergateway] SSE → Child (session 450b6719-902f-4849-813b-2b544fa72cab): {"method":"tools/list","jsonrpc":"2.0","id":2}',
  // No time in the text format.
  lines: [/^\[supergateway\](?: (?<text>.*))?$/],
  // `--logFormat json`: the same texts in `msg`; a non-string argument (the message a `Child → SSE` line logs) in `data`.
  jsonLines: { text: 'msg', time: 'time', level: 'level', data: 'data' },
  names: [
    // The banner names the bridged server: the child's command, or the remote URL.
    /^ {2}- (?:stdio|sse|streamableHttp): (?<server>\S.*)$/,
    // A session's lines; a Streamable HTTP session is never named on its messages: its child is its session.
    /^(?:(?:SSE|WebSocket) → Child|Child → (?:SSE|WebSocket)|Child (?:non-JSON|stderr|exited)|POST to SSE transport|SSE connection closed|Client disconnected) \((?:session|client) (?<session>[^)\s]+)\)/,
  ],
  cues: [
    { re: /^Supergateway is supported by /, weight: 6 },
    {
      re: /^(?:(?:SSE|StreamableHttp|WebSocket) → Child|Child → (?:SSE|StreamableHttp|WebSocket)|Stdio → (?:SSE|Streamable HTTP)|(?:SSE|Streamable HTTP) → Stdio)\b/,
      weight: 6,
    },
    { re: /^(?:POST to SSE transport|New SSE connection from|Child stderr|Child non-JSON|Child exited)\b/, weight: 4 },
    {
      re: /^ {2}- (?:outputTransport|stdio|sse|streamableHttp|port|Headers|ssePath|messagePath|streamableHttpPath|CORS[^:]*|Health endpoints|Session timeout|logLevel|baseUrl): /,
      weight: 3,
    },
    { re: /^Starting\.\.\.$/, weight: 2 },
  ],
  // Run by Claude Desktop as a stdio server: its lines sit in the host's log, with no prefix, between the host's own.
  yieldTo: ['claude-desktop'],
  suffixes: [],
  // The hops are the gateway's, not MCP roles: "Child" is the server, "Stdio" (client modes) the client.
  markers: [
    { re: new RegExp(String.raw`^(?:SSE|StreamableHttp|WebSocket) → Child(?: ${PEER})?: (?<body>.*)$`), dir: 'c2s' },
    { re: /^Child → StreamableHttp: (?<body>.*)$/, dir: 's2c' },
    // util.inspect of the parsed message (at --logLevel debug: compact: false, depth: null); JSON in 4.x WebSocket.
    {
      re: new RegExp(String.raw`^Child → (?:SSE|WebSocket)(?: ${PEER})?:(?: (?<body>.*))?$`),
      dir: 's2c',
      syntax: 'inspect',
    },
    { re: /^Stdio → (?:SSE|Streamable HTTP):(?: (?<body>.*))?$/, dir: 'c2s', syntax: 'inspect' },
    // Client modes: the response the gateway rebuilt (`{ jsonrpc, id, result }`).
    { re: /^Response:(?: (?<body>.*))?$/, dir: 's2c', syntax: 'inspect' },
    // 2.x–3.x client modes: a message the stdio client sent that is not a request, written back to stdout (a bug of
    // the gateway: the server never gets it); logged as that write.
    { re: /^(?:SSE|Streamable HTTP) → Stdio:(?: (?<body>.*))?$/, dir: 's2c', syntax: 'inspect' },
  ],
  summaries: [],
  cut: null,
  // Endpoint announcements (`SSE endpoint:`, `POST messages:`, `StreamableHttp endpoint:`) are logs.
  events: [
    { re: /^Listening on port \d+$/, name: 'listening' },
    { re: /^Stdio server listening$/, name: 'listening' },
    { re: /^New (?:SSE|WebSocket) connection(?: from|:) /, name: 'connected' },
    { re: /^Connecting to (?:SSE|Streamable HTTP)\.\.\.$/, name: 'connecting' },
    { re: /^(?:SSE|Streamable HTTP) connected$/, name: 'connected' },
    { re: /^(?:SSE|StreamableHttp) connection closed \(session [^)]+\)$/, name: 'close' },
    { re: /^(?:SSE|Streamable HTTP) connection closed$/, name: 'close' },
    { re: /^WebSocket connection closed: /, name: 'close' },
    { re: /^Client disconnected \(session [^)]+\)$/, name: 'disconnected' },
    // The one child of a Streamable HTTP session (or of the 2.x gateway) exits: its session ends.
    { re: /^Child exited: code=\S+, signal=\S+$/, name: 'exit', endsSession: true },
    { re: new RegExp(String.raw`^Child exited ${PEER}: code=\S+, signal=\S+$`), name: 'exit' },
  ],
  blocks: [],
  // Lines without the prefix go on with the line above: an error's stack and inspected fields, a stderr chunk's lines.
  unprefixed: 'attach',
  time: 'utc',
};
