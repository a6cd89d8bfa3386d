// Kiro (the IDE): its `Kiro - MCP Logs` output channel, VS Code's line prefix then the server's name in brackets.
//
// No JSON-RPC: a server's registration, connection, failure and stderr (`Log from MCP Server: …`, at warning) are
// events of that server. Grammar and the published logs and sources each shape was seen in:
// test/fixtures/hosts/kiro/SOURCES.md.
import type { Dialect } from './types.js';

export const kiro: Dialect<'kiro'> = {
  name: 'kiro',
  family: 'host',
  title: "Kiro: the 'Kiro - MCP Logs' output channel",
  example: '2025-07-19 11:02:14.412 [error] [aws-docs] Error connecting to MCP server: spawn uvx ENOENT',
  // VS Code's prefix (local time, no zone), then `[NAME]`.
  lines: [
    /^(?<ts>\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{3}) \[(?<level>trace|debug|info|warning|error)\] \[(?<server>[^\]]+)\] (?<text>.*)$/,
  ],
  cues: [
    { re: /^Registering MCP server and starting connection$/, weight: 6 },
    { re: /^Error connecting to MCP server: /, weight: 6 },
    { re: /^Log from MCP Server: /, weight: 6 },
    { re: /^Connected to server with transport type: /, weight: 6 },
    { re: /^Successfully connected and synced tools and resources for MCP server$/, weight: 6 },
  ],
  suffixes: [],
  markers: [],
  summaries: [],
  cut: null,
  events: [
    { re: /^Registering MCP server and starting connection$/, name: 'start', startsSession: true },
    { re: /^Error connecting to MCP server: /, name: 'connection-error' },
    { re: /^Connected to server with transport type: /, name: 'connected' },
    { re: /^Log from MCP Server: /, name: 'stderr' },
  ],
  blocks: [],
  // A line without the prefix continues the record above: the rest of a stderr chunk, a stack.
  unprefixed: 'attach',
  time: 'local',
};
