// Zed's application log (Zed.log, or `zed --foreground` in a terminal): its context-server (MCP) lines, which it logs
// at TRACE, before zlog (to spring 2025) and with zlog (mid 2025 on).
//
// Grammar and the published logs and sources each shape was seen in: test/fixtures/hosts/zed/SOURCES.md.
import type { Dialect } from './types.js';

/** Zed writes local time with its offset (never `Z`: Claude Code's `…Z [DEBUG]` lines are not Zed's). */
const OFFSET = String.raw`[+-]\d\d:\d\d`;
const LEVEL = String.raw`(?<level>ERROR|WARN|INFO|DEBUG|TRACE)`;
/** The module zlog names in brackets (`[context_server::client]`) is kept in the text: it says which logger wrote it. */
const MODULE = String.raw`(?:\[[\w:]+\] )?`;
/** The client's own logger: the stdio transport logs each outgoing message a second time under its own module. */
const CLIENT = String.raw`(?:\[context_server(?:::client)?\] )?`;

export const zed: Dialect<'zed'> = {
  name: 'zed',
  family: 'host',
  title: "Zed: Zed.log (context servers' traffic at TRACE)",
  example:
    '2025-07-17T09:05:03-03:00 TRACE [context_server::client] outgoing message: {"jsonrpc":"2.0","id":1,"method":"tools/list"}',
  lines: [
    // zlog (mid 2025 →): whole seconds, the level padded to five characters, then the module.
    new RegExp(String.raw`^(?<ts>\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d${OFFSET}) ${LEVEL} +(?<text>\[[\w:]+\](?: .*)?)$`),
    // Before zlog: fractions of a second, the level in brackets, no module.
    new RegExp(
      String.raw`^(?<ts>\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d{1,9})?${OFFSET}) \[${LEVEL}\](?: (?<text>.*))?$`,
    ),
  ],
  cues: [
    { re: new RegExp(String.raw`^${MODULE}(?:outgoing message|recv): [{[]`), weight: 6 },
    { re: new RegExp(String.raw`^${MODULE}starting context server `), weight: 6 },
    { re: new RegExp(String.raw`^${MODULE}=+ starting zed\b`), weight: 5 },
    { re: new RegExp(String.raw`^${MODULE}context server stderr: `), weight: 4 },
    { re: new RegExp(String.raw`^${MODULE}took \S+ to receive response to `), weight: 4 },
    { re: /^\[context_server[\w:]*\] /, weight: 2 },
  ],
  suffixes: [],
  markers: [
    { re: new RegExp(String.raw`^${CLIENT}outgoing message: (?<body>.*)$`), dir: 'c2s' },
    { re: new RegExp(String.raw`^${CLIENT}recv: (?<body>.*)$`), dir: 's2c' },
  ],
  summaries: [],
  cut: null,
  events: [
    // `starting context server (executable=…, args=…)` is the client's log line that follows, not a start.
    {
      re: new RegExp(String.raw`^${MODULE}starting context server (?<server>(?!\().+)$`),
      name: 'start',
      startsSession: true,
    },
    // A failure names its server while another may be starting: the lines after it (stderr, a timeout) that name none
    // are still the one started last's.
    {
      re: new RegExp(String.raw`^${MODULE}(?<server>\S+) context server failed to start: `),
      name: 'spawn-error',
      aside: true,
    },
    { re: new RegExp(String.raw`^${MODULE}cancelled csp request task for `), name: 'timeout' },
  ],
  blocks: [],
  // A line without the prefix continues the record above it (an error's `Caused by:` chain, a panic).
  unprefixed: 'attach',
  time: 'utc',
  // `zed --foreground` colours the level and the module.
  ansi: true,
  // Before zlog no module tells the stdio transport's copy of an outgoing message from the client's line: the same
  // text right after it is that copy.
  echoes: { re: /^outgoing message: / },
};
