// VS Code's MCP output channel (`MCP: NAME`, one server per channel): `[Client Says]` (spring 2025), then
// `[editor -> server]`, at info (dev mode) or debug level.
//
// Grammar and the published logs and sources each shape was seen in: test/fixtures/hosts/vscode/SOURCES.md.
import type { Dialect } from './types.js';

export const vscode: Dialect<'vscode'> = {
  name: 'vscode',
  family: 'host',
  title: 'VS Code: the MCP output channel of a server',
  example: '2025-08-12 14:03:22.910 [info] [editor -> server] {"method":"tools/list","jsonrpc":"2.0","id":1}',
  // Local wall-clock time, no zone; lower-case level words (`warning`, not `warn`).
  lines: [
    /^(?<ts>\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{3}) \[(?<level>trace|debug|info|warning|error)\](?: (?<text>.*))?$/,
  ],
  cues: [
    { re: /^\[(?:editor -> server|server -> editor|Client Says|Server Says)\] /, weight: 6 },
    { re: /^Starting server /, weight: 5 },
    { re: /^Connection state: /, weight: 5 },
    { re: /^\[server stderr\] /, weight: 4 },
    { re: /^Waiting for server to respond to `initialize`/, weight: 4 },
    { re: /^Server exited before responding to `initialize`/, weight: 4 },
    { re: /^Stopping server /, weight: 4 },
    { re: /^Discovered \d+ tools?$/, weight: 3 },
    { re: /^Failed to parse message: /, weight: 2 },
  ],
  suffixes: [],
  // `[Server Says]` is the server's stdout line with its newline kept: an empty line follows it (skipped).
  markers: [
    { re: /^\[(?:editor -> server|Client Says)\](?: (?<body>.*))?$/, dir: 'c2s' },
    { re: /^\[(?:server -> editor|Server Says)\](?: (?<body>.*))?$/, dir: 's2c' },
  ],
  summaries: [],
  cut: null,
  // Anything else after the prefix is host text, a log record: `[server stderr] …`, `Discovered N tools`, and the
  // re-logged `notifications/message` (`logger: data`), which repeats a message already logged behind its marker.
  events: [
    { re: /^Starting server (?!from )(?<server>.+)$/, name: 'start', startsSession: true },
    { re: /^Connection state: Starting$/, name: 'starting' },
    { re: /^Connection state: Running$/, name: 'connected' },
    { re: /^Connection state: Stopped$/, name: 'close' },
    { re: /^Connection state: Error\b/, name: 'connection-error' },
    { re: /^Stopping server (?<server>.+)$/, name: 'shutdown' },
    { re: /^Server exited before responding to `initialize` request\.?$/, name: 'exit' },
  ],
  blocks: [],
  // A line without the prefix continues the record above it (multi-line error text).
  unprefixed: 'attach',
  time: 'local',
};
