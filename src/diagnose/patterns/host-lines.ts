// DATA: what hosts, bridges and SDKs write when something goes wrong (or right), as line patterns per signal kind.
// Every pattern runs on at most the first 4 KiB of one physical line and has no nested or overlapping unbounded
// quantifiers, so it runs in linear time on any line. Named groups: `method`, `ms`, `s`, `status`, `code`.

/** What a line says, for the causes to read. */
export type SignalKind =
  | 'spawn' // the server could not be started: command not found, ENOENT, permission denied, package missing
  | 'env' // the server ran without something of its environment the host should give it
  | 'closed' // the transport or the process ended under the host
  | 'timeout' // the host gave up waiting (for initialize when `method` says so or the handshake is not done)
  | 'timeout-hint' // the host names its own timeout setting: the limit is the host's configuration
  | 'ready' // the handshake is done (the host connected and listed the server's features)
  | 'host-stop' // the host itself stops or reloads the server
  | 'auth' // HTTP 401/403, an OAuth or token error
  | 'session-lost' // the server no longer knows the HTTP session
  | 'not-found' // HTTP 404 / no such endpoint
  | 'network' // refused, reset, DNS, TLS, fetch failed
  | 'http-5xx' // the endpoint or a proxy answered 5xx
  | 'http-4xx' // the endpoint refused the request with a 4xx other than 401, 403 and 404 (400 Bad Request, 405, 406 …)
  | 'pollution' // the host could not parse a line of the server's stdout
  | 'version' // a protocol version the other side refused
  | 'unhandled' // the host could not handle a message (a request for a feature it lacks)
  | 'took' // the host's own measure of a request's latency
  | 'failure-header'; // a host line that introduces the failure lines after it ("jira has failed to load:")

interface LinePattern {
  kind: SignalKind;
  re: RegExp;
}

export const HOST_LINE_PATTERNS: readonly LinePattern[] = [
  // spawn: the process never ran the server's code.
  { kind: 'spawn', re: /\bspawn \S{1,300} ENOENT\b/ },
  { kind: 'spawn', re: /\bspawn \S{1,300} EACCES\b/ },
  { kind: 'spawn', re: /failed to spawn command/i },
  // Claude Desktop (2026) with a command it cannot find on its PATH: `Failed to spawn process: No such file or directory`.
  { kind: 'spawn', re: /Failed to spawn process: (?:No such file or directory|Permission denied)/ },
  { kind: 'spawn', re: /\bcommand not found\b/ },
  { kind: 'spawn', re: /^env: \S{1,200}: No such file or directory/ },
  { kind: 'spawn', re: /can't open file .{1,300}\[Errno 2\] No such file or directory/ },
  { kind: 'spawn', re: /bad interpreter/ },
  // mcptrace wrap's own (its capture's `spawn-error`): "cannot start ./server.mjs: permission denied (EACCES)".
  { kind: 'spawn', re: /\bcannot start \S.{0,300}: [a-z ]{1,60} \((?:ENOENT|EACCES|ENOEXEC|ENOTDIR|EISDIR)\)/ },
  // Rust's error for a program that is not there (Codex, Amazon Q and Kiro CLI spawn servers through tokio).
  { kind: 'spawn', re: /No such file or directory \(os error 2\)/ },
  { kind: 'spawn', re: /is not recognized as an internal or external command/ },
  { kind: 'spawn', re: /No solution found when resolving tool dependencies/ },
  { kind: 'spawn', re: /was not found in the package registry/ },
  { kind: 'spawn', re: /npm (?:ERR!|error) (?:code )?E404/ },
  // env: the process ran, the environment the host gave it was short.
  { kind: 'env', re: /\$HOME is not (?:defined|set)/ },
  { kind: 'env', re: /\bHOME (?:environment variable )?is not set\b/ },
  // closed: the SDK's -32000, a host's "transport closed unexpectedly", EOF on the handshake.
  { kind: 'closed', re: /MCP error -32000: Connection closed/ },
  { kind: 'closed', re: /Server transport closed unexpectedly/ },
  { kind: 'closed', re: /handshaking with MCP server failed: connection closed/ },
  // An rmcp client's handshake error as an application prints it (Display, or main's Debug): the server's end closed
  // before its answer to initialize.
  { kind: 'closed', re: /\bconnection closed: initialize response\b/ },
  { kind: 'closed', re: /\bConnectionClosed\("initialize response"\)/ },
  { kind: 'closed', re: /\bexited with code (?<code>[1-9]\d{0,3})\b/ },
  { kind: 'closed', re: /\bprocess exited unexpectedly\b/i },
  // A host that says only that the server did not come up (opencode): its transport ended before the handshake.
  { kind: 'closed', re: /\bMCP server \S{1,100} failed to start\b/ },
  { kind: 'closed', re: /\bserver unavailable\b.{0,200}\bstatus=failed\b/ },
  // goose (rmcp): the server's process ended, or the transport closed, before the handshake was done.
  { kind: 'closed', re: /\bprocess quit before initialization\b/ },
  { kind: 'closed', re: /\bConnectionClosed\("initialize response"\)/ },
  // timeout: the host's limit ran out.
  { kind: 'timeout', re: /request task for "(?<method>[\w/]{1,64})" id \S{1,40} which took over (?<s>\d{1,6})s/ },
  { kind: 'timeout', re: /timed out awaiting (?<method>[\w/]{1,64}) after (?<s>\d{1,6})s/ },
  { kind: 'timeout', re: /Operation timed out: recv for (?<method>[\w/]{1,64})/ },
  { kind: 'timeout', re: /MCP request timed out for "[^"]{1,100}" \((?<method>[\w/]{1,64})\)/ },
  { kind: 'timeout', re: /MCP client for `[^`]{1,100}` timed out after (?<s>\d{1,6}) seconds/ },
  { kind: 'timeout', re: /failed to start: request timed out/ },
  { kind: 'timeout', re: /Connection failed after (?<ms>\d{1,9})ms: MCP error -32001/ },
  { kind: 'timeout', re: /MCP error -32001: Request timed out/ },
  { kind: 'timeout-hint', re: /\b(?:startup|tool)_timeout_sec\b/ },
  // ready: the server answered the handshake.
  { kind: 'ready', re: /\bSuccessfully connected\b/ },
  { kind: 'ready', re: /\bConnected to (?:remote )?server\b/ },
  { kind: 'ready', re: /\bloaded in \d{1,6}(?:\.\d{1,3})? ?s\b/ },
  { kind: 'ready', re: /\bDiscovered \d{1,6} tools\b/ },
  // Cline asks a server for its tools once the handshake is done: a failure to get them is no failure to initialize.
  { kind: 'ready', re: /\bFailed to fetch (?:tools|resources) for \S/ },
  // host-stop: the host ends the process itself.
  { kind: 'host-stop', re: /\bSending SIG(?:INT|TERM|KILL)\b/ },
  { kind: 'host-stop', re: /\bHandling ReloadClient action\b/ },
  { kind: 'host-stop', re: /\bStopping server\b/ },
  // HTTP: auth first (a 401 is never a connection failure), then session loss, then the rest.
  { kind: 'auth', re: /(?:\bHTTP |\bstatus |\bstatus code |\()(?<status>40[13])\b/ },
  { kind: 'auth', re: /\b(?<status>40[13]) (?:Unauthorized|Forbidden|status sending)\b/ },
  { kind: 'auth', re: /\binvalid_token\b|\bmissing bearer token\b/ },
  { kind: 'session-lost', re: /Session not found/ },
  { kind: 'not-found', re: /(?:\bHTTP |\bstatus |\bstatus code |\()(?<status>404)\b/ },
  { kind: 'not-found', re: /\b404 status sending\b|^\s{0,20}code: 404\b/ },
  { kind: 'not-found', re: /Cannot (?:GET|POST|DELETE) \/\S{0,200}/ },
  { kind: 'network', re: /\bfetch failed\b/ },
  { kind: 'network', re: /\b(?:ECONNREFUSED|ECONNRESET|ENOTFOUND|EAI_AGAIN|ETIMEDOUT|EHOSTUNREACH)\b/ },
  { kind: 'network', re: /\bsocket hang up\b|\bself[- ]signed certificate\b|\bcertificate has expired\b/ },
  { kind: 'network', re: /\bConnection ?[Rr]efused\b/ },
  // reqwest (goose's rmcp client): the request never reached the endpoint.
  { kind: 'network', re: /\berror sending request for url\b/ },
  { kind: 'http-5xx', re: /(?:\bHTTP |\bstatus |\bstatus code |\()(?<status>5\d\d)\b/ },
  { kind: 'http-4xx', re: /(?:\bHTTP |\bstatus |\bstatus code |\()(?<status>4(?:0[025-9]|[1-9]\d))\b/ },
  // stdout pollution: the host's JSON parser met a line that is no message.
  { kind: 'pollution', re: /Failed to parse message/ },
  { kind: 'pollution', re: /is not valid JSON/ },
  { kind: 'pollution', re: /Unexpected token .{1,80} in JSON/ },
  { kind: 'version', re: /Unsupported protocol version/i },
  { kind: 'unhandled', re: /Unhandled JSON from/ },
  {
    kind: 'took',
    re: /took (?<s>\d{1,6}(?:\.\d{1,12})?)(?<unit>s|ms) to receive response to "(?<method>[\w/]{1,64})"/,
  },
  {
    kind: 'failure-header',
    re: /has failed to load:?\s{0,4}$|Failed to (?:start|connect to)(?: new| single)? MCP server|MCP startup incomplete|tool call failed for `/,
  },
];

/** Words that make a server's stderr line an error line (evidence beside a crash). */
export const STDERR_ERROR_WORDS = /\b(?:error|fatal|panic|exception|not defined|cannot|failed|denied)\b/i;

/**
 * A line of the server's stderr with no host prefix (recorded by `wrap` in its capture, or appended to it, `2>>capture.ndjson`) that is an error
 * line by its own first word: a level or `fatal:` (`Error: …` is also an exception's headline). Not any line with an
 * error word: a Node stack prints its source line (`const err = new Error(message);`).
 */
export const BARE_STDERR_ERROR = /^\s{0,8}\[?(?:error|fatal|critical|panic)\]?(?::|\s)/i;

/** Prefixes hosts put before a line of the server's stderr; what follows is the server's own words. */
export const STDERR_PREFIXES =
  /(?:Server stderr: |\[server stderr\] |context server stderr: |MCP STDERR \([^)]{1,100}\)\]: |MCP server stderr \([^)]{1,100}\): |stderr: |Log from MCP Server: )/;

/**
 * What a host appends to its own line after the words (Claude Desktop's util.inspect dump of the error's metadata,
 * opened at the end of the line and written over the lines after it, or as JSON on the line): a signal's text is cut
 * where the first of these begins (`spawn python ENOENT {` → `spawn python ENOENT`).
 */
export const TRAILING_DUMPS: readonly RegExp[] = [/ \{\s{0,4}$/, / \{"(?:context|stack|metadata)":/, / \{ metadata: /];
