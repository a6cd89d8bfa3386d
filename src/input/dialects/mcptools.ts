// mcptools (`mcp` / `mcpt`, f/mcptools): the logs of its proxy and guard servers, ~/.mcpt/logs/proxy.log and guard.log.
//
// Grammar and the sources each shape was seen in: test/fixtures/hosts/mcptools/SOURCES.md.
import type { Dialect } from './types.js';

/** Go's time.RFC3339: whole seconds and the local offset (`Z` in UTC). */
const TS = String.raw`\[(?<ts>\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d{1,9})?(?:Z|[+-]\d\d:\d\d))\]`;

export const mcptools: Dialect<'mcptools'> = {
  name: 'mcptools',
  family: 'bridge',
  title: 'mcptools: mcp proxy and mcp guard logs (~/.mcpt/logs/*.log)',
  // The log indents the JSON over the lines after this one; on one line it reads the same.
  example: '[2025-05-21T16:08:42+02:00] Received request: {"method":"tools/list","jsonrpc":"2.0","id":1}',
  // Its sentences start with a capitalised word (a transcript's `[time] -> {…}` is not one of its lines).
  lines: [new RegExp(String.raw`^${TS} (?<text>[A-Z][a-z]+ .*)$`)],
  cues: [
    { re: /^Received request: [{[]/, weight: 6 },
    { re: /^Sending (?:error )?response: [{[]/, weight: 6 },
    { re: /^Proxy server started, waiting for requests/, weight: 6 },
    { re: /^(?:Starting guard proxy for command: |Guard proxy started, waiting for requests)/, weight: 6 },
    { re: /^Received initialization notification$/, weight: 4 },
    { re: /^Client disconnected \(EOF\)$/, weight: 4 },
    { re: /^(?:Tool input|Script output|Filtered tool|Blocked call to filtered tool): /, weight: 3 },
  ],
  suffixes: [],
  // json.MarshalIndent: the body starts after the marker and goes on over the unprefixed lines after it.
  markers: [
    { re: /^Received request: (?<body>.*)$/, dir: 'c2s' },
    { re: /^Sending (?:error )?response: (?<body>.*)$/, dir: 's2c' },
  ],
  summaries: [],
  cut: null,
  events: [
    {
      re: /^Proxy server started, waiting for requests\.\.\.$/,
      name: 'start',
      startsSession: true,
      server: 'mcp-proxy-server',
    },
    { re: /^Starting guard proxy for command: (?<server>.+)$/, name: 'start', startsSession: true },
    { re: /^Guard proxy started, waiting for requests\.\.\.$/, name: 'listening' },
    { re: /^Client disconnected \(EOF\)$/, name: 'close' },
  ],
  blocks: [],
  // `Tool input: {` (indented JSON) and a script's output over several lines continue the line above them.
  unprefixed: 'attach',
  time: 'utc',
  // The request is logged as decoded into `struct { …; ID int "json:\"id\"" }`: a notification shows `"id": 0`.
  zeroId: 0,
};
