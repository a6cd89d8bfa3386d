// The data shape of a text-log dialect (a host's or tool's own log): how to recognise it and how to read its lines.
//
// A dialect is data: regexes and tables, read by one engine (engine.ts) and one detection scorer (scorer.ts). Nothing
// here runs: a dialect that needs control flow of its own is a sign that the engine lacks a form all dialects share.

import type { Direction } from '../../types.js';

/** A detection cue: a pattern tested on the `text` of a line that matched one of the dialect's host lines. */
interface Cue {
  re: RegExp;
  /** Points a line matching it adds (a line that only matches a host-line grammar scores 1). */
  weight: number;
}

/**
 * A message marker on a host line's text: the log states the direction (never inferred). Group `body` is what follows
 * the marker: whole JSON, JSON continuing over the next lines, a cut body, or a summary.
 */
export interface Marker {
  re: RegExp;
  dir: Exclude<Direction, 'unknown'>;
  /**
   * The body is only ever a summary of the message, in one of the dialect's summary forms, even when it looks like JSON
   * (mcp-remote's `--debug` record `{ method: 'tools/list', id: 1 }`). A body that ends with `{` goes on over the lines
   * after it up to the first that `close` matches (that one included); they are joined with `\n` before the forms are tried.
   */
  summary?: { close: RegExp };
  /**
   * The record restates, more fully, a message the host logged in summary just before it (mcp-remote's `--debug`
   * record after its `[Local→Remote] tools/list`): that summary message (same direction, same method, else same id,
   * with only echoes between them) is then a log, and this record the message. Summary messages are held one line for
   * this (dialects with no such marker and no `bodyAfterSummary` hold nothing).
   */
  restates?: true;
}

/**
 * A summary-only message (the log gave no body): a pattern on the body with named groups `method` and `id`.
 * `call`: a request when `id` matched, else a notification; `result` and `error`: a response or an error to `id`;
 * `method`: only the method is given, never an id (mcp-remote's `[Local→Remote] tools/list`): a notification when the
 * method is one (MCP names every notification `notifications/…`), else a request whose id the log does not say.
 * An `id` is a JSON number, `null`, or a JSON string as written; group `sid` instead is a string id printed bare.
 */
interface SummaryForm {
  re: RegExp;
  kind: 'call' | 'result' | 'error' | 'method';
}

/** A host line that is a transport or lifecycle event rather than chatter. */
export interface EventLine {
  /** Tested on the host line's text (suffixes stripped); group `server` names the server when the line has no bracket for it. */
  re: RegExp;
  /** The event name on the record (the vocabulary of src/session/events.ts where the meaning is the same). */
  name: string;
  /** The host launches the server anew: a new session of that server (`memory`, then `memory#2` …). */
  startsSession?: true;
  /** The server the line is about when its text cannot name it: a fixed name (mcptools' proxy is `mcp-proxy-server`). */
  server?: string;
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
   * Group `launch` names the process that wrote the line (a pid): a line of another process forgets the server named
   * so far, and a start event of the server's current process is a reconnect within its session, not a new launch.
   */
  lines: readonly RegExp[];
  /** Detection cues, tested on host lines only (so a server's stderr cannot vote). */
  cues: readonly Cue[];
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
   * right and no result depends on the machine's zone).
   */
  time: 'utc' | 'local';
  /** A terminal capture: colour codes (`ESC[…m`) are removed from every line before it is read. */
  ansi?: true;
  /**
   * The host writes some lines twice (two loggers): a host line whose text equals the previous host line's is its echo,
   * a log record. `re`: only a text it matches is an echo; `timed`: only a line with a time echoing one without (a
   * console logger, then a debug logger that adds the time).
   */
  echoes?: { re?: RegExp; timed?: true };
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
