// OpenAI Codex CLI's log file, `~/.codex/log/codex-tui.log`: tracing lines of its own crates. (What its terminal shows
// is dialects/codex-terminal.ts.)
//
// It logs no JSON-RPC: a server that failed to start (timed out, closed the connection before answering initialize)
// is an event of that server; the server's stderr (`MCP server stderr (PROGRAM): …`) an event too. Grammar and the
// published logs each shape was seen in: test/fixtures/hosts/codex/SOURCES.md.
import type { Dialect } from './types.js';

/** tracing's UTC time (microseconds), then the level padded to five characters. */
const TRACING = String.raw`^(?<ts>\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d{1,9})?Z) +(?<level>TRACE|DEBUG|INFO|WARN|ERROR) `;
/** The server's name as Codex prints it: in backquotes (from late 2025), bare before. */
const SERVER = '`?(?<server>[^`\\s]+)`?';

/** `MCP client for NAME …`: a server that did not start, in the log file and the terminal alike. */
export const CODEX_STARTUP_CUE = new RegExp(String.raw`^MCP client for ${SERVER} (?:failed to start|timed out after)`);

/** The events of a server that did not start, the more specific first (the log file's and the terminal's). */
export const CODEX_STARTUP: Dialect['events'] = [
  { re: new RegExp(String.raw`^MCP client for ${SERVER} timed out after \d+ seconds`), name: 'timeout' },
  {
    re: new RegExp(String.raw`^MCP client for ${SERVER} failed to start: (?:MCP startup failed: )?request timed out`),
    name: 'timeout',
  },
  // The server closed its end before its answer to initialize came (its process exited, or it wrote no JSON).
  {
    re: new RegExp(
      String.raw`^MCP client for ${SERVER} failed to start: (?:MCP startup failed: )?handshaking with MCP server failed: connection closed`,
    ),
    name: 'exit',
  },
  { re: new RegExp(String.raw`^MCP client for ${SERVER} failed to start: `), name: 'connection-error' },
];

export const codex: Dialect<'codex'> = {
  name: 'codex',
  family: 'host',
  title: 'Codex CLI: ~/.codex/log/codex-tui.log',
  example:
    '2026-01-21T09:30:22.118804Z ERROR codex_core::codex: MCP client for `fetch` failed to start: request timed out',
  // Only Codex's own crates (`codex_core::codex`, `codex_rmcp_client::rmcp_client`); the target is left out of the text.
  lines: [new RegExp(String.raw`${TRACING}codex_\w*(?:::\w+)*: (?<text>.*)$`)],
  // One log of every server, none of them a channel: a line names its server or is about none.
  servers: 'line',
  cues: [
    { re: CODEX_STARTUP_CUE, weight: 6 },
    { re: /^MCP server stderr \(/, weight: 5 },
  ],
  suffixes: [],
  markers: [],
  summaries: [],
  cut: null,
  events: [
    ...CODEX_STARTUP,
    // PROGRAM is the command (`npx`), not the server's name: the line is about no server the log names.
    { re: /^MCP server stderr \([^)]*\): /, name: 'stderr' },
  ],
  blocks: [],
  // A line without the prefix continues the record above (a message that holds newlines, a line of another crate).
  unprefixed: 'attach',
  time: 'utc',
};
