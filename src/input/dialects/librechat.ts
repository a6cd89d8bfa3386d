// LibreChat's backend log (its console, `docker compose logs api`, or `logs/debug-*.log`): winston lines whose MCP
// part is tagged `[MCP][NAME]` (`[MCP][User: ID][NAME]` for a user's own connection).
//
// Its `Transport sending: …` lines carry a message, but cut (`… [truncated]`) or only its method and id: they are read
// as logs. A connection's states and failures are events of the server. Grammar and the published logs each shape was
// seen in: test/fixtures/hosts/librechat/SOURCES.md.
import type { Dialect } from './types.js';

/** What a container runtime puts before each line: compose's `api  | `, or a service name and its own time. */
const CONTAINER = String.raw`(?:[\w.-]+ +\| |\[[\w.-]+\] \d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d{1,9})?Z )?`;
/** The MCP tags before the text: the server is the last one (a user's id or `[config]` may come before it). */
const TAGS = String.raw`\[MCP\](?:\[User: [^\]]+\]|\[config\])*\[(?<server>(?!User: )[^\]]+)\] `;

export const librechat: Dialect<'librechat'> = {
  name: 'librechat',
  family: 'host',
  title: "LibreChat: the backend's log, its [MCP][NAME] lines",
  example: '2025-02-12 02:36:01 error: [MCP][datetime] Connection failed: spawn python ENOENT',
  lines: [
    // winston's time (local, to the second; ISO in UTC in the debug file), the level, `: `, the text.
    new RegExp(
      String.raw`^${CONTAINER}(?<ts>\d{4}-\d\d-\d\d[ T]\d\d:\d\d:\d\d(?:\.\d{1,9})?Z?) (?<level>error|warn|info|http|verbose|debug|silly) ?: (?<text>.*)$`,
    ),
    // A line of the container's output that is no winston line (a server's stderr the backend passed through): its
    // own record, of no server (the runtime's prefix says only which container wrote it).
    /^[\w.-]+ +\| (?<text>.*)$/,
  ],
  // One log of the whole backend: a line names its server or is about none.
  servers: 'line',
  names: [new RegExp(String.raw`^${TAGS}`)],
  cues: [
    {
      re: new RegExp(
        String.raw`^${TAGS}(?:Connection state: |Connection failed: |Capabilities: |Initialized in: |✓ Initialized)`,
      ),
      weight: 6,
    },
    { re: /^\[MCP\]\[/, weight: 4 },
    { re: /^\[MCP\] (?:Initializing servers|Initialized with )/, weight: 4 },
  ],
  suffixes: [],
  markers: [],
  summaries: [],
  cut: null,
  events: [
    // A connection of the server begins: a session of its own (a reconnect too).
    { re: new RegExp(String.raw`^${TAGS}Connection state: connecting$`), name: 'start', startsSession: true },
    { re: new RegExp(String.raw`^${TAGS}Connection state: connected$`), name: 'connected' },
    { re: new RegExp(String.raw`^${TAGS}Connection state: error$`), name: 'connection-error' },
    { re: new RegExp(String.raw`^${TAGS}Connection state: disconnected$`), name: 'close' },
    { re: new RegExp(String.raw`^${TAGS}Connection failed: `), name: 'connection-error' },
    { re: new RegExp(String.raw`^${TAGS}Disconnecting\.\.\.$`), name: 'shutdown' },
  ],
  blocks: [],
  // A line without the prefix continues the record above: a stack, a server's stderr the backend printed as is.
  unprefixed: 'attach',
  time: 'local',
};
