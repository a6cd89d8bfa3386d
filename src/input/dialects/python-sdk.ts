// The Python SDK's debug logs (`mcp.server.sse`, `mcp.client.streamable_http` … through Python's logging, in the
// formats applications choose, and FastMCP's rich console), SDK 1.2 to 2.x, server and client side.
//
// Grammar and the published logs and sources each shape was seen in: test/fixtures/hosts/python-sdk/SOURCES.md.
import { PY_LEVEL, RICH_LINE, UVICORN_LINE } from './python-logging.js';
import type { Dialect } from './types.js';

/** `%(asctime)s` (`2025-06-09 23:51:51,002`), or a `datefmt` of seconds: local time, no zone. */
const ASCTIME = String.raw`(?<ts>\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(?:,\d{3})?)`;
const LOGGER = String.raw`[\w.]+`;

export const pythonSdk: Dialect<'python-sdk'> = {
  name: 'python-sdk',
  family: 'sdk',
  title: "Python SDK: debug logs of mcp.server.* and mcp.client.* (Python's logging, FastMCP's rich console)",
  example: `2025-06-09 23:51:51,097 - mcp.server.sse - DEBUG - Received JSON: b'{"method":"tools/list","jsonrpc":"2.0","id":1}'`,
  // The logging formats applications were seen to choose; the SDK's messages are the same in all of them.
  lines: [
    // `%(asctime)s - %(name)s - %(levelname)s - %(message)s`
    new RegExp(String.raw`^${ASCTIME} - ${LOGGER} - ${PY_LEVEL} - (?<text>.*)$`),
    // `%(asctime)s [%(name)s] %(levelname)s: %(message)s`
    new RegExp(String.raw`^${ASCTIME} \[${LOGGER}\] ${PY_LEVEL}: (?<text>.*)$`),
    // `%(asctime)s | %(levelname)s | %(name)s | %(message)s`
    new RegExp(String.raw`^${ASCTIME} \| ${PY_LEVEL} \| ${LOGGER} \| (?<text>.*)$`),
    // logging's default, `%(levelname)s:%(name)s:%(message)s` (no time)
    new RegExp(String.raw`^${PY_LEVEL}:${LOGGER}:(?<text>.*)$`),
    RICH_LINE,
    UVICORN_LINE,
  ],
  // Message texts of the SDK's own loggers (a host line's text is the message, after the logger's name).
  cues: [
    { re: /^Received JSON: (?:b['"]|\{')/, weight: 6 },
    { re: /^chunk: b'event: (?:message|endpoint)\\r\\n/, weight: 6 },
    {
      re: /^(?:Sending client message|Received server message|SSE message): (?:root=|SessionMessage\(|method=|jsonrpc=)/,
      weight: 6,
    },
    { re: /^Created new session with ID: /, weight: 5 },
    { re: /^Setting up SSE connection/, weight: 5 },
    { re: /^SseServerTransport initialized with endpoint: /, weight: 5 },
    { re: /^Connecting to (?:StreamableHTTP|SSE) endpoint: /, weight: 5 },
    { re: /^(?:Validated client message|Sending (?:session )?message to writer|Sending message via SSE):/, weight: 4 },
    { re: /^(?:Handling POST message|Parsed session ID: |Sent endpoint event: |Starting SSE writer)/, weight: 3 },
    { re: /^(?:Received session ID|Negotiated protocol version): /, weight: 3 },
  ],
  // mcp-proxy (its own dialect) logs through the SDK's loggers: a line only mcp-proxy writes says the log is its; a
  // server Claude Desktop runs writes its stderr into the host's log, between the host's own lines.
  yieldTo: ['mcp-proxy', 'claude-desktop'],
  suffixes: [],
  markers: [
    // The exact bytes of a POST the SSE server received, and of an SSE frame sse_starlette wrote: the frame restates
    // the server's repr of what it sends, logged just before it.
    { re: /^Received JSON: (?<body>b(?:'.*'|".*"))$/, dir: 'c2s', syntax: 'python-bytes' },
    // SDK 1.2–1.4 logged the body parsed (`await request.json()`): a Python dict.
    { re: /^Received JSON: (?<body>\{.*\})$/, dir: 'c2s', syntax: 'python-repr' },
    {
      re: /^chunk: b'event: message\\r\\ndata: (?<body>.*)\\r\\n\\r\\n'$/,
      dir: 's2c',
      syntax: 'python-bytes',
      restates: true,
    },
    // The server's own repr of what it sends: the message only when sse_starlette's chunk does not follow (not at DEBUG).
    { re: /^Sending message via SSE: (?<body>.*)$/, dir: 's2c', syntax: 'python-repr' },
    // What the server hands its session for a client message: the message only when the log left out the `Received
    // JSON` line of it (that line, then `Validated client message: …`, come first).
    { re: /^Sending (?:session )?message to writer: (?<body>.*)$/, dir: 'c2s', syntax: 'python-repr', repeats: true },
    // The client side logs only reprs.
    { re: /^Sending client message: (?<body>.*)$/, dir: 'c2s', syntax: 'python-repr' },
    { re: /^(?:Received server message|SSE message): (?<body>.*)$/, dir: 's2c', syntax: 'python-repr' },
  ],
  summaries: [],
  cut: null,
  // An application that adds a handler to a logger that already has one (or to the root as well) gets every line
  // twice, the same record at the same millisecond: the second is an echo, a log record (Dialect.echoes).
  echoes: { sameTime: true },
  // `Validated client message: …` echoes a message already read: a log.
  events: [
    // The client names the server by its URL; a server by where uvicorn serves it.
    { re: /^Connecting to (?:StreamableHTTP|SSE) endpoint: (?<server>\S+)$/, name: 'connect', startsSession: true },
    { re: /^Uvicorn running on (?<server>\S+)/, name: 'listening' },
    { re: /^Created new session with ID: \S+$/, name: 'session-start', startsSession: true },
    { re: /^Received session ID: \S+$/, name: 'session-id' },
    { re: /^Negotiated protocol version: \S+$/, name: 'negotiated' },
  ],
  blocks: [],
  // Tracebacks and uvicorn's multi-line errors: consecutive lines without a prefix are one log record.
  unprefixed: 'run',
  wrapIndent: 29,
  time: 'local',
};
