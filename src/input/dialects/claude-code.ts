// Claude Code's debug output: `claude --debug` on the terminal (2025) and `~/.claude/debug/<session>.txt` (late 2025 →).
//
// It logs no JSON-RPC: its MCP lines (`MCP server "NAME": …`) are events and logs. The mid-2025 per-server cache file
// (`mcp-logs-NAME/<time>.txt`) is the same story as a JSON array of entries (`entries`). Grammar and the published logs
// each shape was seen in: test/fixtures/hosts/claude-code/SOURCES.md.
import type { Dialect } from './types.js';

/** The debug file's UTC time; the terminal form has none. */
const TS = String.raw`(?:(?<ts>\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z) )?`;
/** Capital levels (Claude Desktop's are lower case). */
const LEVEL = String.raw`\[(?<level>DEBUG|INFO|WARN|ERROR)\]`;

export const claudeCode: Dialect<'claude-code'> = {
  name: 'claude-code',
  family: 'host',
  title: 'Claude Code: claude --debug output, ~/.claude/debug/*.txt and the mcp-logs-NAME/*.txt cache files',
  example: '2026-10-03T04:26:18.486Z [DEBUG] MCP server "memory": Starting connection with timeout of 30000ms',
  lines: [
    // An MCP line: the server in double quotes, then a colon (none before `Server stderr:`).
    new RegExp(String.raw`^${TS}${LEVEL} MCP server "(?<server>[^"]+)":? (?<text>.*)$`),
    // Any other debug line (the lookahead keeps an MCP line out, whichever grammar is tried first).
    new RegExp(String.raw`^${TS}${LEVEL}(?: (?<text>(?!MCP server ").*))?$`),
  ],
  cues: [
    { re: /^Starting connection (?:with timeout of \d+ms|attempt)$/, weight: 6 },
    { re: /^Successfully connected (?:to \w+ server|\(transport: \w+\)) in \d+ms$/, weight: 6 },
    { re: /^Connection established with capabilities: /, weight: 5 },
    { re: /^Connection failed\b/, weight: 4 },
    { re: /^Server stderr: /, weight: 4 },
    { re: /^(?:Calling MCP tool: |Tool '[^']*' )/, weight: 3 },
    { re: /^\w+ connection (?:dropped|closed) after /, weight: 3 },
  ],
  suffixes: [],
  markers: [],
  summaries: [],
  cut: null,
  events: [
    { re: /^Starting connection (?:with timeout of \d+ms|attempt)$/, name: 'start', startsSession: true },
    { re: /^Successfully connected\b/, name: 'connected' },
    { re: /^Connection (?:failed|error)\b/, name: 'connection-error' },
    { re: /^\w+ connection dropped after /, name: 'exit' },
    { re: /^\w+ connection closed after /, name: 'close' },
    { re: /^Sending SIG[A-Z]+ to MCP server process$/, name: 'shutdown' },
    { re: /^MCP server process exited\b/, name: 'exit' },
  ],
  blocks: [],
  // Stack frames and pretty-printed errors continue the line above them.
  unprefixed: 'attach',
  time: 'utc',
  // The per-server cache file: `[{"debug"|"error": text, "timestamp", "sessionId", "cwd"}, …]`, its server named only by
  // its folder, `mcp-logs-NAME/` (a copy may keep it in its own name, `mcp-logs-NAME-2025-07.txt`).
  entries: {
    levels: ['debug', 'error'],
    keys: ['timestamp', 'sessionId', 'cwd'],
    time: 'timestamp',
    serverInPath: /mcp-logs-(?<server>[^/\\]+?)(?:-\d{4}-\d\d[^/\\]*)?(?:\.(?:txt|jsonl?|log))?(?:[/\\]|$)/,
  },
};
