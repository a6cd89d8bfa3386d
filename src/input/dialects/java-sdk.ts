// The Java SDK's debug logs (io.modelcontextprotocol, and Spring AI's MCP servers on it) through SLF4J: logback with
// a basic ISO 8601 time, slf4j-simple, Spring Boot's console; server and client processes.
//
// The SDK logs the messages a process receives (`Received JSON message: {json}`), never those it sends: which side
// sent them is the process's role (Marker `received`). Grammar and the published logs each shape was seen in:
// test/fixtures/hosts/java-sdk/SOURCES.md.
import type { Dialect } from './types.js';

const LEVEL = String.raw`(?<level>TRACE|DEBUG|INFO|WARN|ERROR)`;
/** `[thread] … logger - ` or the logger padded before ` : ` (Spring): the logger's name is left out of the text. */
const THREAD = String.raw`\[[^\]]*\]`;
/** logback's `%X`: the whole MDC as a map, `{}` when it is empty. */
const MDC = String.raw`\{[^{}]*\}`;

export const javaSdk: Dialect<'java-sdk'> = {
  name: 'java-sdk',
  family: 'sdk',
  title: 'Java SDK: debug logs of io.modelcontextprotocol (logback, slf4j-simple, Spring Boot, Spring AI)',
  example:
    '20250626T141149.044 DEBUG [pool-2-thread-1] i.m.spec.McpSchema - Received JSON message: {"method":"tools/list","jsonrpc":"2.0","id":1}',
  lines: [
    // logback `%d{yyyyMMdd'T'HHmmss.SSS} %-5level [%thread] %logger{36} - %msg`: basic ISO 8601, local time. Spring AI's
    // samples put the MDC (`%X`, `{}` when empty, `{key=value, …}`) where the ` - ` is.
    new RegExp(String.raw`^(?<ts>\d{8}T\d{6}\.\d{3}) ${LEVEL} *${THREAD} \S+ (?:-|${MDC}) (?<text>.*)$`),
    // Spring Boot's console (3.4+ with `[application name]`, the server's name; before, without): ISO with offset.
    new RegExp(
      String.raw`^(?<ts>\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}(?:Z|[+-]\d\d:\d\d)) +${LEVEL} \d+ --- (?:\[(?<server>[^\]]+)\] )?\[[^\]]*\] \S+ *: (?<text>.*)$`,
    ),
    // slf4j-simple `[thread] LEVEL logger - msg`: no time.
    new RegExp(String.raw`^${THREAD} ${LEVEL} \S+ - (?<text>.*)$`),
    // logback's default `%d{HH:mm:ss.SSS} [%thread] %-5level %logger{36} - %msg`: a clock time, no date.
    new RegExp(String.raw`^(?<ts>\d\d:\d\d:\d\d\.\d{3}) ${THREAD} ${LEVEL} +\S+ - (?<text>.*)$`),
  ],
  cues: [
    { re: /^Received JSON message: [{[]/, weight: 6 },
    { re: /^Received (?:Response|notification|request): JSONRPC(?:Response|Notification|Request)\[/, weight: 4 },
    { re: /^(?:Client initialize request - Protocol|Server response with Protocol): /, weight: 5 },
    { re: /^(?:Setting up stdio transport provider|Creating new SSE connection for session: )/, weight: 5 },
    {
      re: /^(?:Sending message for method |STDERR Message received: |MCP server process exited with code )/,
      weight: 4,
    },
    { re: /^(?:Session transport closed|Initialization process started)$/, weight: 4 },
    { re: /^(?:Enable \w+ capabilities, notification: |Registered tools: \d)/, weight: 3 },
  ],
  suffixes: [],
  markers: [{ re: /^Received JSON message: (?<body>.*)$/, dir: 'received' }],
  summaries: [],
  cut: null,
  // `Received Response: JSONRPCResponse[…]` and its kin echo the message just read (Java toString): logs.
  events: [
    { re: /^Setting up stdio transport provider/, name: 'start', startsSession: true },
    { re: /^Session transport closed$/, name: 'close' },
    { re: /^Creating new SSE connection for session: \S+$/, name: 'connect', startsSession: true },
    { re: /^Session \S+ closed$/, name: 'close' },
    { re: /^MCP server process exited with code -?\d+/, name: 'exit' },
    { re: /^Tomcat started on port/, name: 'listening' },
    { re: /^Started \S+ in [\d.]+ seconds/, name: 'ready' },
  ],
  blocks: [],
  // Which side the process is: its transport's and session's own lines.
  roles: {
    server: [
      /^Setting up stdio transport provider/,
      /^Client initialize request - /,
      /^Creating new SSE connection for session: /,
      /^Registered tools: /,
      /^Enable \w+ capabilities/,
    ],
    client: [
      /^STDERR Message received: /,
      /^Initialization process started/,
      /^Server response with Protocol: /,
      /^Sending message for method /,
      /^MCP server process exited /,
    ],
  },
  serverInfo: true,
  oneSide: 'received',
  // Stack traces, a record's toString over several lines, a two-line JUL record, the Spring banner (a blank line in it).
  unprefixed: 'attach',
  blankLines: 'continue',
  time: 'local',
};
