// mcp-proxy's log (sparfenyuk/mcp-proxy, Python): client mode (a remote SSE / Streamable HTTP server as stdio) and
// server mode (stdio servers over SSE), with --debug; the bracket format of ≥0.6 and Python's default format before.
//
// mcp-proxy logs no message itself: its message lines are the Python SDK's loggers' (pydantic reprs, the POST body as
// a bytes literal, sse_starlette's chunks). Grammar and sources: test/fixtures/hosts/mcp-proxy/SOURCES.md.
import type { Dialect } from './types.js';

export const mcpProxy: Dialect<'mcp-proxy'> = {
  name: 'mcp-proxy',
  family: 'bridge',
  title: 'mcp-proxy (Python): its --debug log, client or server mode',
  example:
    '[D 2025-06-02 09:14:26,965.965 mcp.server.sse] Received JSON: b\'{"method":"tools/list","jsonrpc":"2.0","id":1}\'',
  lines: [
    // ≥0.6: `[%(levelname)1.1s %(asctime)s.%(msecs).03d %(name)s]`: asctime ends in `,mmm` already, so the
    // milliseconds are written twice (the mark of mcp-proxy). Local time, no zone.
    /^\[(?<level>[DIWEC]) (?<ts>\d{4}-\d\d-\d\d \d\d:\d\d:\d\d,(?<ms>\d{3}))\.\k<ms> [\w.]+\](?: (?<text>.*))?$/,
    // ≤0.5: Python's default `LEVEL:logger:message`, no time. Only client mode's loggers: the same format from a
    // Python SDK server (`mcp.server.sse`) is that SDK's log, not mcp-proxy's (SOURCES.md, Detection).
    /^(?<level>DEBUG|INFO|WARNING|ERROR|CRITICAL):(?:root|asyncio|mcp_proxy|mcp\.client|httpcore|httpx)(?:\.\w+)*:(?<text>.*)$/,
    // uvicorn's own lines in server mode: `INFO:     Uvicorn running on …`, access lines.
    /^(?<level>DEBUG|INFO|WARNING|ERROR|CRITICAL): +(?! )(?<text>.*)$/,
  ],
  names: [
    // Server mode: the child's command; client mode: the remote server's URL.
    /^(?:Configured|Setting up) default server: (?<server>\S.*)$/,
    /^Connecting to (?:SSE|StreamableHTTP) endpoint: (?<server>\S+)$/,
    // Server mode's SSE session (the client mode's Mcp-Session-Id comes after the initialize request: not a name).
    /^(?:Created new session with ID|Parsed session ID): (?<session>\S+)$/,
  ],
  // mcp-proxy's own lines and format only: its message lines are the Python SDK's, which a Python SDK log has too (and
  // the python-sdk dialect yields to these: Dialect.yieldTo).
  cues: [
    { re: /^Starting (?:SSE\/StreamableHTTP|SSE|StreamableHTTP) client and stdio server$/, weight: 12 },
    { re: /^(?:Configured|Setting up) default server: /, weight: 10 },
    { re: /^(?:Serving MCP Servers:|Main application lifespan starting|Creating routes for )/, weight: 6 },
    // The bracket format (the only grammar whose line starts `[L `): its doubled milliseconds are mcp-proxy's alone.
    { re: /^\[[DIWEC] /, weight: 4, on: 'line' },
    // Python's default format: a logger of its own (`INFO:mcp_proxy.__main__:…`).
    { re: /^[A-Z]+:mcp_proxy[.:]/, weight: 4, on: 'line' },
  ],
  suffixes: [],
  markers: [
    // Client mode (mcp.client.sse, mcp.client.streamable_http): pydantic reprs of the whole message.
    { re: /^Sending client message: (?<body>.+)$/, dir: 'c2s', syntax: 'python-repr' },
    { re: /^(?:Received server message|SSE message): (?<body>.+)$/, dir: 's2c', syntax: 'python-repr' },
    // Server mode (mcp.server.sse): the POST body as a bytes literal; what goes back, sse_starlette's SSE frame. The
    // SDK's pydantic echoes of both (`Validated client message:`, `Sending message via SSE:` …) are logs.
    { re: /^Received JSON: (?<body>b(?:'.*'|".*"))$/, dir: 'c2s', syntax: 'python-bytes' },
    { re: /^chunk: b'event: message\\r\\ndata: (?<body>.*)\\r\\n\\r\\n'$/, dir: 's2c', syntax: 'python-bytes' },
  ],
  summaries: [],
  cut: null,
  events: [
    { re: /^Setting up default server: /, name: 'start', startsSession: true },
    { re: /^Uvicorn running on /, name: 'listening' },
    { re: /^Connecting to (?:SSE|StreamableHTTP) endpoint: /, name: 'connecting' },
    { re: /^Received endpoint URL: /, name: 'endpoint' },
    { re: /^Starting post writer with endpoint URL: /, name: 'connected' },
    { re: /^(?:Created new session with ID|Received session ID): /, name: 'session-start' },
    { re: /^Negotiated protocol version: /, name: 'negotiated' },
  ],
  blocks: [],
  // A traceback, or the child's stderr (server mode passes it through with no prefix): a run of lines is one log.
  unprefixed: 'run',
  time: 'local',
};
