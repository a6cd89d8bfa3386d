// The TypeScript SDK's example servers' console output (`Received MCP request: {` + a util.inspect dump): the SDK
// itself logs no messages, so this is what gets pasted as "TypeScript SDK output".
//
// Grammar, and why nothing else of the SDK logs: test/fixtures/hosts/typescript-sdk/SOURCES.md.
import type { Dialect } from './types.js';

/** The examples' own lines (no prefix, no time): any other line is stderr or the rest of the record above. */
const OWN = [
  String.raw`Received MCP request(?: for session)?:`,
  String.raw`Request body:`,
  String.raw`Authenticated (?:user|SSE connection from user):`,
  String.raw`Session initialized with ID: `,
  String.raw`Transport closed for session `,
  String.raw`Establishing (?:new )?SSE stream for session `,
  String.raw`Received session termination request for session `,
  String.raw`Client reconnecting with Last-Event-ID: `,
  String.raw`Closing transport for session `,
  String.raw`Error (?:handling MCP request|handling session termination|closing transport for session)`,
  String.raw`Failed to start server`,
  String.raw`Shutting down server\.\.\.$`,
  String.raw`Server shutdown complete$`,
  // `MCP Streamable HTTP Server listening on port 3000`, `Simple SSE Server (…) listening on port 3000` …
  String.raw`[A-Z][\w .()-]* listening on port \d+$`,
].join('|');

export const typescriptSdk: Dialect<'typescript-sdk'> = {
  name: 'typescript-sdk',
  family: 'sdk',
  title: "TypeScript SDK: an example server's console output (request bodies)",
  example: "Received MCP request: { method: 'tools/list', jsonrpc: '2.0', id: 2 }",
  lines: [new RegExp(`^(?<text>(?:${OWN}).*)$`)],
  cues: [
    { re: /^(?:Received MCP request|Request body): /, weight: 6 },
    { re: /^Received MCP request for session: /, weight: 4 },
    {
      re: /^(?:Session initialized with ID|Transport closed for session|Establishing (?:new )?SSE stream for session|Received session termination request for session)\b/,
      weight: 4,
    },
    // The line as the event reads it, with the word `server` in it (a lookahead and one scan: the two runs of the same
    // class around the word, as `[\w .()-]*\bserver\b[\w .()-]*`, would try every split of a long line).
    { re: /^(?=[A-Z][\w .()-]* listening on port \d+$).*?\bserver\b/i, weight: 3 },
  ],
  suffixes: [],
  // Only what the client POSTed is printed: c2s. Each marker is one example's, whose McpServer name it gives.
  markers: [
    {
      re: /^Received MCP request:(?: (?<body>.*))?$/,
      dir: 'c2s',
      syntax: 'inspect',
      server: 'json-response-streamable-http-server',
    },
    { re: /^Request body:(?: (?<body>.*))?$/, dir: 'c2s', syntax: 'inspect', server: 'simple-streamable-http-server' },
  ],
  summaries: [],
  cut: null,
  // The examples print what they received, never their answers.
  oneSide: 'received',
  // A session is not named on the body (the id is assigned while the initialize request is handled, after it is
  // printed): it runs from a launch to `Transport closed for session …`.
  events: [
    { re: /^[A-Z][\w .()-]* listening on port \d+$/, name: 'listening' },
    { re: /^Session initialized with ID: /, name: 'session-start' },
    { re: /^Establishing (?:new )?SSE stream for session /, name: 'sse-stream' },
    { re: /^Client reconnecting with Last-Event-ID: /, name: 'reconnect' },
    { re: /^Received session termination request for session /, name: 'http-delete' },
    { re: /^Transport closed for session \S+, removing from sessions map$/, name: 'close', endsSession: true },
  ],
  blocks: [],
  // A stack under `Error handling MCP request:` goes on with it.
  unprefixed: 'attach',
  time: 'none',
};
