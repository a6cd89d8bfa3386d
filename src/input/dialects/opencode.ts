// opencode's log file (`~/.local/share/opencode/log/<time>.log`, or `--print-logs` on stderr): `LEVEL TIME +Nms`
// then `key=value` tags and the message. Its MCP lines name the server with `key=NAME` (`service=mcp`) or in the
// message (`MCP server NAME failed to start`).
//
// No JSON-RPC: a server that failed to start or is unavailable, and its stderr, are events of that server. Grammar and
// the published logs each shape was seen in: test/fixtures/hosts/opencode/SOURCES.md.
import type { Dialect } from './types.js';

export const opencode: Dialect<'opencode'> = {
  name: 'opencode',
  family: 'host',
  title: 'opencode: its log file (~/.local/share/opencode/log/)',
  example:
    'ERROR 2025-07-31T09:47:46 +0ms service=tui message=MCP server exa failed to start name=UnknownError Server error',
  // The level padded to five characters, the time in UTC without a zone (to the second), the time since the last line.
  lines: [/^(?<level>DEBUG|INFO|WARN|ERROR) +(?<ts>\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d) \+\d+ms (?<text>.*)$/],
  // One log of the whole program: a line names its server or is about none.
  servers: 'line',
  // The tags come first, `service=` the first of them.
  names: [/^service=mcp (?:[^\s=]+=\S* )*?key=(?<server>\S+)/, /(?:^|\s)key=(?<server>\S+) type=(?:local|remote)\b/],
  cues: [
    { re: /\bMCP server \S+ failed to start\b/, weight: 6 },
    { re: /^service=mcp (?:[^\s=]+=\S* )*?mcp stderr: /, weight: 6 },
    { re: /^service=mcp server unavailable\b/, weight: 6 },
    { re: /^service=/, weight: 2 },
  ],
  suffixes: [],
  markers: [],
  summaries: [],
  cut: null,
  events: [
    { re: /\bmessage=MCP server (?<server>\S+) failed to start\b/, name: 'connection-error' },
    { re: /^service=mcp (?:[^\s=]+=\S* )*?mcp stderr: /, name: 'stderr' },
    { re: /^service=mcp server unavailable\b/, name: 'connection-error' },
  ],
  blocks: [],
  // A line without the prefix continues the record above (a message that holds newlines, a stack).
  unprefixed: 'attach',
  // UTC, but written without a zone: kept as written.
  time: 'local',
};
