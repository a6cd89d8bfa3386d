// The data shape of a text-log dialect (a host's or tool's own log): how to recognise it and how to read its lines.
//
// A dialect is data: regexes and tables, read by one engine (engine.ts) and one detection scorer (scorer.ts). Nothing
// here runs: a dialect that needs control flow of its own is a sign that the engine lacks a form all dialects share.

import type { Direction, NotLogged } from '../../types.js';

/** A detection cue: a pattern tested on a line that matched one of the dialect's host lines (on its `text`, or whole). */
interface Cue {
  re: RegExp;
  /** Points a line matching it adds (a line that only matches a host-line grammar scores 1). */
  weight: number;
  /**
   * What `re` is tested on: the host line's `text` (the default), or the whole `line` (a prefix no other tool writes,
   * such as mcp-proxy's doubled milliseconds, when the texts are another tool's).
   */
  on?: 'text' | 'line';
}

/**
 * A message marker on a host line's text: the log states the direction (never inferred). Group `body` is what follows
 * the marker: whole JSON, JSON continuing over the next lines, a cut body, or a summary.
 */
export interface Marker {
  re: RegExp;
  /**
   * The direction, or `received`: the message the logging process received, `c2s` in a server's log and `s2c` in a
   * client's (Dialect.roles tells which; else the first such message does: a response means a client, `initialize` a
   * server). `sent`: the message the logging process sent, the other way round.
   */
  dir: Exclude<Direction, 'unknown'> | 'received' | 'sent';
  /** How the body is written (default `json`): a logger that prints the parsed message writes its language's literal. */
  syntax?: BodySyntax;
  /** The server, when the log never names it but the marker tells which program printed it (an SDK's example server). */
  server?: string;
  /**
   * The body is only ever a summary of the message, in one of the dialect's summary forms, even when it looks like JSON
   * (mcp-remote's `--debug` record `{ method: 'tools/list', id: 1 }`; `syntax` does not apply). A body that ends with
   * `{` goes on over the lines after it up to the first that `close` matches (that one included); they are joined with
   * `\n` before the forms are tried.
   */
  summary?: { close: RegExp };
  /**
   * The record restates a message the host logged on the host line just before it (only echoes between them): more
   * fully (mcp-remote's `--debug` record after its `[Local→Remote] tools/list`) or as the bytes written (the Python
   * SDK's SSE chunk after the server's repr of what it sends). That message, when it is the same (same direction, and
   * the same method, else the same id, as far as both tell), is then a log record of its line, and this record the
   * message. For this, a dialect with such a marker holds every message of its other markers one line, and its summary
   * messages when it has `bodyAfterSummary` (src/input/dialects/held.ts); other dialects hold nothing.
   */
  restates?: true;
  /**
   * The line repeats a message a line before it read (the Python SDK's SSE server: `Received JSON: b'…'`, then
   * `Validated client message: …`, then `Sending message to writer: …` for one client message): when the last message
   * a marker without `repeats` read is the same (as `restates` compares) and no line repeated it yet, this line is a log
   * record of its line; else (the log left that line out) it is the message (src/input/dialects/repeats.ts).
   */
  repeats?: true;
  /**
   * The body is only the result of a request, whose method the marker's group `method` names (.NET's `Request response
   * received for method tools/list. Response: '{result}'.`): the message is that response, its id the one a line of
   * the dialect's `requestIds` named last (for that method, when the line names one), else that of the last request of
   * that method the log read (src/input/dialects/result-ids.ts). With no id to give it, it is a summary of a response to
   * the oldest open request of that method.
   */
  result?: true;
}

/**
 * A body written other than as JSON (src/input/dialects/bodies.ts). `inspect`: Node's util.inspect (`console.log` of
 * the object: unquoted keys, '…' strings, `[Object]` where depth cut it — read as far as it survives, `truncated`),
 * over several lines until its brackets close; JSON reads too. `python-repr`: a pydantic model's repr or str
 * (`root=JSONRPCRequest(method='ping', params=None, jsonrpc='2.0', id=1)`, SDK 2.x's bare `method='ping' … id=1`),
 * one line: fields set to None are absent (the SDK sends none), wrappers (`SessionMessage(message=…)`, a root model)
 * are unwrapped to the object with `jsonrpc`, and its JSON is rebuilt (the record has no wire text). `python-bytes`: a
 * Python bytes literal of the message's UTF-8 JSON (`b'{"jsonrpc":…}'`), or only the characters inside its quotes (a
 * group cut out of a literal: `\xNN`, `\'`, `\r` … escapes), one line; the text it holds is the wire's.
 */
export type BodySyntax = 'json' | 'inspect' | 'python-repr' | 'python-bytes';

/**
 * A summary-only message (the log gave no body): a pattern on the body with named groups `method` and `id`.
 * `call`: a request when `id` matched, else a notification; `request` and `notification`: that kind, whether or not
 * the log gives the id (mcp-remote's one word `[Local→Remote] tools/list` gives only the method: two forms tell a
 * notification, which MCP names `notifications/…`, from a request); `result` and `error`: a response or an error to
 * `id`, or (no id logged) to the oldest open request of `method` (session/pending.ts). An `id` is a JSON number,
 * `null`, or a JSON string as written; group `sid` instead is a string id printed bare.
 */
interface SummaryForm {
  re: RegExp;
  kind: 'call' | 'request' | 'notification' | 'result' | 'error';
}

/** Lines that tell which side the logging process is (Marker `received`), tested on host lines' texts. */
interface Roles {
  server: readonly RegExp[];
  client: readonly RegExp[];
}

/** A host line that is a transport or lifecycle event rather than chatter. */
export interface EventLine {
  /** Tested on the host line's text (suffixes stripped); group `server` names the server when the line has no bracket for it. */
  re: RegExp;
  /** The event name on the record (the vocabulary of src/session/events.ts where the meaning is the same). */
  name: string;
  /** The host launches the server anew: a new session of that server (`memory`, then `memory#2` …). */
  startsSession?: true;
  /** The server's process or session ends here (this line is its last): the lines after it are a new session's. */
  endsSession?: true;
  /** The server the line is about when its text cannot name it: a fixed name (mcptools' proxy is `mcp-proxy-server`). */
  server?: string;
  /**
   * The server the line names is this line's alone: the lines after it that name none stay the server's named before
   * (Zed names a server in its failure line while another one is starting, whose stderr and timeout come next).
   */
  aside?: true;
}

/**
 * A structured log whose lines are JSON objects (`{"time":…,"level":"info","msg":"…"}`): the keys that hold a host
 * line's parts. A line that is an object with a string `text` member (and `time` and `level` when named), and no key
 * but these (and `other`), is a host line whose text is read like any other (markers, events, names). `data`: a value logged with
 * the text; after a marker with no body, it is the message.
 */
export interface JsonLines {
  /**
   * The key of the text, or a path into an object member (`fields.message`: tracing's JSON lines, whose message sits in
   * `fields` beside the event's other fields, which that object may then hold).
   */
  text: string;
  time?: string;
  level?: string;
  data?: string;
  /** Other keys a line may have, read by nothing here (tracing's `target`, `span`, `spans`). */
  other?: readonly string[];
}

/** A multi-line group that opens on a host line and runs to its closing line (a Node util.inspect dump). */
export interface Block {
  /** Tested on the opening host line's text (suffixes stripped). */
  open: RegExp;
  /** Tested on each following physical line; the first that matches closes the block (and belongs to it). */
  close: RegExp;
}

/**
 * A JSON form of the host's log: a JSON document (an array, or objects one after another) whose elements are the host's
 * entries, one record each (dialects/entries.ts). An entry's text is read as a host line's text is: one of the
 * dialect's event lines, else a log record at the level its key names.
 */
export interface JsonEntries {
  /** Keys whose string value is the entry's text; the key is the record's level (`{"debug": "…"}`, `{"error": "…"}`). */
  levels: readonly string[];
  /** Keys every entry has besides its text: detection takes a document whose first element has a level key and all of these. */
  keys: readonly string[];
  /** The key of the entry's time (ISO). */
  time: string;
  /** The server's name in the input's name or path (group `server`), for a host that names it there and not in its entries. */
  serverInPath?: RegExp;
}

/** Who writes a dialect: a host (an MCP client's application), a bridge or proxy between two transports, or an SDK's logging. */
export type DialectFamily = 'host' | 'bridge' | 'sdk';

export interface Dialect<Name extends string = string> {
  /** The `--input-format` name. */
  name: Name;
  /** Who writes it (`mcptrace formats` shows it). */
  family: DialectFamily;
  /** What writes it, for `mcptrace formats` and docs. */
  title: string;
  /** One real-looking line, for `mcptrace formats`. */
  example: string;
  /**
   * Host-line grammars, tried in order (the usual one first): regexes over the whole physical line with named groups
   * `text` (the part after the prefix) and, when the line has them, `ts` (the time as written), `level` and `server`
   * (the host's name for the server). One per generation whose prefix differs (`[NAME] [level]`, `[level] [NAME]`).
   * Group `launch` names the process that wrote the line (a pid): a line of another process forgets the server named
   * so far, and a start event of the server's current process is a reconnect within its session, not a new launch.
   * Two more for console tables (rich's log handler): `cell` instead of `text` is a fixed-width message cell, padding
   * included, that the lines after it starting with `wrapIndent` spaces continue (see `wrapIndent`); `again` matched
   * (a time cell left blank) means the time of the last host line that had one.
   */
  lines: readonly RegExp[];
  /** Host lines that are JSON objects (a structured logger), read besides `lines`. */
  jsonLines?: JsonLines;
  /**
   * Patterns on a host line's text (suffixes stripped) that name the server (group `server`: a banner's `- stdio: CMD`)
   * or the transport session (group `session`: `(session ID)`) when its prefix does not. A session named holds for the
   * lines after it until another is named or an event starts or ends a session; without one, a session is a launch.
   */
  names?: readonly RegExp[];
  /**
   * Where a `cell` grammar's wrapped lines start (rich: 29, after the time and level cells). A record is its first line
   * and every following line that starts with that many spaces; its text is rebuilt from the cells: each piece's
   * trailing padding dropped, joined with nothing when the piece filled the cell (a word folded) and with a space when
   * not (wrapped at a space, which the console dropped). A run of several spaces at a wrap point comes back as one: a
   * rebuilt message whose text has such runs is read as cut (`truncated`), as one that does not parse.
   */
  wrapIndent?: number;
  /**
   * Entries written over several lines, the message under its header indented by this many spaces (.NET's console:
   * `trce: Category[EventId]`, then `      message`): a host line and the lines under it that start with that many
   * spaces are read as one host line, whose text is the header's text, a space, and the message's lines (indent
   * removed) joined with `\n` (src/input/dialects/indented.ts).
   */
  entryIndent?: number;
  /**
   * Lines that name the id of the request a `result` marker's body answers (group `id`, as printed: digits are a
   * number, anything else a string; group `method` when the line names it): tested on host lines' texts.
   */
  requestIds?: readonly RegExp[];
  /** Which side the logging process is, for `received` markers. */
  roles?: Roles;
  /**
   * `received`: the log holds only the messages the logging process received, never what it sent (the Java SDK, a
   * TypeScript SDK example server): every message whose direction is known tells the session stage that the log does
   * not hold the process's own side (Frame.notLogged), so that a request is not unanswered, an answer no orphan, for a
   * message the log could not hold.
   */
  oneSide?: 'received';
  /**
   * What a process of each side never logs, by the side that sends it (a Kotlin SDK client logs the JSON it POSTs, never
   * the answers it reads back: `{ client: { server: ['answers'] } }`): once the process's side is known, every message
   * tells the session stage so (Frame.notLogged), so that a request is not unanswered for an answer the log cannot hold.
   */
  unlogged?: Partial<Record<'client' | 'server', NotLogged>>;
  /**
   * A log that names no server takes the `serverInfo.name` of the initialize result it reads (a client's log: the
   * first message it receives), from that message on.
   */
  serverInfo?: true;
  /**
   * `line`: the host names the server on every line that is about one (an application log of many servers, none of
   * them a channel of its own: Codex's `MCP client for `NAME` …`), so a host line that names none is about no server,
   * and so is a run of lines without the prefix. By default (`channel`) a line that names none is the server's named
   * last, and a run of lines read before the first name is the server named next (a per-server file).
   */
  servers?: 'channel' | 'line';
  /**
   * The host logs no message with a marker of its own, but a line's text may hold one (a JSON-RPC message after a
   * label, mid-text, or escaped in a quoted value: src/input/lines/carried.ts): a host line that is no event and carries a
   * whole message is that message, its direction as the words around it say; one that names `"jsonrpc"` without a
   * whole message stays a log.
   */
  carried?: true;
  /** Detection cues, tested on host lines only (so a server's stderr cannot vote). */
  cues: readonly Cue[];
  /**
   * Dialects whose logs hold this one's lines (a tool that logs through the same loggers: mcp-proxy through the Python
   * SDK's), by name: their cues are their own lines, so once a line scores a cue of one of them, this dialect scores
   * nothing on the input.
   */
  yieldTo?: readonly string[];
  /** Text the host appends to its lines (` { metadata: undefined }`), stripped before anything else is read. */
  suffixes: readonly RegExp[];
  markers: readonly Marker[];
  summaries: readonly SummaryForm[];
  /**
   * What a summary's group `method` may print instead of the method, each with the method it stands for (rmcp's Debug
   * form names a method by its Rust type: `ListToolsRequestMethod` is `tools/list`). A name not listed is the method.
   */
  methodNames?: ReadonlyMap<string, string>;
  /**
   * How the host marks a body it cut in the middle (`...[N chars truncated]...`, src/input/lines/cut-mark.ts), group 1: the
   * characters left out. Null when the host never cuts.
   */
  cut: RegExp | null;
  /** Event lines, tried in order (a more specific text first). Host lines that are none of these are log records. */
  events: readonly EventLine[];
  blocks: readonly Block[];
  /**
   * What a line that is not a host line (no prefix: a server's stderr copied as is, the rest of a multi-line message)
   * is: `run`: consecutive such lines are one log record, up to a blank line or a host line; `attach`: it continues
   * the log record or event of the host line above it (a run of its own when that line was a message).
   */
  unprefixed: 'run' | 'attach';
  /**
   * What a blank line does to the record it follows: `end` it (the default), or, in an `attach` dialect whose host logs
   * a server's stderr in chunks (Cursor), `continue` it: the blank is inside the chunk and the lines after it are too.
   */
  blankLines?: 'end' | 'continue';
  /**
   * How host-line times read: `utc` (ISO with `Z` or an offset), or `local` (wall-clock time without a zone, which no reader can
   * turn into UTC without being told the zone: kept as written and counted as if it were UTC, so that latencies are
   * right and no result depends on the machine's zone), or `none` (the log writes no time).
   */
  time: 'utc' | 'local' | 'none';
  /** The same log written as a JSON document of entries, when the host has such a form too. */
  entries?: JsonEntries;
  /** A terminal capture: colour codes (`ESC[…m`) are removed from every line before it is read. */
  ansi?: true;
  /**
   * The host writes some lines twice (two loggers): a host line whose text equals the previous host line's is its echo,
   * a log record. `re`: only a text it matches is an echo; `timed`: only a line with a time echoing one without (a
   * console logger, then a debug logger that adds the time); `sameTime`: only a line with the same time as written
   * (two handlers of one logger: the same record formatted twice, to the millisecond). With `sameTime` an echo is
   * repeated once: a third equal line is a line of its own.
   */
  echoes?: { re?: RegExp; timed?: true; sameTime?: true };
  /**
   * A host line whose text matches opens the whole body of the summary message logged just before it (mcp-remote prints
   * the initialize request in full after its one-word summary): the JSON from that line on is that message's body, and
   * both are one record (no longer a summary).
   */
  bodyAfterSummary?: RegExp;
  /**
   * The host's messages may begin with a newline (`log('\nShutting down...')`): a host line with empty text is continued
   * by the next non-blank line whatever it looks like, unless it is a host line of the same grammar; an event line
   * there makes the record that event. Only in `attach` dialects.
   */
  leadingNewline?: true;
  /**
   * The host logs each message re-encoded through a struct that never omits its id (mcptools' Go `ID int`): an id of
   * this value on a notification's method is the struct's zero value, not the wire's, and is left out.
   */
  zeroId?: number;
}
