// goose's log file (Block's agent: `~/.local/state/goose/logs/cli/<date>/<time>.log`, the desktop's goosed under
// `logs/server/`): tracing's JSON lines (`{"timestamp","level","fields":{"message",…},"target","span","spans"}`), its
// own crates' and the MCP client's (rmcp's).
//
// Its MCP client prints a message with Rust's Debug, not as JSON: an extension that failed to load is an event of that
// server, named as the configuration names it; a text that does hold a JSON-RPC message is read as it. Grammar and the published lines each shape was seen
// in: test/fixtures/hosts/goose/SOURCES.md.
import type { Dialect } from './types.js';

/** `Failed to load extension NAME: …`: goose could not start or initialize the server (goose 1.x). */
const FAILED = String.raw`^Failed to load extension (?<server>\S+?): `;

export const goose: Dialect<'goose'> = {
  name: 'goose',
  family: 'host',
  title: "goose: its log file's JSON lines (~/.local/state/goose/logs/cli/)",
  example:
    '{"timestamp":"2026-09-21T01:27:37.988044Z","level":"WARN","fields":{"message":"Failed to load extension local-tools: process quit before initialization: stderr = "},"target":"goose::agents::agent"}',
  lines: [],
  // tracing_subscriber's JSON format: the event's fields in `fields` (the message one of them), where it was logged.
  jsonLines: {
    text: 'fields.message',
    time: 'timestamp',
    level: 'level',
    other: ['target', 'span', 'spans', 'filename', 'line_number', 'threadName', 'threadId'],
  },
  // One log of every extension: a line names its server or is about none.
  servers: 'line',
  // A message text that holds a JSON-RPC message (none published so far) is read as that message.
  carried: true,
  cues: [
    {
      re: new RegExp(String.raw`${FAILED}(?:failed to initialize MCP client|process quit before initialization)`),
      weight: 6,
    },
    { re: /^worker quit with fatal: /, weight: 3 },
    // The crates that write the file (goose's own, its MCP client's): a log where nothing failed is goose's too.
    { re: /"target":"(?:goose|goose_cli|goose_server|rmcp)(?:::\w+)*"/, weight: 2, on: 'line' },
  ],
  suffixes: [],
  markers: [],
  summaries: [],
  cut: null,
  events: [{ re: new RegExp(FAILED), name: 'connection-error' }],
  blocks: [],
  unprefixed: 'run',
  time: 'utc',
};
