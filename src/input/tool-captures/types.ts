// The data shape of a tool-capture dialect: another tool's JSON capture (JSONL, or one JSON document) and where its records
// hold the time, the stated direction, the session, the server's name and the message(s).
//
// Like a text dialect (../dialects/types.ts), a tool-capture dialect is data read by one engine (mapper.ts, with the line
// and document readers around it). A path is dotted keys into a record (`metadata.serverName`); a path that starts
// with `/` reads the document's own top-level keys instead (a cassette's `/metadata.server_info.name`). A template is
// text with `{path}` holes; a template whose paths are not all present gives nothing.
import type { Direction, NotLogged } from '../../types.js';

export type Path = string;
export type Template = string;
type Side = Exclude<Direction, 'unknown'>;

/**
 * A test on a record: every `has` path holds a value (not null, not ''), no `lacks` path does, and each `is` path holds
 * one of its values.
 */
export interface Shape {
  has?: readonly Path[];
  lacks?: readonly Path[];
  is?: Readonly<Record<Path, readonly (string | number | boolean)[]>>;
}

/** A template chosen by the direction of the message it is for (a pipe's reader is the server of a client's message). */
export type Directed = Template | { c2s: Template; s2c: Template };

/**
 * The direction a message's record states. A direction; a field and what its values mean (`otherwise`: when it is
 * absent or says something else; default `unknown`); or the processes at both ends of a pipe (`peers`: the process
 * that sends `initialize` is the client, so a message from it is `c2s` and one to it `s2c`; `unknown` until one did).
 * `unknown` leaves the direction to the session stage, which infers it and says so (`dirInferred`).
 */
export type DirRule =
  | Direction
  | { path: Path; map: Readonly<Record<string, Side>>; otherwise?: Direction }
  | { peers: { from: Path; to: Path } };

/** One message of a record. */
export interface MessageSpec {
  /**
   * Where it is: the first of these paths that holds a value. An object or array is the message; a string is its wire
   * text (MCPSpy's exact `raw`, an SSE event's `data`). None: the record does not hold this message (an unanswered
   * request has no folded response).
   */
  at: Path | readonly Path[];
  dir: DirRule;
  /** A folded response's time: this many milliseconds (a path) after the record's time. */
  after?: Path;
  /** A path that holds `true` when the tool kept only the start of the message's text (it is read as cut). */
  cut?: Path;
}

/** What a record of some shape is: messages (one, or a request with its response folded in), an event, or a log line. */
export interface RecordForm {
  /** Which records; the first form whose shape a record has reads it. */
  when: Shape;
  messages?: readonly MessageSpec[];
  /** A transport event: its name (a template, spelled as events are: `http-DELETE` → `http-delete`) and the paths copied into its data. */
  event?: { name: Template; data?: readonly Path[] };
  /** A line of the tool's that is no MCP message: its text and level as templates. */
  log?: { text: Template; level?: Template };
  /** The server's name for this form's records, when it is not the dialect's. */
  server?: Directed;
}

/** Where a JSON document's records are, and how detection knows the document. */
export interface DocumentLayout {
  /** The top-level key whose array holds the records; `''`: the document is that array. */
  elements: string;
  /** Top-level keys read whole before the records (a cassette's `metadata`), for paths that start with `/`. */
  header?: readonly string[];
  /** Detection: the shape of the top-level object (its containers stand in as `{}` and `[]`), and of the first record. */
  root?: Shape;
  first?: Shape;
}

export interface ToolCaptureDialect<Name extends string = string> {
  /** The `--input-format` name. */
  name: Name;
  /** What writes it, for `mcptrace formats` and docs. */
  title: string;
  /** One real-looking line, for `mcptrace formats`: a record holding one `tools/list` request. */
  example: string;
  /** `lines`: JSONL, a line whose object has one of these shapes is the tool's (and detection's cue); `document`: one JSON document. */
  layout: { lines: readonly Shape[] } | { document: DocumentLayout };
  forms: readonly RecordForm[];
  /**
   * The record's time: a path (ISO 8601 text, or epoch ms), or, for a tool that writes none but each exchange's
   * duration, `running`: times counted in ms from the first record (no date, so `ts` stays null), each record starting
   * where the one before it ended (a running clock advanced by that path's value).
   */
  time?: Path | { running: Path };
  /** The session key: the first template whose paths are all present (none: the session stage's own sessions). */
  session?: readonly Directed[];
  /** The server's name, for every form that does not name its own. */
  server?: Directed;
  /** The server's name in the input's file name (group `server`, URI-encoded), when the records never give it. */
  serverFromFile?: RegExp;
  /**
   * A session value the tool writes before the server has named the session (mcp-gateway's `"stateless"`, before the
   * Mcp-Session-Id): a request under it takes the session of the first response with its id, and the records after it
   * wait for that response (a bounded wait, see order.ts) so that they stay in order.
   */
  provisionalSession?: string;
  /** Records of this shape are listed newest first (a UI's export): a run of them is given back oldest first. */
  newestFirst?: Shape;
  /**
   * Records of this shape come from a generation of the tool that does not log `what` (the Inspector's first port
   * tracked none of its client's notifications and answers): their messages tell the session stage so
   * (Frame.notLogged), so that the absence of those messages is not taken for the wire's.
   */
  notLogged?: { when: Shape; what: NotLogged };
}
