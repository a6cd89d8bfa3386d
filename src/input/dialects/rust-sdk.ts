// The Rust SDK's logs (rmcp, github.com/modelcontextprotocol/rust-sdk): `tracing` events of the `rmcp::service` target
// through tracing-subscriber's fmt layer (`2025-04-23T05:49:08.464976Z  INFO rmcp::service: received request id=1 …`),
// between the application's own lines, server and client processes (a stdio client and the server it spawned often
// share one terminal).
//
// rmcp prints a message with Rust's Debug form, not as JSON: `JsonRpcRequest { jsonrpc: JsonRpcVersion2_0, id:
// Number(1), request: ListToolsRequest(RequestOptionalParam { method: ListToolsRequestMethod, … }) }`. Its fields are
// the Rust model's (snake_case, `Some(…)`, enum variants for the wire's tagged unions), so the wire's JSON cannot be
// rebuilt from it; each is read as a summary: its kind, its id, its method (by the method's type name, METHOD_NAMES).
// Its direction is the one the type says (a `ListToolsRequest` is only ever sent by a client), else the side of the
// process (`Service initialized as server`). Grammar and the published logs each shape was seen in:
// test/fixtures/hosts/rust-sdk/SOURCES.md.
import type { Dialect, Marker } from './types.js';

/** tracing-subscriber's fmt: an RFC 3339 time (UTC by default), the level padded to five characters; not Codex's crates. */
const LINE =
  /^(?<ts>\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d{1,9})?(?:Z|[+-]\d\d:\d\d)) +(?<level>TRACE|DEBUG|INFO|WARN|ERROR) (?<text>(?!codex_).*)$/;

/** The spans (`serve_inner: `), the target and, when the application shows it, the line number. */
const SERVICE = String.raw`^(?:.*?: )?rmcp::service:(?: \d+:)? `;

/**
 * The model's union variants by who sends them (rmcp's `ClientRequest`, `ServerRequest` … unions; the SDK's releases
 * named elicitation `CreateElicitation…` before `Elicit…`). `either`: both sides send it, the process's side decides.
 */
const REQUESTS = {
  c2s: 'Initialize|Discover|Complete|SetLevel|GetPrompt|ListPrompts|ListResources|ListResourceTemplates|ReadResource|SubscriptionsListen|Subscribe|Unsubscribe|CallTool|ListTools|GetTask|UpdateTask|CancelTask|ListTasks|GetTaskInfo|GetTaskResult',
  s2c: 'CreateMessage|ListRoots|Elicit|CreateElicitation',
  either: 'Ping|Custom',
};
const RESULTS = {
  s2c: 'Discover|Initialize|Complete|GetPrompt|ListPrompts|ListResources|ListResourceTemplates|ReadResource|SubscriptionsListen|ListTools|CreateTask|GetTask|CallTool|InputRequired|TaskAck|ListTasks|GetTaskInfo|GetTaskPayload',
  c2s: 'CreateMessage|ListRoots|CreateElicitation',
  either: 'Elicit|Empty|Custom',
};
const NOTIFICATIONS = {
  c2s: 'Initialized|RootsListChanged',
  s2c: 'LoggingMessage|ResourceUpdated|ResourceListChanged|ToolListChanged|PromptListChanged|SubscriptionsAcknowledged|TaskStatus|ElicitationCompletion|ElicitationResponse',
  either: 'Cancelled|Progress|Custom',
};

type Sides = { c2s: string; s2c: string; either: string };

/**
 * The markers of one line form, a direction each: `form` is the line's pattern with `VARIANT` where the message's type
 * stands (its name without the suffix `suffix`), `either` the process's side for a type both sides send.
 */
function bySide(
  form: string,
  suffix: string,
  sides: Sides,
  either: 'received' | 'sent',
  more: Partial<Marker> = {},
): Marker[] {
  return (['c2s', 's2c', 'either'] as const).map((side) => ({
    re: new RegExp(form.replace('VARIANT', `(?:${sides[side]})${suffix}`)),
    dir: side === 'either' ? either : side,
    summary: { close: /^$/ },
    ...more,
  }));
}

/** A request id as Debug prints it (`Number(1)`, `String("a")`), inside `Some(…)` where it is optional. */
const ID = String.raw`(?:Some\()?(?:Number\((?<id>-?\d+)\)|String\("(?<sid>(?:[^"\\]|\\.)*)"\))\)?`;
/** A request id as Display prints it (`id=1`, a string bare). */
const SHOWN_ID = String.raw`(?:(?<id>-?\d+)|(?<sid>\S+))`;
/** The method's type inside the message's variant (`ListToolsRequest(RequestOptionalParam { method: ListToolsRequestMethod`), or a custom one's string (its quotes left out). */
const METHOD = String.raw`\w+\(\w+ \{ method: "?(?<method>[^",\s]+)`;

/** rmcp's method types (its `const_string!` declarations): the method each stands for. */
const METHOD_NAMES: ReadonlyMap<string, string> = new Map([
  ['InitializeResultMethod', 'initialize'],
  ['InitializedNotificationMethod', 'notifications/initialized'],
  ['DiscoverRequestMethod', 'server/discover'],
  ['PingRequestMethod', 'ping'],
  ['CancelledNotificationMethod', 'notifications/cancelled'],
  ['ProgressNotificationMethod', 'notifications/progress'],
  ['ListResourcesRequestMethod', 'resources/list'],
  ['ListResourceTemplatesRequestMethod', 'resources/templates/list'],
  ['ReadResourceRequestMethod', 'resources/read'],
  ['ResourceListChangedNotificationMethod', 'notifications/resources/list_changed'],
  ['SubscribeRequestMethod', 'resources/subscribe'],
  ['UnsubscribeRequestMethod', 'resources/unsubscribe'],
  ['ResourceUpdatedNotificationMethod', 'notifications/resources/updated'],
  ['SubscriptionsListenRequestMethod', 'subscriptions/listen'],
  ['ListPromptsRequestMethod', 'prompts/list'],
  ['GetPromptRequestMethod', 'prompts/get'],
  ['PromptListChangedNotificationMethod', 'notifications/prompts/list_changed'],
  ['ToolListChangedNotificationMethod', 'notifications/tools/list_changed'],
  ['SetLevelRequestMethod', 'logging/setLevel'],
  ['LoggingMessageNotificationMethod', 'notifications/message'],
  ['CreateMessageRequestMethod', 'sampling/createMessage'],
  ['CompleteRequestMethod', 'completion/complete'],
  ['ListRootsRequestMethod', 'roots/list'],
  ['RootsListChangedNotificationMethod', 'notifications/roots/list_changed'],
  ['ElicitationCreateRequestMethod', 'elicitation/create'],
  ['ElicitationResponseNotificationMethod', 'notifications/elicitation/response'],
  ['ListToolsRequestMethod', 'tools/list'],
  ['CallToolRequestMethod', 'tools/call'],
  ['GetTaskMethod', 'tasks/get'],
  ['UpdateTaskMethod', 'tasks/update'],
  ['CancelTaskMethod', 'tasks/cancel'],
  ['TaskStatusNotificationMethod', 'notifications/tasks'],
]);

export const rustSdk: Dialect<'rust-sdk'> = {
  name: 'rust-sdk',
  family: 'sdk',
  title: 'Rust SDK (rmcp): tracing logs of rmcp::service, messages in Debug form',
  example:
    '2025-04-23T05:49:08.464976Z  INFO rmcp::service: received request id=1 request=ListToolsRequest(RequestOptionalParam { method: ListToolsRequestMethod, params: Some(PaginatedRequestParam { cursor: None }), extensions: Extensions })',
  lines: [LINE],
  cues: [
    {
      re: new RegExp(
        String.raw`${SERVICE}(?:received request id=\S+ request=|response message id=\S+ result=|received notification notification=|new event evt=(?:PeerMessage|ToSink|ProxyMessage)\()`,
      ),
      weight: 6,
    },
    {
      re: new RegExp(String.raw`${SERVICE}(?:Service initialized as (?:client|server)|serve finished quit_reason=)`),
      weight: 6,
    },
    { re: new RegExp(String.raw`${SERVICE}(?:task cancelled|input stream terminated)$`), weight: 3 },
    { re: /^(?:.*?: )?rmcp::[\w:]+: /, weight: 2 },
    // A failed handshake as the application prints it: rmcp's own words, the only ones of a launch that ended there.
    {
      re: /\b(?:expect initiali[sz]ed? (?:request|notification), but received: (?:Some\()?(?:Request|Notification)\(JsonRpc|connection closed: initiali[sz]ed? (?:request|response|notification)$)/,
      weight: 5,
    },
  ],
  suffixes: [],
  markers: [
    // What the service received (rmcp 0.1: INFO; later DEBUG): the event line just before says it too.
    ...bySide(
      String.raw`${SERVICE}received request (?<body>id=\S+ request=VARIANT\(.*)$`,
      'Request',
      REQUESTS,
      'received',
      { restates: true },
    ),
    ...bySide(
      String.raw`${SERVICE}received notification (?<body>notification=VARIANT\(.*)$`,
      'Notification',
      NOTIFICATIONS,
      'received',
      { restates: true },
    ),
    // What its handler answered; the event line after it restates it.
    ...bySide(String.raw`${SERVICE}response message (?<body>id=\S+ result=VARIANT\(.*)$`, 'Result', RESULTS, 'sent'),
    {
      re: new RegExp(String.raw`${SERVICE}response error (?<body>id=\S+ error=.*)$`),
      dir: 'sent',
      summary: { close: /^$/ },
    },
    // The service loop's events (rmcp 0.1: DEBUG; later TRACE): every message in and out, as the JSON-RPC envelope.
    ...bySide(
      String.raw`${SERVICE}new event evt=PeerMessage\((?<body>Request\(JsonRpcRequest \{ jsonrpc: JsonRpcVersion2_0, id: \S+, request: VARIANT\(.*)\)$`,
      'Request',
      REQUESTS,
      'received',
    ),
    ...bySide(
      String.raw`${SERVICE}new event evt=PeerMessage\((?<body>Notification\(JsonRpcNotification \{ jsonrpc: JsonRpcVersion2_0, notification: VARIANT\(.*)\)$`,
      'Notification',
      NOTIFICATIONS,
      'received',
    ),
    ...bySide(
      String.raw`${SERVICE}new event evt=PeerMessage\((?<body>Response\(JsonRpcResponse \{ jsonrpc: JsonRpcVersion2_0, id: \S+, result: VARIANT\(.*)\)$`,
      'Result',
      RESULTS,
      'received',
    ),
    {
      re: new RegExp(String.raw`${SERVICE}new event evt=PeerMessage\((?<body>Error\(JsonRpcError \{ .*)\)$`),
      dir: 'received',
      summary: { close: /^$/ },
    },
    ...bySide(
      String.raw`${SERVICE}new event evt=ToSink\((?<body>Request\(JsonRpcRequest \{ jsonrpc: JsonRpcVersion2_0, id: \S+, request: VARIANT\(.*)\)$`,
      'Request',
      REQUESTS,
      'sent',
    ),
    ...bySide(
      String.raw`${SERVICE}new event evt=ToSink\((?<body>Notification\(JsonRpcNotification \{ jsonrpc: JsonRpcVersion2_0, notification: VARIANT\(.*)\)$`,
      'Notification',
      NOTIFICATIONS,
      'sent',
    ),
    ...bySide(
      String.raw`${SERVICE}new event evt=ToSink\((?<body>Response\(JsonRpcResponse \{ jsonrpc: JsonRpcVersion2_0, id: \S+, result: VARIANT\(.*)\)$`,
      'Result',
      RESULTS,
      'sent',
      { restates: true },
    ),
    {
      re: new RegExp(String.raw`${SERVICE}new event evt=ToSink\((?<body>Error\(JsonRpcError \{ .*)\)$`),
      dir: 'sent',
      summary: { close: /^$/ },
      restates: true,
    },
    // What the process's own peer handle sends (a client's requests, a server's notifications).
    ...bySide(
      String.raw`${SERVICE}new event evt=ProxyMessage\((?<body>Request \{ request: VARIANT\(.*)\)$`,
      'Request',
      REQUESTS,
      'sent',
    ),
    ...bySide(
      String.raw`${SERVICE}new event evt=ProxyMessage\((?<body>Notification \{ notification: VARIANT\(.*)\)$`,
      'Notification',
      NOTIFICATIONS,
      'sent',
    ),
  ],
  // A client names the server by the initialize result it logs (a server's log names none: its peer is the client).
  names: [
    new RegExp(
      String.raw`${SERVICE}Service initialized as client peer_info=.*? server_info: Implementation \{ name: "(?<server>(?:[^"\\]|\\.)*)"`,
    ),
  ],
  summaries: [
    { re: new RegExp(String.raw`^id=${SHOWN_ID} request=${METHOD}`), kind: 'request' },
    { re: new RegExp(String.raw`^notification=${METHOD}`), kind: 'notification' },
    { re: new RegExp(String.raw`^id=${SHOWN_ID} result=`), kind: 'result' },
    { re: new RegExp(String.raw`^id=${SHOWN_ID} error=`), kind: 'error' },
    {
      re: new RegExp(String.raw`^Request\(JsonRpcRequest \{ jsonrpc: JsonRpcVersion2_0, id: ${ID}, request: ${METHOD}`),
      kind: 'request',
    },
    {
      re: new RegExp(
        String.raw`^Notification\(JsonRpcNotification \{ jsonrpc: JsonRpcVersion2_0, notification: ${METHOD}`,
      ),
      kind: 'notification',
    },
    {
      re: new RegExp(String.raw`^Response\(JsonRpcResponse \{ jsonrpc: JsonRpcVersion2_0, id: ${ID}, result: `),
      kind: 'result',
    },
    {
      re: new RegExp(String.raw`^Error\(JsonRpcError \{ jsonrpc: JsonRpcVersion2_0, id: ${ID}, error: `),
      kind: 'error',
    },
    { re: /^Error\(JsonRpcError \{ jsonrpc: JsonRpcVersion2_0, id: None, error: /, kind: 'error' },
    // The peer handle's request: its id after the request's fields.
    { re: new RegExp(String.raw`^Request \{ request: ${METHOD}.*, id: ${ID}, responder: `), kind: 'request' },
    { re: new RegExp(String.raw`^Notification \{ notification: ${METHOD}`), kind: 'notification' },
  ],
  methodNames: METHOD_NAMES,
  cut: null,
  events: [
    { re: new RegExp(String.raw`${SERVICE}Service initialized as (?:client|server)\b`), name: 'connected' },
    { re: new RegExp(String.raw`${SERVICE}input stream terminated$`), name: 'disconnected' },
    { re: new RegExp(String.raw`${SERVICE}serve finished\b`), name: 'close', endsSession: true },
    // The handshake failed (ServerInitializeError / ClientInitializeError, shown or debug-printed by the application).
    {
      re: /\bconnection closed: initiali[sz]ed? (?:request|response|notification)\b|\bConnectionClosed\("initiali[sz]ed? (?:request|response|notification)"\)/,
      name: 'connection-error',
    },
    {
      re: /\bexpect initiali[sz]ed? (?:request|notification), but received: |\bExpectedInitiali[sz]ed?(?:Request|Notification)\(|\binitialize failed: |\bSend message error .{0,2000}, when send initiali[sz]ed? (?:request|response|notification)/,
      name: 'connection-error',
    },
  ],
  blocks: [],
  // Which side the process is, for a message type both sides send.
  roles: {
    server: [new RegExp(String.raw`${SERVICE}Service initialized as server\b`)],
    client: [new RegExp(String.raw`${SERVICE}Service initialized as client\b`)],
  },
  // `{:#?}` dumps, pretty JSON, an error's `Caused by:` lines continue the line above them.
  unprefixed: 'attach',
  time: 'utc',
  // tracing-subscriber colours the level and the fields on a terminal.
  ansi: true,
};
