// The C#/.NET SDK's logs (ModelContextProtocol, ModelContextProtocol.AspNetCore) through Microsoft.Extensions.Logging's
// console: each entry a header `trce: Category[EventId]` and its message on the lines under it, indented by 6 spaces
// (or, with the console's single-line option, both on one line), with an optional time the application chose.
//
// At Trace the SDK logs each message's JSON (`Request: '{…}'.`, `Message: '{…}'.`); a response the client received is
// logged as its result alone (`Request response received for method M. Response: '{result}'.`), its id on a line
// before. Grammar and the published logs each shape was seen in: test/fixtures/hosts/csharp-sdk/SOURCES.md.
import type { Dialect } from './types.js';

/** The console's level names. */
const LEVEL = String.raw`(?<level>trce|dbug|info|warn|fail|crit)`;
/** `ConsoleFormatterOptions.TimestampFormat`, as applications set it: `HH:mm:ss `, `[HH:mm:ss] `, an ISO date and time. */
const TIME = String.raw`(?:\[?(?<ts>(?:\d{4}-\d\d-\d\d[T ])?\d\d:\d\d:\d\d(?:[.,]\d{1,7})?(?:Z|[+-]\d\d:?\d\d)?)\]? )?`;
/** A category the client side logs under (`ModelContextProtocol.Client.McpClient`; before 0.2, transports under `Protocol.Transport`). */
const CLIENT = String.raw`^ModelContextProtocol\.(?:Client\.[\w.]+|Protocol\.Transport\.\w*Client\w*)\[\d+\] .+? `;
/** A category the server side logs under (`ModelContextProtocol.Server.McpServer`, `…AspNetCore…`). */
const SERVER = String.raw`^ModelContextProtocol\.(?:Server\.[\w.]+|AspNetCore\.[\w.]+|Protocol\.Transport\.\w*Server\w*)\[\d+\] .+? `;
/** Any of the SDK's categories, and the endpoint's name after it. */
const ANY = String.raw`^ModelContextProtocol\.[\w.]+\[\d+\] `;

const sent = String.raw`(?:sending method '[^']+' request\. Request|sending message\. Message): '(?<body>.*)'\.$`;
const received = String.raw`transport received message\. Message: '(?<body>.*)'\.$`;
const result = String.raw`Request response received for method (?<method>\S+)\. Response: '(?<body>.*)'\.$`;

export const csharpSdk: Dialect<'csharp-sdk'> = {
  name: 'csharp-sdk',
  family: 'sdk',
  title: "C#/.NET SDK: Trace logs of ModelContextProtocol (Microsoft.Extensions.Logging's console)",
  example:
    'trce: ModelContextProtocol.Client.McpClient[654635990] StarWarsMCPServer sending method \'tools/list\' request. Request: \'{"method":"tools/list","params":{},"id":2,"jsonrpc":"2.0"}\'.',
  // The header: its text is the category and event id, then (single-line form) the message.
  lines: [new RegExp(String.raw`^${TIME}${LEVEL}: (?<text>[\w.\`+<>]+\[-?\d+\](?: .*)?)$`)],
  entryIndent: 6,
  cues: [
    {
      re: new RegExp(
        String.raw`${ANY}.+? (?:sending method '[^']+' request\. Request|sending message\. Message|transport received message\. Message): '[{[]`,
      ),
      weight: 6,
    },
    { re: new RegExp(String.raw`${ANY}.+? Request response received for method \S+\. Response: '`), weight: 6 },
    {
      re: new RegExp(
        String.raw`${ANY}.+? (?:waiting for response to request '|read \w+ message from channel\.$|client received server '|client created and connected\.$)`,
      ),
      weight: 4,
    },
    {
      re: new RegExp(
        String.raw`${ANY}.+? (?:transport (?:reading messages|received message with ID|completed reading messages)|method '[^']+' request handler (?:called|completed))`,
      ),
      weight: 3,
    },
    // A two-line entry's header alone: the SDK's own categories.
    { re: /^ModelContextProtocol\.[\w.]+\[-?\d+\](?: |$)/, weight: 5 },
  ],
  suffixes: [],
  markers: [
    { re: new RegExp(CLIENT + sent), dir: 'c2s' },
    { re: new RegExp(CLIENT + received), dir: 's2c' },
    // The session's restatement of a response the transport line before it gave whole; else the only record of it.
    { re: new RegExp(CLIENT + result), dir: 's2c', result: true, repeats: true },
    { re: new RegExp(SERVER + sent), dir: 's2c' },
    { re: new RegExp(SERVER + received), dir: 'c2s' },
    { re: new RegExp(SERVER + result), dir: 'c2s', result: true, repeats: true },
  ],
  // The id a result answers: the request the client said it waits for, or the id of the message the transport read.
  requestIds: [
    new RegExp(String.raw`${ANY}.+? waiting for response to request '(?<id>[^']*)' for method '(?<method>[^']+)'\.$`),
    new RegExp(String.raw`${ANY}.+? transport received message with ID '(?<id>(?!\(no id\)')[^']*)'\.$`),
  ],
  // The client names a stdio server by its transport's name, the endpoint in every line it writes.
  names: [
    /^ModelContextProtocol\.(?:Client\.[\w.]+|Protocol\.Transport\.\w*Client\w*)\[\d+\] (?<server>\S+) (?:sending |waiting for |read \w+ message|Request response|client |transport |connecting\.$|starting server process|started server process|received stderr log|shutting down\.$|shut down\.$)/,
  ],
  summaries: [],
  cut: null,
  events: [
    { re: new RegExp(String.raw`${ANY}.+? started server process with PID \d+\.$`), name: 'spawn' },
    { re: new RegExp(String.raw`${ANY}.+? transport completed reading messages\.$`), name: 'stdout-closed' },
    { re: new RegExp(String.raw`${ANY}.+? shut down\.$`), name: 'close', endsSession: true },
  ],
  blocks: [],
  // The application's own console output between entries (a chat's `User >` lines) is its own run of lines.
  unprefixed: 'run',
  time: 'local',
};
