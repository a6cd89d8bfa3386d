// mcp-remote (geelen/mcp-remote), the stdio ↔ remote bridge: its stderr, generations 1–4, and its `--debug` file
// (~/.mcp-auth/<hash>_debug.log).
//
// It logs each message as one word, the method or else the id (`[Local→Remote] tools/list`, `[Remote→Local] 1`); the
// initialize request also in full after that; with `--debug` each message again as `{method, id, …}` with a time.
// Grammar and the sources each shape was seen in: test/fixtures/hosts/mcp-remote/SOURCES.md.
import type { Dialect } from './types.js';

/** The sentences of generations 1–2, which print them with no prefix (generation 2 prefixes only the connect line). */
const OWN = [
  String.raw`\[(?:Local→Remote|Remote→Local)\] `,
  String.raw`\[DEBUG LOG ERROR\] `,
  'Using (?:automatically selected|specified) callback port: ',
  'Connecting to remote server: ',
  'Connected to remote server',
  'Local STDIO server running',
  'Proxy established successfully ',
  String.raw`Press Ctrl\+C to exit`,
  String.raw`Shutting down\.\.\.`,
  String.raw`Authentication required\.`,
  'Please authorize this client ',
  'Browser opened automatically',
  'Could not open browser automatically',
  'OAuth callback server running ',
  'Completing authorization',
  'Authorization error:',
  'Error from (?:local client|remote server):',
  'Connection error:',
  'Fatal error:',
  'Clean mode enabled',
].join('|');

/** An id as JSON.stringify writes it (the debug file), and as util.inspect does (its copy on stderr: `'abc'`). */
const JSON_ID = String.raw`(?<id>-?\d+|null|"(?:[^"\\]|\\.)*")`;
const INSPECT_ID = String.raw`(?:(?<id>-?\d+|null)|'(?<sid>(?:[^'\\]|\\.)*)')`;

export const mcpRemote: Dialect<'mcp-remote'> = {
  name: 'mcp-remote',
  family: 'bridge',
  title: "mcp-remote: the bridge's stderr, and its --debug file",
  example: '[48213] [Local→Remote] tools/list',
  lines: [
    // Generation 4, debugLog: `[ISO][pid] text`, in the debug file and copied on stderr.
    /^\[(?<ts>\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z)\]\[(?<launch>\d{1,8})\] (?<text>.*)$/,
    // Generation 3, log(): `[pid] text`; a message that starts with a newline leaves `[pid] ` alone on its line.
    /^\[(?<launch>\d{1,8})\] (?<text>(?:[A-Z[{].*)?)$/,
    // Generations 1–2: console.error with no prefix, read by the bridge's own sentences.
    new RegExp(String.raw`^(?<text>(?:${OWN}).*)$`),
  ],
  cues: [
    { re: /^\[(?:Local→Remote|Remote→Local)\] /, weight: 6 },
    { re: /^(?:Local → Remote|Remote → Local) message /, weight: 6 },
    { re: /^(?:\[\d+\] )?Connecting to remote server: /, weight: 6 },
    { re: /^Using (?:automatically selected|specified) callback port: /, weight: 5 },
    { re: /^Proxy established successfully between local STDIO /, weight: 5 },
    { re: /^Local STDIO server running/, weight: 5 },
    { re: /^(?:Using transport strategy|Recursively reconnecting for reason): /, weight: 4 },
    { re: /^\[DEBUG LOG ERROR\] /, weight: 4 },
  ],
  suffixes: [],
  markers: [
    { re: /^\[Local→Remote\] (?<body>(?:.*\S)?)\s*$/, dir: 'c2s' },
    { re: /^\[Remote→Local\] (?<body>(?:.*\S)?)\s*$/, dir: 's2c' },
    // --debug: `{method, id, params}` (params cut at 500 characters) and `{method, id, result: 'result-present', error}`.
    { re: /^Local → Remote message (?<body>(?:.*\S)?)\s*$/, dir: 'c2s', summary: { close: /^\}\s*$/ }, restates: true },
    { re: /^Remote → Local message (?<body>(?:.*\S)?)\s*$/, dir: 's2c', summary: { close: /^\}\s*$/ }, restates: true },
  ],
  summaries: [
    // The debug file: JSON.stringify, undefined fields left out.
    {
      re: new RegExp(String.raw`^\{(?:"method":"[^"]*",)?(?:"id":${JSON_ID},)?(?:"result":"result-present",)?"error":`),
      kind: 'error',
    },
    {
      re: new RegExp(String.raw`^\{"method":"(?<method>[^"\\]*)"(?:,"id":${JSON_ID})?(?:,"params":.*)?\}$`),
      kind: 'call',
    },
    { re: new RegExp(String.raw`^\{"id":${JSON_ID}(?:,"result":"result-present"|,"params":.*)?\}$`), kind: 'result' },
    // Its copy on stderr: util.inspect, every field shown, over several lines when long.
    {
      re: new RegExp(
        String.raw`^\{\s*method: undefined,\s*id: ${INSPECT_ID},\s*result: (?:'result-present'|undefined),\s*error: (?!undefined\s*\}$)`,
      ),
      kind: 'error',
    },
    {
      re: new RegExp(
        String.raw`^\{\s*method: '(?<method>[^']*)',\s*id: (?:${INSPECT_ID}|undefined),\s*(?:params|result): [\s\S]*\}$`,
      ),
      kind: 'call',
    },
    {
      re: new RegExp(String.raw`^\{\s*method: undefined,\s*id: ${INSPECT_ID},\s*(?:params|result): [\s\S]*\}$`),
      kind: 'result',
    },
    // The one word of `[Local→Remote] X`: `message.method || message.id`, so never an id with a method. A method has a
    // `/` but these two; MCP names every notification `notifications/…`.
    { re: /^(?<method>notifications(?:\/[^\s/{}[\]"']+)+)$/, kind: 'notification' },
    { re: /^(?<method>initialize|ping|[^\s/{}[\]"']+(?:\/[^\s/{}[\]"']+)+)$/, kind: 'request' },
    { re: /^(?<id>-?\d+)$/, kind: 'result' },
    { re: /^null$/, kind: 'error' },
    { re: /^(?<sid>[^\s{}[\]"']+)$/, kind: 'result' },
  ],
  cut: null,
  events: [
    // Generation 3 passes `[pid] Connecting…` to log(), which prefixes the pid again.
    { re: /^(?:\[\d+\] )?Connecting to remote server: (?<server>\S+)\s*$/, name: 'start', startsSession: true },
    { re: /^Connected to remote server\b/, name: 'connected' },
    { re: /^Local STDIO server running\s*$/, name: 'listening' },
    { re: /^Proxy established successfully between local STDIO and remote \S+\s*$/, name: 'proxying' },
    { re: /^Recursively reconnecting for reason: /, name: 'reconnect' },
    { re: /^Received error\b/, name: 'connection-error' },
    { re: /^Shutting down\.\.\.\s*$/, name: 'shutdown' },
  ],
  blocks: [],
  // Stacks, an error's `{ code: 405 }`, an HTML page, the pretty JSON and inspect dumps continue the line above them.
  unprefixed: 'attach',
  time: 'utc',
  // `log('\nShutting down...')`, `log('\nPlease authorize this client by visiting:\n…')`.
  leadingNewline: true,
  // With --debug, every log() line is printed again by debugLog with the time.
  echoes: { timed: true },
  // `log(JSON.stringify(message, null, 2))` after the initialize request's summary (and its debug record).
  bodyAfterSummary: /^\{$/,
};
