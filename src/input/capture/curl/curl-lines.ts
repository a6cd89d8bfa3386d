// DATA: the lines of a `curl -v` transcript (and of `--trace` / `--trace-ascii`), as curl writes them, and what each is.
//
// curl writes its verbose lines to stderr (src/tool_cb_dbg.c): `* ` information, `> ` the request head as sent,
// `< ` the response head as received, `} [N bytes data]` / `{ [N bytes data]` for data sent and received when stdout is
// not a terminal. The body goes to stdout, so in a transcript made with `2>&1` it lands between or after those lines.
// `--trace FILE` and `--trace-ascii FILE` write blocks instead: `== Info: ` (curl 8.10 on: `* `), `=> Send header,
// N bytes (0xN)` / `<= Recv data, …` and the block's bytes on `OFFSET: ` lines. `--trace-time` puts the local clock
// time (`HH:MM:SS.uuuuuu `) before each of those lines.

/** What one line of a transcript is, once its clock time and progress-meter debris are taken off. */
export type CurlLine =
  | { kind: 'info'; text: string }
  /** A `> ` line: the request head; `text` '' ends it. */
  | { kind: 'request'; text: string }
  /** A `< ` line: the response head; `text` '' ends it. */
  | { kind: 'response'; text: string }
  /** `{ [N bytes data]` (received) or `} [N bytes data]` (sent): a count, the data itself is elsewhere. */
  | { kind: 'marker' }
  /** A trace block's first line: its direction, what it holds, and its size. */
  | { kind: 'block'; dir: 'c2s' | 's2c'; what: 'header' | 'data' | 'ssl'; size: number }
  /** A trace block's data line: the offset and what follows it. */
  | { kind: 'offset'; offset: number; rest: string }
  /** `curl: (N) message`: the run failed, with curl's exit code. */
  | { kind: 'error'; code: number; text: string }
  /** `Note: …` / `Warning: …`: curl's remarks on its command line. */
  | { kind: 'warning'; text: string }
  | { kind: 'blank' }
  /** Anything else: a body line curl copied from stdout, a command line, or text around the transcript. */
  | { kind: 'text'; text: string };

/** `--trace-time`: the local clock time, to the µs, and a space. */
const CLOCK = /^(\d{2}:\d{2}:\d{2}\.\d{6}) /;

/**
 * A row of the progress meter (src/tool_progress.c), which curl draws on stderr when stdout is not a terminal and `-s`
 * is not given: eight amounts, three times of 8 characters, the current speed in 5. Drawn with `\r` and no newline, so
 * what curl writes next ends up on the same line, right after the speed.
 */
const METER_ROW = /^ *(?:[\d.]+[kMGTP]? +){8}[-:\d dh]{8} [-:\d dh]{8} [-:\d dh]{8} [ \d.]{4}[\dkMGTP]/;
const METER_HEAD =
  /^ *% Total +% Received % Xferd +Average Speed|^ +Dload +Upload +Total +Spent +Left +Speed *$|^#+ *\d+(?:\.\d+)?%$/;

const MARKER = /^[{}] \[\d+ bytes data\]$/;
const BLOCK = /^(=>|<=) (?:Send|Recv) (header|data|SSL data), (\d+) bytes \(0x[0-9a-f]+\)$/;
const OFFSET = /^([0-9a-f]{4,}): ?(.*)$/;
const ERROR = /^curl: \((\d+)\) (.*)$/;
const WARNING = /^(?:Note|Warning): /;

/** A line read: its clock time when `--trace-time` gave one, and what it is. */
interface ReadLine {
  clock: string | null;
  line: CurlLine;
}

/**
 * Reads one physical line. The progress meter's rows (and its headings) are taken off wherever `\r` put them; a line
 * that held only those is blank. `inBlock`: a trace block's data lines are expected (an `OFFSET: ` line is data then,
 * and text otherwise).
 */
export function readCurlLine(raw: string, inBlock: boolean): ReadLine {
  const text = raw.includes('\r') || METER_ROW.test(raw) || METER_HEAD.test(raw) ? withoutMeter(raw) : raw;
  const c = CLOCK.exec(text);
  const rest = c === null ? text : text.slice(c[0].length);
  return { clock: c?.[1] ?? null, line: classify(rest, inBlock) };
}

function classify(t: string, inBlock: boolean): CurlLine {
  if (inBlock) {
    const o = OFFSET.exec(t);
    if (o !== null) return { kind: 'offset', offset: parseInt(o[1]!, 16), rest: o[2]! };
  }
  if (t.trim() === '') return { kind: 'blank' };
  const c = t.charCodeAt(0);
  const second = t.charCodeAt(1);
  // `> text`, or `>` alone where a paste lost the trailing space of the line that ends a head.
  if ((c === 0x3e /* > */ || c === 0x3c) /* < */ && (second === 0x20 || t.length === 1 || t.trimEnd().length === 1)) {
    const rest = t.length > 2 ? t.slice(2) : '';
    return c === 0x3e ? { kind: 'request', text: rest } : { kind: 'response', text: rest };
  }
  if (c === 0x2a /* * */ && (second === 0x20 || t.length === 1)) return { kind: 'info', text: t.slice(2).trim() };
  if (c === 0x3d /* = */ && t.startsWith('== Info:')) return { kind: 'info', text: t.slice(8).trim() };
  if ((c === 0x7b || c === 0x7d) && MARKER.test(t)) return { kind: 'marker' };
  if (c === 0x3d || c === 0x3c) {
    const b = BLOCK.exec(t);
    if (b !== null)
      return {
        kind: 'block',
        dir: b[1] === '=>' ? 'c2s' : 's2c',
        what: b[2] === 'SSL data' ? 'ssl' : (b[2] as 'header' | 'data'),
        size: Number(b[3]),
      };
  }
  const e = ERROR.exec(t);
  if (e !== null) return { kind: 'error', code: Number(e[1]), text: e[2]! };
  if (WARNING.test(t)) return { kind: 'warning', text: t };
  return { kind: 'text', text: t };
}

/** The line without the progress meter: its pieces between `\r`, each without a meter row at its start, rejoined. */
function withoutMeter(raw: string): string {
  let out = '';
  for (const piece of raw.split('\r')) {
    if (METER_HEAD.test(piece)) continue;
    const m = METER_ROW.exec(piece);
    out += m === null ? piece : piece.slice(m[0].length);
  }
  return out;
}

/** The information lines curl writes as it connects, which no other log writes: they tell a transcript before its first head. */
const CONNECTING =
  /^(?:Trying \S+\.\.\.$|Connected to \S+ \(|Host \S+ was resolved\.$|Established connection to \S+ \()/;

/**
 * A line that only a curl transcript has: a request line or status line of a `-v` head, a trace block's first line, a
 * data marker, or curl connecting. Detection takes the input for a transcript at the first (src/input/detect.ts).
 */
export function isCurlLine(raw: string): boolean {
  const { line } = readCurlLine(raw, false);
  switch (line.kind) {
    case 'block':
    case 'marker':
      return true;
    case 'request':
      return REQUEST_LINE.test(line.text);
    case 'response':
      return STATUS_LINE.test(line.text);
    case 'info':
      return CONNECTING.test(line.text);
    default:
      return false;
  }
}

/** `POST /mcp HTTP/1.1` (HTTP/2 and 3 as curl writes them: `HTTP/2`). */
export const REQUEST_LINE = /^([A-Z][A-Z-]{1,15}) (\S+) HTTP\/(\d(?:\.\d)?)\s*$/;
/** `HTTP/1.1 200 OK`, `HTTP/2 200 `. */
export const STATUS_LINE = /^HTTP\/\d(?:\.\d)? (\d{3})\b/;

/**
 * Information lines that end or give up a transfer, and how: the connection is done with (`done`), or the transfer was
 * cut (`cut`, the body read so far is kept), or a new connection starts (`open`), or one is used again (`reuse`).
 */
const INFO_LINES: readonly { re: RegExp; is: 'open' | 'reuse' | 'done' | 'cut' }[] = [
  { re: /^Connected to |^Established connection to /, is: 'open' },
  { re: /^Re-using existing connection/, is: 'reuse' },
  { re: /^Connection #\d+ to host .* left intact$|^Closing connection\b|^shutting down connection\b/, is: 'done' },
  {
    re: /^transfer closed with|^Operation timed out after|^Recv failure|^Connection died|^HTTP\/2 stream \d+ was not closed cleanly|^end of response with \d+ bytes missing/,
    is: 'cut',
  },
];

/** What an information line says about the transfer, if anything. */
export function infoIs(text: string): 'open' | 'reuse' | 'done' | 'cut' | null {
  for (const row of INFO_LINES) if (row.re.test(text)) return row.is;
  return null;
}
