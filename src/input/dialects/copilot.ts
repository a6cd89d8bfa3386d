// GitHub Copilot for JetBrains IDEs: its "GitHub Copilot MCP Log" window (the balloon's Show MCP Log), copied. The
// Copilot language server runs the servers of the plugin's mcp.json and writes `[TIME][level]   [NAME]text`, with VS
// Code's words (`Starting server NAME`, `Connection state: …`) and its own failures.
//
// It logs no JSON-RPC (the window shows INFO and above; VS Code logs messages at debug): the servers' states and
// failures are events of that server. (Copilot in VS Code writes VS Code's own `MCP: NAME` channel: dialects/vscode.ts.)
// Grammar and the published logs each shape was seen in: test/fixtures/hosts/copilot/SOURCES.md.
import type { Dialect } from './types.js';
import { vscode } from './vscode.js';

export const copilot: Dialect<'copilot'> = {
  name: 'copilot',
  family: 'host',
  title: 'GitHub Copilot for JetBrains: the GitHub Copilot MCP Log window',
  example:
    '[2025-09-11 13:52:11.119][error]   [basic-memory]Failed to connect to MCP server: Error POSTing to endpoint (HTTP 400): Could not parse message',
  // Local time to the millisecond, the level padded to nine characters with its brackets, the server in brackets, the text.
  lines: [
    /^\[(?<ts>\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{3})\]\[(?<level>trace|debug|info|warning|error)\] *\[(?<server>[^\]]+)\](?<text>.*)$/,
  ],
  // One window for every server: a line names its server or is about none.
  servers: 'line',
  cues: [
    ...vscode.cues,
    { re: /^(?:Failed to connect to MCP server: |Failed to get tools list for MCP server )/, weight: 5 },
  ],
  suffixes: [],
  markers: [],
  summaries: [],
  cut: null,
  events: [
    ...vscode.events,
    { re: /^Failed to connect to MCP server: /, name: 'connection-error' },
    // The handshake was done: listing the tools failed.
    { re: /^Failed to get tools list for MCP server /, name: 'request-error' },
  ],
  blocks: [],
  // A line without the prefix continues the record above (an error's stack).
  unprefixed: 'attach',
  time: 'local',
};
