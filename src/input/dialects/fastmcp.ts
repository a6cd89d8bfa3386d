// FastMCP 2.x (PrefectHQ/fastmcp): its startup banner and rich console, and the summary lines of its LoggingMiddleware
// in three generations (2.9–2.10 `source= type= method=`, 2.11–2.12 `event= timestamp= …`, 2.12.5 on `event= method=`).
//
// FastMCP never logs a message's body or id: the middleware's lines are summaries (`message: null`), each answer paired
// with the oldest open request of its method. Grammar and the sources each shape was seen in:
// test/fixtures/hosts/fastmcp/SOURCES.md.
import { PY_LEVEL, RICH_LINE, UVICORN_LINE } from './python-logging.js';
import type { Dialect } from './types.js';

/** Leaves a notification's completion a log line: nothing is sent back for a notification. */
const ANSWERED = String.raw`(?!notifications/)\S+`;

export const fastmcp: Dialect<'fastmcp'> = {
  name: 'fastmcp',
  family: 'sdk',
  title: "FastMCP 2.x: its rich console and LoggingMiddleware's summary lines",
  example: 'INFO:fastmcp.requests:Processing message: source=client type=request method=tools/list',
  lines: [
    // logging's default, `%(levelname)s:%(name)s:%(message)s` (no time)
    new RegExp(String.raw`^${PY_LEVEL}:[\w.]+:(?<text>.*)$`),
    // `%(asctime)s %(levelname)s %(name)s: %(message)s`
    new RegExp(String.raw`^(?<ts>\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(?:,\d{3})?) ${PY_LEVEL} [\w.]+: (?<text>.*)$`),
    RICH_LINE,
    UVICORN_LINE,
  ],
  cues: [
    { re: /^Processing message: (?:source=\w+ type=|event=request_start )/, weight: 6 },
    { re: /^event=request_(?:start|success|error)\b/, weight: 6 },
    { re: /^Starting MCP server '[^']*'/, weight: 6 },
    { re: /^(?:Completed|Failed) message: /, weight: 5 },
    { re: /^Processing request of type\b/, weight: 2 },
  ],
  // A server Claude Desktop runs: its stderr sits in the host's log, with no prefix, between the host's own lines.
  yieldTo: ['claude-desktop'],
  suffixes: [],
  markers: [
    // 2.9–2.10
    { re: /^Processing message: (?<body>source=\w+ type=\w+ method=\S+(?: payload=.*)?)$/, dir: 'c2s' },
    { re: new RegExp(String.raw`^Completed message: (?<body>${ANSWERED})$`), dir: 's2c' },
    { re: new RegExp(String.raw`^Failed message: (?<body>${ANSWERED} - .*)$`), dir: 's2c' },
    // 2.11–2.12 (the middleware's own `timestamp=` is when the request arrived, on both lines: the line's time is used)
    { re: /^Processing message: (?<body>event=request_start timestamp=\S+ method=\S+ type=\w+ .*)$/, dir: 'c2s' },
    {
      re: /^Completed message: (?<body>event=request_(?:success|error) timestamp=\S+ method=\S+ type=request .*)$/,
      dir: 's2c',
    },
    // 2.12.5 on (no type: a notification is known by its method)
    { re: /^(?<body>event=request_start method=\S+ .*)$/, dir: 'c2s' },
    { re: new RegExp(String.raw`^(?<body>event=request_(?:success|error) method=${ANSWERED} .*)$`), dir: 's2c' },
  ],
  summaries: [
    { re: /^source=\w+ type=request method=(?<method>\S+)/, kind: 'request' },
    { re: /^source=\w+ type=notification method=(?<method>\S+)/, kind: 'notification' },
    { re: /^(?<method>[^\s=]+)$/, kind: 'result' },
    { re: /^(?<method>\S+) - /, kind: 'error' },
    { re: /^event=request_start timestamp=\S+ method=(?<method>\S+) type=request /, kind: 'request' },
    { re: /^event=request_start timestamp=\S+ method=(?<method>\S+) type=notification /, kind: 'notification' },
    { re: /^event=request_success timestamp=\S+ method=(?<method>\S+) /, kind: 'result' },
    { re: /^event=request_error timestamp=\S+ method=(?<method>\S+) /, kind: 'error' },
    { re: /^event=request_start method=(?<method>notifications\/\S+) /, kind: 'notification' },
    { re: /^event=request_start method=(?<method>\S+) /, kind: 'request' },
    { re: /^event=request_success method=(?<method>\S+) /, kind: 'result' },
    { re: /^event=request_error method=(?<method>\S+) /, kind: 'error' },
  ],
  cut: null,
  events: [
    { re: /^Starting MCP server '(?<server>[^']+)' with transport '[^']+'/, name: 'start', startsSession: true },
  ],
  blocks: [],
  // The banner (a rich panel, no prefix) up to the blank line after it is one log record; so is a traceback.
  unprefixed: 'run',
  wrapIndent: 29,
  time: 'local',
};
