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
interface Marker {
  re: RegExp;
  dir: Exclude<Direction, 'unknown'>;
}

/**
 * A summary-only message (the log gave no body): a pattern on the body with named groups `method` and `id`.
 * `call`: a request when `id` matched, else a notification; `result` and `error`: a response or an error to `id`.
 * An `id` is a JSON number or a JSON string as written.
 */
interface SummaryForm {
  re: RegExp;
  kind: 'call' | 'result' | 'error';
}

/** A host line that is a transport or lifecycle event rather than chatter. */
export interface EventLine {
  /** Tested on the host line's text (suffixes stripped); group `server` names the server when the line has no bracket for it. */
  re: RegExp;
  /** The event name on the record (the vocabulary of src/session/events.ts where the meaning is the same). */
  name: string;
  /** The host launches the server anew: a new session of that server (`memory`, then `memory#2` …). */
  startsSession?: true;
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
  /** The same log written as a JSON document of entries, when the host has such a form too. */
  entries?: JsonEntries;
}
