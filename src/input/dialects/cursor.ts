// Cursor's MCP log: the shared `Cursor MCP.log` of 0.46–0.49 (lines tagged with the last four characters of the server
// name) and the per-server output channel of 2.x (`MCP: NAME`, no tag).
//
// It logs no JSON-RPC: connect/close/error lines are events, the rest logs. Grammar and the published logs each shape
// was seen in: test/fixtures/hosts/cursor/SOURCES.md.
import type { Dialect } from './types.js';

/** VS Code's log prefix: local wall-clock time, no zone. */
const PREFIX = String.raw`^(?<ts>\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{3}) \[(?<level>trace|debug|info|warning|error)\] `;

export const cursor: Dialect<'cursor'> = {
  name: 'cursor',
  family: 'host',
  title: "Cursor: the MCP log (Cursor MCP.log, or a server's MCP channel)",
  example:
    '2025-04-04 18:44:10.102 [info] mory: Starting new stdio process with command: npx -y @modelcontextprotocol/server-memory',
  lines: [
    // 2.x: the channel's server is named once, by `Storing stdio client NAME` (a log line).
    new RegExp(String.raw`${PREFIX}(?<text>Storing stdio client (?<server>\S.*))$`),
    // 0.4x: `TAG: ` where TAG is the name's last four characters (may start with a space); a function name (`listOfferings:`)
    // is longer and is no tag. The lookahead keeps the line above out, whichever grammar is tried first.
    new RegExp(String.raw`${PREFIX}(?:(?<server>.{4}): )?(?<text>(?!Storing stdio client \S).*)$`),
  ],
  cues: [
    { re: /^Handling \w+ action\b/, weight: 6 },
    { re: /^getOrCreateClient for \w+ server/, weight: 6 },
    { re: /^Starting new \w+ process with command: /, weight: 6 },
    { re: /^(?:Successfully connected|Connected) to \w+ server/, weight: 5 },
    { re: /^Client closed for command$/, weight: 5 },
    { re: /^Storing \w+ client\b/, weight: 5 },
    { re: /^(?:listOfferings: )?Found \d+ tools/, weight: 4 },
    { re: /^Error in MCP: /, weight: 4 },
  ],
  suffixes: [],
  markers: [],
  summaries: [],
  cut: null,
  events: [
    { re: /^Starting new \w+ process with command: /, name: 'start', startsSession: true },
    { re: /^Successfully connected to \w+ server$/, name: 'connected' },
    { re: /^Client closed for command$/, name: 'close' },
    { re: /^Error in MCP: /, name: 'connection-error' },
    { re: /^Failed to reload client: /, name: 'connection-error' },
  ],
  blocks: [],
  // Server stderr is logged in chunks: a line without the prefix (even an empty one) continues the record above.
  unprefixed: 'attach',
  blankLines: 'continue',
  time: 'local',
};
