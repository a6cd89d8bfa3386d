// The Kotlin SDK's logs (io.modelcontextprotocol:kotlin-sdk, github.com/modelcontextprotocol/kotlin-sdk) through
// kotlin-logging and SLF4J: logback (Ktor's `yyyy-MM-dd HH:mm:ss.SSS [thread] LEVEL logger{36} - msg`, or its default
// clock-only time) or slf4j-simple (the SDK's samples: `[thread] LEVEL logger - msg`), server and client processes.
//
// Its client's Streamable HTTP transport logs the JSON it POSTs (DEBUG) and the events of its GET stream (TRACE, with
// their data); its protocol layer, on either side, the method and id of each request and notification it receives,
// each request it answered and each notification it sends (TRACE). No line holds the answers a client reads back (the
// POST's own JSON or SSE body): a client's log never holds the server's answers. Grammar and the sources each shape was
// seen in: test/fixtures/hosts/kotlin-sdk/SOURCES.md.
import type { Dialect } from './types.js';

const LEVEL = String.raw`(?<level>TRACE|DEBUG|INFO|WARN|ERROR)`;
/** A coroutine's thread (`DefaultDispatcher-worker-1 @coroutine#4`) may hold spaces. */
const THREAD = String.raw`\[[^\]]*\]`;
/** The SDK's loggers, whole or as logback's `%logger{36}` shortens them (`i.m.kotlin.sdk.shared.Protocol`). */
const SDK = String.raw`^(?:io|i)\.(?:modelcontextprotocol|m)\.(?:kotlin|k)\.(?:sdk|s)\.(?:\w+\.)*?`;
/** A RequestId as Kotlin prints it (`NumberId(value=1)`, `StringId(value=a)`), or bare (before 0.7). */
const ID = String.raw`(?:(?:NumberId\(value=)?(?<id>-?\d+)\)?|StringId\(value=(?<sid>[^)]*)\))`;

export const kotlinSdk: Dialect<'kotlin-sdk'> = {
  name: 'kotlin-sdk',
  family: 'sdk',
  title: 'Kotlin SDK: debug and trace logs of io.modelcontextprotocol.kotlin.sdk (logback, slf4j-simple)',
  example:
    '2025-11-03 14:22:07.691 [main] DEBUG i.m.k.s.c.StreamableHttpClientTransport - Client sending message via POST to http://localhost:3001/mcp: {"id":1,"method":"tools/list","jsonrpc":"2.0"}',
  // The text keeps the logger: the SDK's lines are told from the application's by it.
  lines: [
    new RegExp(String.raw`^(?<ts>\d{4}-\d\d-\d\d[ T]\d\d:\d\d:\d\d[.,]\d{3}) ${THREAD} ${LEVEL} +(?<text>\S+ - .*)$`),
    new RegExp(String.raw`^(?<ts>\d\d:\d\d:\d\d\.\d{3}) ${THREAD} ${LEVEL} +(?<text>\S+ - .*)$`),
    new RegExp(String.raw`^${THREAD} ${LEVEL} (?<text>\S+ - .*)$`),
  ],
  cues: [
    {
      re: new RegExp(
        String.raw`${SDK}StreamableHttpClientTransport - Client (?:sending message via POST to \S+: [{[]|received SSE event: event=)`,
      ),
      weight: 6,
    },
    {
      re: new RegExp(
        String.raw`${SDK}Protocol - (?:Received request: \S+ \(id: |Received notification: \S+$|Request handled successfully: |Sending notification: \S+$|Sending request: \S+$|Starting transport$)`,
      ),
      weight: 6,
    },
    {
      re: new RegExp(
        String.raw`${SDK}\w+ - (?:Client transport is starting|Initializing MCP client with capabilities: |Server session (?:successfully )?connect|Handling tool call request for tool: |Executing tool \S+ with input: |Client SSE session started|Handling inline SSE from POST response|Received message for sessionId: )`,
      ),
      weight: 4,
    },
    { re: /^FeatureRegistry\[\w+\] - (?:Adding|Added|Getting|Got) \w+: "/, weight: 3 },
  ],
  suffixes: [],
  markers: [
    // What a client POSTs: the protocol layer's line just before it (a notification sent, a request answered) says it too.
    {
      re: new RegExp(
        String.raw`${SDK}StreamableHttpClientTransport - Client sending message via POST to \S+: (?<body>[{[].*)$`,
      ),
      dir: 'c2s',
      restates: true,
    },
    // What the server sends on the client's GET stream.
    {
      re: new RegExp(
        String.raw`${SDK}StreamableHttpClientTransport - Client received SSE event: event=(?:message|null), data=(?<body>[{[].*[}\]]), id=\S*$`,
      ),
      dir: 's2c',
    },
    // The protocol layer, either side: what it received (a client's after the SSE line that held it), answered, sent.
    {
      re: new RegExp(String.raw`${SDK}Protocol - Received request: (?<body>\S+ \(id: .*\))$`),
      dir: 'received',
      summary: { close: /^$/ },
      repeats: true,
    },
    {
      re: new RegExp(String.raw`${SDK}Protocol - Received notification: (?<body>\S+)$`),
      dir: 'received',
      summary: { close: /^$/ },
      repeats: true,
    },
    {
      re: new RegExp(String.raw`${SDK}Protocol - (?<body>Request handled successfully: \S+ \(id: .*\))$`),
      dir: 'sent',
      summary: { close: /^$/ },
    },
    {
      re: new RegExp(String.raw`${SDK}Protocol - (?<body>Error handling request: \S+ \(id: .*\))$`),
      dir: 'sent',
      summary: { close: /^$/ },
    },
    {
      re: new RegExp(String.raw`${SDK}Protocol - Sending notification: (?<body>\S+)$`),
      dir: 'sent',
      summary: { close: /^$/ },
    },
  ],
  summaries: [
    { re: new RegExp(String.raw`^Request handled successfully: \S+ \(id: ${ID}\)$`), kind: 'result' },
    { re: new RegExp(String.raw`^Error handling request: \S+ \(id: ${ID}\)$`), kind: 'error' },
    { re: new RegExp(String.raw`^(?<method>\S+) \(id: ${ID}\)$`), kind: 'request' },
    { re: /^(?<method>\S+)$/, kind: 'notification' },
  ],
  cut: null,
  events: [
    { re: new RegExp(String.raw`${SDK}Protocol - Starting transport$`), name: 'start', startsSession: true },
    { re: new RegExp(String.raw`${SDK}\w+ - Client SSE session started successfully\.$`), name: 'connected' },
    {
      re: new RegExp(
        String.raw`${SDK}\w+ - (?:Client transport closing\.|Server connection closing|Closing MCP server)$`,
      ),
      name: 'close',
    },
    { re: new RegExp(String.raw`${SDK}\w+ - Session terminated successfully$`), name: 'http-delete' },
  ],
  blocks: [],
  roles: {
    server: [
      new RegExp(
        String.raw`${SDK}\w+ - (?:Server session (?:successfully )?connect|Received message for sessionId: |Handling tool call request )`,
      ),
      new RegExp(String.raw`${SDK}Protocol - Received request: initialize \(`),
    ],
    client: [
      new RegExp(
        String.raw`${SDK}\w+ - (?:Client transport is starting|Initializing MCP client |Client sending message via POST |Starting StdioClientTransport)`,
      ),
    ],
  },
  // A client logs what it sends, not the answers it reads back; a server never logs a client's answers to it.
  unlogged: { client: { server: ['answers'] }, server: { client: ['answers'] } },
  // Stack traces of an error's cause, a JSON argument dump, continue the line above them.
  unprefixed: 'attach',
  time: 'local',
};
