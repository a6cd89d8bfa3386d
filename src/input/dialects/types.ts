// The data shape of a text-log dialect (a host's or tool's own log): how to recognise it and how to read its lines.
//
// A dialect is data: regexes and tables, read by one engine (engine.ts) and one detection scorer (scorer.ts). Nothing
// here runs: a dialect that needs control flow of its own is a sign that the engine lacks a form all dialects share.

import type { Direction } from '../../types.js';

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
   * server).
   */
  dir: Exclude<Direction, 'unknown'> | 'received';
  /** How the body is written (default `json`): a logger that prints the parsed message writes its language's literal. */
  syntax?: BodySyntax;
  /** The server, when the log never names it but the marker tells which program printed it (an SDK's example server). */
  server?: string;
  /**
   * The message is logged again, from the wire, by the next host line (a repr before the bytes written): when that
   * line is a message, this one is a log record; else (the wire line is not logged) it is the message.
   */
  yields?: true;
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
 * the log gives the id; `result` and `error`: a response or an error to `id`, or (no id logged) to the oldest open
 * request of `method` (session/pending.ts). An `id` is a JSON number or a JSON string as written.
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
}

/**
 * A structured log whose lines are JSON objects (`{"time":…,"level":"info","msg":"…"}`): the keys that hold a host
 * line's parts. A line that is an object with a string `text` member (and `time` and `level` when named), and no key
 * but these, is a host line whose text is read like any other (markers, events, names). `data`: a value logged with
 * the text; after a marker with no body, it is the message.
 */
export interface JsonLines {
  text: string;
  time?: string;
  level?: string;
  data?: string;
}

/** A multi-line group that opens on a host line and runs to its closing line (a Node util.inspect dump). */
export interface Block {
  /** Tested on the opening host line's text (suffixes stripped). */
  open: RegExp;
  /** Tested on each following physical line; the first that matches closes the block (and belongs to it). */
  close: RegExp;
}

export interface Dialect<Name extends string = string> {
  /** The `--input-format` name. */
  name: Name;
  /** What writes it, for `mcptrace formats` and docs. */
  title: string;
  /** One real-looking line, for `mcptrace formats`. */
  example: string;
  /**
   * Host-line grammars, tried in order (the usual one first): regexes over the whole physical line with named groups
   * `text` (the part after the prefix) and, when the line has them, `ts` (the time as written), `level` and `server`
   * (the host's name for the server). One per generation whose prefix differs (`[NAME] [level]`, `[level] [NAME]`).
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
  /** Which side the logging process is, for `received` markers. */
  roles?: Roles;
  /**
   * A log that names no server takes the `serverInfo.name` of the initialize result it reads (a client's log: the
   * first message it receives), from that message on.
   */
  serverInfo?: true;
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
   * How the host marks a body it cut in the middle (`...[N chars truncated]...`, src/input/cut-mark.ts), group 1: the
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
   * How host-line times read: `utc` (ISO with `Z`), or `local` (wall-clock time without a zone, which no reader can
   * turn into UTC without being told the zone: kept as written and counted as if it were UTC, so that latencies are
   * right and no result depends on the machine's zone), or `none` (the log writes no time).
   */
  time: 'utc' | 'local' | 'none';
}
