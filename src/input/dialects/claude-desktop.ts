// Claude Desktop's MCP logs: the per-server `mcp-server-NAME.log` and the aggregate `mcp.log`, generations 0–4.
//
// Grammar and the published logs each shape was seen in: test/fixtures/hosts/claude-desktop/SOURCES.md.
import { CUT_MARK } from '../lines/cut-mark.js';
import type { Dialect } from './types.js';

const TS = String.raw`(?<ts>\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z)`;
/** The host's logger levels (winston's; `info` and `error` seen, the others assumed). */
const LEVEL = String.raw`(?<level>error|warn|info|http|verbose|debug|silly)`;
/** Server names hold spaces, parentheses, dots and colons (`Hello World MCP Server (Reference Extension)`). */
const NAME = String.raw`(?<server>[^\]]+)`;
const TEXT = String.raw`(?: (?<text>.*))?$`;
/** A JSON id as the summary lines print it: a number, or (assumed, not seen) a JSON string. */
const ID = String.raw`(?<id>-?\d+|"(?:[^"\\]|\\.)*")`;

export const claudeDesktop: Dialect<'claude-desktop'> = {
  name: 'claude-desktop',
  family: 'host',
  title: 'Claude Desktop: mcp-server-NAME.log and mcp.log',
  example:
    '2025-07-23T13:16:33.061Z [memory] [info] Message from client: {"method":"tools/list","jsonrpc":"2.0","id":1} { metadata: undefined }',
  lines: [
    // Per-server files: `[NAME] [level]`.
    new RegExp(String.raw`^${TS} \[${NAME}\] \[${LEVEL}\]${TEXT}`),
    // The aggregate mcp.log: `[level] [NAME]`.
    new RegExp(String.raw`^${TS} \[${LEVEL}\] \[${NAME}\]${TEXT}`),
    // Generation 0 (Nov 2024): `[level]` only; the server is named in the text.
    new RegExp(String.raw`^${TS} \[${LEVEL}\](?: (?<text>(?!\[).*))?$`),
  ],
  cues: [
    { re: /^Message from (?:client|server):/, weight: 6 },
    { re: /^Initializing server\.\.\./, weight: 6 },
    { re: /^Server started and connected successfully/, weight: 5 },
    { re: /^Using MCP server command:/, weight: 5 },
    { re: /^(?:Attempting to connect to|Connected to) MCP server /, weight: 5 },
    { re: /^(?:Client|Server) transport closed/, weight: 4 },
    { re: /^Shutting down server/, weight: 4 },
    { re: /^Server disconnected\./, weight: 4 },
    { re: / \{ metadata: /, weight: 2 },
  ],
  suffixes: [
    // Generation ≥ 2, per-server files: util.inspect of the logger's metadata.
    / \{ metadata: undefined \}$/,
    // The last ` { metadata: {` of the line: a run that cannot hold another, so that a line of many is read once.
    / \{ metadata: \{(?:(?! \{ metadata: \{).)*\} \}$/,
    // Generation 1, the per-server `[error] Server disconnected…` line.
    / \{"context":"[^"]*"\}$/,
  ],
  markers: [
    { re: /^Message from client:(?: (?<body>.*))?$/, dir: 'c2s' },
    { re: /^Message from server:(?: (?<body>.*))?$/, dir: 's2c' },
  ],
  // Generation 4 (from about late June 2026): no bodies. ` params` only when the message had params.
  summaries: [
    { re: new RegExp(String.raw`^method="(?<method>[^"]+)"(?: id=${ID})?(?: params)?$`), kind: 'call' },
    { re: new RegExp(String.raw`^id=${ID} result(?:\(\d+ blocks?\))?$`), kind: 'result' },
    { re: new RegExp(String.raw`^id=${ID} error(?:\(code=-?\d+\))?$`), kind: 'error' },
  ],
  // Generation 3: `HEAD...[N chars truncated]...TAIL`.
  cut: CUT_MARK,
  events: [
    { re: /^Initializing server\.\.\.$/, name: 'start', startsSession: true },
    { re: /^Attempting to connect to MCP server (?<server>.+?)\.\.\.$/, name: 'start', startsSession: true },
    { re: /^Connected to MCP server (?<server>.+?)!$/, name: 'connected' },
    { re: /^Server started and connected successfully$/, name: 'connected' },
    { re: /^Server transport closed unexpectedly\b/, name: 'exit' },
    { re: /^Server transport closed \(renderer released port\)$/, name: 'close' },
    { re: /^Server transport closed$/, name: 'stdout-closed' },
    { re: /^Client transport closed$/, name: 'close' },
    { re: /^Server disconnected\./, name: 'disconnected' },
    { re: /^Shutting down server\.\.\.$/, name: 'shutdown' },
    { re: /^spawn \S.* ENOENT\s*$/, name: 'spawn-error' },
  ],
  // `Using MCP server command: … with args and path: {` … `} %o`: one log record.
  blocks: [{ open: /\{$/, close: /^\}/ }],
  // The server's stderr, copied with no prefix: a run of lines up to a blank line is one log record.
  unprefixed: 'run',
  time: 'utc',
};
