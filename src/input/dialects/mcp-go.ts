// mcp-go (github.com/mark3labs/mcp-go): its client's LoggingTransport (v0.51, May 2026: `transport.NewLogging(inner,
// logger)`) writes one slog record per message (`→ request method=tools/list id=int64:1 …`, `← response …`) through
// the logger the application gives, and its stdio server's error logger (`log.LstdFlags` on stderr) writes what went
// wrong reading or writing the pipe.
//
// A record is a summary: the direction (the arrow: the transport is a client's, `→` what it sends), the kind, the
// method and the id (RequestId's String, `int64:1`, `string:abc`); the params print as Go values, not JSON. Grammar
// and the sources each shape was seen in: test/fixtures/hosts/mcp-go/SOURCES.md.
import type { Dialect } from './types.js';

/** slog's message, as its TextHandler quotes it (`msg="→ request"`) or its default handler writes it bare. */
const msg = (words: string) => String.raw`^(?:msg="${words}"|${words}) `;
/**
 * The fields of a record, in the transport's order: method, then id (an answer: id, then method). An id other than an
 * integer or a string without spaces (a float) is read as none.
 */
const ID = String.raw`id=(?:int64:(?<id>-?\d+)|"?string:(?<sid>[^\s"]*)"?|\S+)`;
const METHOD = String.raw`method=(?<method>[^\s"]+)`;

export const mcpGo: Dialect<'mcp-go'> = {
  name: 'mcp-go',
  family: 'sdk',
  title: "mcp-go (mark3labs): its client's LoggingTransport records (slog), its stdio server's error log",
  example: '2026/05/20 09:14:02 DEBUG → request method=tools/list id=int64:2',
  lines: [
    // slog's default handler (through the log package, `log.LstdFlags`), and the stdio server's error logger (no level).
    /^(?<ts>\d{4}\/\d\d\/\d\d \d\d:\d\d:\d\d(?:\.\d{1,6})?) (?:(?<level>DEBUG|INFO|WARN|ERROR) )?(?<text>.*)$/,
    // slog.NewTextHandler: `time=… level=… msg=… key=value…`.
    /^time=(?<ts>\S+) level=(?<level>DEBUG|INFO|WARN|ERROR)(?:[+-]\d+)? (?<text>msg=.*)$/,
  ],
  cues: [
    {
      re: /^(?:msg=")?[→←] (?:request|response|response error|notification|notification error)"? (?:method|id)=/,
      weight: 6,
    },
    {
      re: /^(?:msg=")?(?:Error (?:reading input|handling message|writing (?:tool )?response|writing notification)|Tool call queue full, processing synchronously|panic recovered in stdio tool call worker)/,
      weight: 4,
    },
  ],
  suffixes: [],
  markers: [
    { re: new RegExp(String.raw`${msg('→ request')}(?<body>${METHOD} .*)$`), dir: 'c2s', summary: { close: /^$/ } },
    { re: new RegExp(String.raw`${msg('← request')}(?<body>${METHOD} .*)$`), dir: 's2c', summary: { close: /^$/ } },
    {
      re: new RegExp(String.raw`${msg('→ notification')}(?<body>${METHOD}(?: .*)?)$`),
      dir: 'c2s',
      summary: { close: /^$/ },
    },
    {
      re: new RegExp(String.raw`${msg('← notification')}(?<body>${METHOD}(?: .*)?)$`),
      dir: 's2c',
      summary: { close: /^$/ },
    },
    // An answer: an error only when the JSON-RPC error's code is logged; a response error without one is the
    // transport's own failure (no answer came), an event.
    {
      re: new RegExp(String.raw`${msg('← response error')}(?<body>id=.* code=-?\d+ .*)$`),
      dir: 's2c',
      summary: { close: /^$/ },
    },
    {
      re: new RegExp(String.raw`${msg('→ response error')}(?<body>id=.* code=-?\d+ .*)$`),
      dir: 'c2s',
      summary: { close: /^$/ },
    },
    { re: new RegExp(String.raw`${msg('← response')}(?<body>id=.*)$`), dir: 's2c', summary: { close: /^$/ } },
    { re: new RegExp(String.raw`${msg('→ response')}(?<body>id=.*)$`), dir: 'c2s', summary: { close: /^$/ } },
  ],
  summaries: [
    { re: new RegExp(String.raw`^${METHOD} ${ID}`), kind: 'request' },
    { re: new RegExp(String.raw`^${ID} ${METHOD} duration=\S+ code=`), kind: 'error' },
    { re: new RegExp(String.raw`^${ID} ${METHOD}`), kind: 'result' },
    { re: new RegExp(String.raw`^${METHOD}`), kind: 'notification' },
  ],
  cut: null,
  events: [
    // The call failed in the transport: no answer (a timeout, a closed pipe, an HTTP error).
    { re: /^(?:msg=")?← response error"? id=\S+ method=\S+ duration=\S+ error=/, name: 'request-error' },
    { re: /^(?:msg=")?→ notification error"? /, name: 'request-error' },
    // The stdio server could not read its stdin or write its stdout.
    { re: /^Error reading input: /, name: 'connection-error' },
    { re: /^Error writing (?:tool )?(?:response|notification): /, name: 'connection-error' },
  ],
  blocks: [],
  // A panic's stack, a value printed over several lines continue the line above them.
  unprefixed: 'attach',
  time: 'local',
};
