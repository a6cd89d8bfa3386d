// Cline (and Roo Code, its fork): the lines their MCP hub writes to the console of VS Code's extension host, as they
// reach VS Code's Window log (`[Window] [Extension Host] …`), a copy of the Developer Tools console, or the Cline CLI's
// output (`[mcp] …`).
//
// No JSON-RPC: a server's stderr (`Server "NAME" stderr: …`), its failures (`Failed to connect to new MCP server NAME:`,
// `Transport error for "NAME":`, `MCP request timed out for "NAME" (initialize)`) and restarts are events of that
// server. Grammar and the published logs each shape was seen in: test/fixtures/hosts/cline/SOURCES.md.
import type { Dialect } from './types.js';

/** The hub's lines that name a server, as a Developer Tools console copy shows them (no prefix). */
const HUB = String.raw`(?:Server "[^"]+" stderr: |Transport (?:error|closed) for "|Detected change in |Failed to (?:connect to (?:new )?MCP server|fetch tools for|fetch resources for|load tools from MCP server) )`;

export const cline: Dialect<'cline'> = {
  name: 'cline',
  family: 'host',
  title: "Cline and Roo Code: their MCP hub's lines (VS Code's Window log, the DevTools console, the CLI)",
  example:
    '2025-05-24 10:12:04.996 [error] [Window] [Extension Host] Server "context7" stderr: error loading config: $HOME is not defined',
  lines: [
    // VS Code's Window log: local time, the level, then `[Window]` and, for an extension's console, `[Extension Host]`.
    /^(?<ts>\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{3}) \[(?<level>trace|debug|info|warning|warn|error)\] \[Window\] (?:\[Extension Host\] )?(?<text>.*)$/,
    // The Developer Tools console: `ERR [Extension Host] …`, or the hub's line bare.
    /^(?:(?<level>ERR|WARN|INFO) )?\[Extension Host\] (?<text>.*)$/,
    new RegExp(String.raw`^(?<text>${HUB}.*)$`),
    // The Cline CLI.
    /^\[mcp\] (?<text>.*)$/,
  ],
  // One console for every server: a line names its server or is about none.
  servers: 'line',
  cues: [
    { re: /^Server "[^"]+" stderr: /, weight: 6 },
    { re: /^Failed to (?:connect to (?:new )?MCP server|load tools from MCP server) /, weight: 6 },
    { re: /^Transport (?:error|closed) for "/, weight: 5 },
    { re: /^Detected change in .+\. Restarting server /, weight: 5 },
    { re: /^Failed to fetch (?:tools|resources) for /, weight: 4 },
    { re: /^Cline extension activated/, weight: 3 },
  ],
  suffixes: [],
  markers: [],
  summaries: [],
  cut: null,
  events: [
    { re: /^Server "(?<server>[^"]+)" stderr: /, name: 'stderr' },
    { re: /^Failed to connect to (?:new )?MCP server (?<server>[^\s:]+): /, name: 'connection-error' },
    { re: /^Failed to load tools from MCP server "(?<server>[^"]+)"/, name: 'connection-error' },
    { re: /^Transport error for "(?<server>[^"]+)"/, name: 'connection-error' },
    { re: /^Transport closed for "(?<server>[^"]+)"/, name: 'close' },
    { re: /^Failed to fetch (?:tools|resources) for (?<server>[^\s:]+): /, name: 'request-error' },
    // The file watcher restarts a server whose build changed: the same session goes on (the first launch logs no start).
    { re: /^Detected change in .+\. Restarting server (?<server>.+?)\.\.\.$/, name: 'restart' },
  ],
  blocks: [],
  // A line without the prefix continues the record above: the rest of a stderr chunk, a stack (`\tat …`), the console's
  // source location (`extensionHostProcess.js:176`), a message the CLI wrapped.
  unprefixed: 'attach',
  time: 'local',
};
