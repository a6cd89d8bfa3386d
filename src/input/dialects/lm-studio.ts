// LM Studio's developer log (Developer → Developer Logs, copied): each record a header `TIME [LEVEL]` and its message on
// the line under it, indented by one space; a message of several lines (a stack, a printed object) goes on below it.
// An MCP server is the plugin `mcp/NAME` (`[Plugin(mcp/NAME)] stderr: …`, `[Client=plugin:installed:mcp/NAME]`), run
// by LM Studio's MCP bridge.
//
// It logs no JSON-RPC: a plugin's client created or gone, and what the bridge writes when the server failed, are events
// of that server; the server's stderr too. Grammar and the published logs each shape was seen in:
// test/fixtures/hosts/lm-studio/SOURCES.md.
import type { Dialect } from './types.js';

/** The plugin a record is about, when it is an MCP server (`mcp/NAME`); LM Studio's own plugins (`lmstudio/…`) are none. */
const PLUGIN = String.raw`^\[Plugin\(mcp/(?<server>[^)\s]+)\)\] `;
/** The plugin's client, as the authenticator names it (`[LMSAuthenticator]` from 0.4). */
const CLIENT = String.raw`^(?:\[LMSAuthenticator\])?\[Client=plugin:installed:mcp/(?<server>[^\]\s]+)\]`;

export const lmStudio: Dialect<'lm-studio'> = {
  name: 'lm-studio',
  family: 'host',
  title: "LM Studio: the developer log's MCP plugin records (Developer Logs)",
  example: '[Plugin(mcp/web-search)] stderr: [MCPBridge/unexpected] Bridge process failed: spawn node ENOENT',
  // The header: local time to the second, the level in brackets (padded: ` [INFO]`); the message is on the next line.
  lines: [
    /^(?<ts>\d{4}-\d\d-\d\d \d\d:\d\d:\d\d) +\[(?<level>DEBUG|INFO|WARN|WARNING|ERROR)\]$/,
    // A message whose header the copy left out (it starts mid-record, or a line was quoted alone): LM Studio's tags.
    /^ ?(?<text>\[(?:Plugin\([\w.-]+\/|(?:LMSAuthenticator\])?\[Client=plugin:|LM STUDIO SERVER\]).*)$/,
  ],
  entryIndent: 1,
  // One log of every plugin: a record names its server or is about none.
  servers: 'line',
  names: [new RegExp(PLUGIN), new RegExp(CLIENT)],
  cues: [
    { re: /^\[Plugin\([\w.-]+\/[^)\s]+\)\] (?:stdout|stderr): /, weight: 6 },
    { re: /^(?:\[LMSAuthenticator\])?\[Client=plugin:installed:[\w.-]+\/[^\]\s]+\]/, weight: 6 },
    { re: /^\[LM STUDIO SERVER\] /, weight: 4 },
  ],
  suffixes: [],
  markers: [],
  summaries: [],
  cut: null,
  events: [
    { re: new RegExp(String.raw`${CLIENT} Client created\.`), name: 'start', startsSession: true },
    { re: new RegExp(String.raw`${CLIENT} Client disconnected\.`), name: 'close' },
    // The bridge's own words: it could not start the server, the server closed the connection, or the endpoint refused.
    {
      re: new RegExp(
        String.raw`${PLUGIN}stderr: (?:Error in LM Studio MCP bridge process: |\[MCPBridge/[\w-]+\] |_0x[0-9a-f]+ \[\w*Error\]: )`,
      ),
      name: 'connection-error',
    },
    { re: new RegExp(String.raw`${PLUGIN}stderr: `), name: 'stderr' },
  ],
  blocks: [],
  // A line without the indent continues the record above (the end of a printed object, a stderr line of its own).
  unprefixed: 'attach',
  time: 'local',
};
