// The terminal of Amazon Q Developer CLI (`q chat`) and of Kiro CLI (`kiro-cli chat`, its successor): what they print
// while they load their MCP servers (`✓ NAME loaded in 0.83 s`, `✗ NAME has failed to load after 1.24 s`, the
// reasons on the `- …` lines after it, a spinner's `⠹ 1 of 2 mcp servers initialized`).
//
// No JSON-RPC: a server that loaded or failed is an event of that server. Grammar and the published pastes each shape
// was seen in: test/fixtures/hosts/amazon-q/SOURCES.md.
import type { Dialect } from './types.js';

export const amazonQ: Dialect<'amazon-q'> = {
  name: 'amazon-q',
  family: 'host',
  title: "Amazon Q Developer CLI and Kiro CLI: the terminal's MCP loading lines (q chat, kiro-cli chat)",
  example: '✗ jira has failed to load after 1.24 s',
  // A server's status (`✓`, `✗`, `⚠`) or a frame the spinner left behind (a braille character) before the count.
  lines: [/^(?:[✓✗⚠]|[\u2800-\u28ff]) (?<text>\S.*)$/],
  // One terminal for every server: a line names its server or is about none.
  servers: 'line',
  cues: [
    { re: /^\S+ has failed to load(?: after \d+(?:\.\d+)? s)?:?$/, weight: 6 },
    { re: /^\S+ loaded in \d+(?:\.\d+)? s$/, weight: 6 },
    { re: /^\d+ of \d+ mcp servers initialized/, weight: 6 },
  ],
  suffixes: [],
  markers: [],
  summaries: [],
  cut: null,
  events: [
    { re: /^(?<server>\S+) loaded in \d+(?:\.\d+)? s$/, name: 'connected' },
    // The reasons follow on lines of their own (`- Operation timed out: recv for initialize`): they continue it.
    { re: /^(?<server>\S+) has failed to load\b/, name: 'connection-error' },
  ],
  blocks: [],
  // A line without the prefix continues the record above (a failure's `- …` reasons), or is the chat's own text.
  unprefixed: 'attach',
  time: 'none',
  ansi: true,
};
