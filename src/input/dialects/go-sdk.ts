// The official Go SDK's LoggingTransport (github.com/modelcontextprotocol/go-sdk/mcp): it wraps a transport and writes
// every message the process reads or writes, as `read: JSON` and `write: JSON`, to the writer the application gives
// (stderr, a file), between whatever else the application prints there (Go's log package lines).
//
// Grammar and the sources each shape was seen in: test/fixtures/hosts/go-sdk/SOURCES.md.
import type { Dialect } from './types.js';

export const goSdk: Dialect<'go-sdk'> = {
  name: 'go-sdk',
  family: 'sdk',
  title: "Go SDK: the LoggingTransport's `read:` / `write:` lines (github.com/modelcontextprotocol/go-sdk)",
  example: 'write: {"jsonrpc":"2.0","id":2,"method":"tools/list","params":{}}',
  lines: [
    // The transport's own lines: no prefix, no time.
    /^(?<text>(?:read|write)(?: error)?: .*)$/,
    // Go's log package (`log.Printf`, the default flags): `2025/07/01 10:00:00 text`, local time.
    /^(?<ts>\d{4}\/\d\d\/\d\d \d\d:\d\d:\d\d(?:\.\d{1,6})?) (?<text>.*)$/,
  ],
  cues: [
    { re: /^(?:read|write): \{"jsonrpc":"2\.0"/, weight: 6 },
    { re: /^(?:read|write) error: /, weight: 2 },
  ],
  suffixes: [],
  // Which side wrote the line is the process's: a client writes requests to the server, a server reads them.
  markers: [
    { re: /^read: (?<body>[{[].*)$/, dir: 'received' },
    { re: /^write: (?<body>[{[].*)$/, dir: 'sent' },
  ],
  summaries: [],
  cut: null,
  events: [],
  blocks: [],
  // No line says the side but the messages: the first `initialize` or answer tells it (process.ts).
  roles: { server: [], client: [] },
  // The log names no server: its initialize result does, but only after the request it answers (the session would split).
  // A panic's stack, a multi-line log message: a run of lines without a prefix is one record.
  unprefixed: 'run',
  time: 'local',
};
