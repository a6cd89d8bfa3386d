// OpenAI Codex CLI's terminal, copied as text: the TUI's status lines (`⚠ MCP client for `NAME` …`), its banner and
// the transcript's items (`• Called NAME.tool(…)`). (Its log file is dialects/codex.ts.)
//
// No JSON-RPC: a server that failed to start is an event of that server, a tool call a log of its server; the lines
// after a server's line are its until another is named (a terminal is one conversation). Grammar and the published
// pastes each shape was seen in: test/fixtures/hosts/codex-terminal/SOURCES.md.
import { CODEX_STARTUP, CODEX_STARTUP_CUE } from './codex.js';
import type { Dialect } from './types.js';

export const codexTerminal: Dialect<'codex-terminal'> = {
  name: 'codex-terminal',
  family: 'host',
  title: "Codex CLI: the terminal's MCP status lines (copied)",
  example:
    '⚠ MCP client for `playwright` timed out after 10 seconds. Add or adjust `startup_timeout_sec` in your config.toml:',
  lines: [
    // A status line (`⚠`, `■` before late 2025) or an item of the transcript (`•`).
    /^[⚠■•] (?<text>\S.*)$/,
    // The banner's title line.
    /^│ (?<text>>_ OpenAI Codex \(v[^)]*\)) *│$/,
  ],
  names: [
    /^Called (?<server>[\w-]+)\.[\w-]+\(/,
    // It lists every server that failed: the first is named (the one of a single failure).
    /^MCP startup incomplete \(failed: (?<server>[^,)\s]+)/,
  ],
  cues: [
    { re: CODEX_STARTUP_CUE, weight: 6 },
    { re: /^MCP startup incomplete \(failed: /, weight: 6 },
    { re: /^>_ OpenAI Codex \(v/, weight: 6 },
    { re: /^Called [\w-]+\.[\w-]+\(/, weight: 4 },
  ],
  suffixes: [],
  markers: [],
  summaries: [],
  cut: null,
  events: [...CODEX_STARTUP, { re: /^MCP startup incomplete \(failed: /, name: 'startup-incomplete' }],
  blocks: [],
  // A line without the prefix continues the record above: the terminal wraps a long status line, the TOML hint after a
  // timeout (`[mcp_servers.NAME]`), a tool call's `└ Error: …` and its `Caused by:` chain.
  unprefixed: 'attach',
  // The terminal shows no time.
  time: 'none',
  // A copy may keep the colours.
  ansi: true,
};
