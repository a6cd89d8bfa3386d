// Lines a dialect's log reads together as one record: a log record's lines (a stderr run, a host line and the lines
// that continue it, a block to its closing line), or a message body that goes on over the next lines.
import type { Frame } from '../../types.js';
import { errorFrame, eventFrame, logFrame, oversizedFrame, type FrameContext, type Position } from '../lines/frames.js';
import { isBlank, OVERSIZED_KEEP_BYTES } from '../lines/lines.js';
import type { BodyForm, Extent } from './bodies.js';
import type { DialectLine } from './fold.js';
import type { Marker } from './types.js';

/**
 * Lines read together. `log`: a run of lines without the host's prefix (`until` null, `hosted` false), a host log line
 * that the lines after it may continue (`hosted`), or a block running to the line `until` matches. `json`: a message
 * whose body goes on over the next lines (`json` holds the body's lines, `raw` the lines as logged), in any form: JSON,
 * a literal, or a summary (bodies.ts).
 */
export interface Group {
  kind: 'log' | 'json';
  start: number;
  /** Physical lines it spans (a wrapped record counts all of its lines). */
  lines: number;
  raw: string[];
  json: string[];
  bytes: number;
  level: string | null;
  ctx: FrameContext;
  until: RegExp | null;
  hosted: boolean;
  extent: Extent | null;
  /** How a `json` group's body reads (Marker.syntax, Marker.summary). */
  form?: BodyForm;
  /** A `json` group's marker, and its line's text after the host's prefix (what a record restating it leaves: held.ts). */
  marker?: Marker;
  text?: string;
  /** The body of the summary message held (Dialect.bodyAfterSummary). */
  into?: true;
  /** A host event line the lines after it continue (`attach`): the group is that event, its text all the lines. */
  event?: string;
  /** A host line with empty text (Dialect.leadingNewline): the grammar that read it; its next line continues it. */
  lead?: number;
  /** An echo (Dialect.echoes): a log whatever its lines say. */
  echo?: true;
}

/** A group of one line, `first` its text (after the host's prefix, or a body's first part). */
export function openGroup(
  kind: Group['kind'],
  l: DialectLine,
  first: string,
  level: string | null,
  ctx: FrameContext,
  until: RegExp | null,
  hosted: boolean,
): Group {
  return {
    kind,
    start: l.line,
    lines: l.span ?? 1,
    raw: [l.text],
    json: [first],
    bytes: l.bytes,
    level,
    ctx,
    until,
    hosted,
    extent: null,
  };
}

/** The next line of a group; `part`: what of it belongs to a body (null: none, a blank line before the body). */
export function appendLine(g: Group, l: DialectLine, part: string | null): void {
  g.raw.push(l.text);
  g.lines += l.span ?? 1;
  if (part !== null && g.kind === 'json') g.json.push(part);
  g.bytes += l.bytes + 1;
}

/** Where a group sits in its input. */
export function groupAt(file: string, g: Group): Position {
  return { file, line: g.start, lines: g.lines };
}

/** A `log` group's record: a log record of all its lines, or the event its first line is. */
export function logGroupFrame(file: string, g: Group): Frame {
  // Blank lines a record kept (`blankLines: 'continue'`) that nothing followed are not its own.
  while (g.raw.length > 1 && isBlank(g.raw[g.raw.length - 1]!)) {
    g.raw.pop();
    g.lines--;
  }
  // The first line's text is after the host's prefix; the lines that follow it are as logged. A message that began
  // with a newline (Dialect.leadingNewline) reads from its second line.
  const text =
    g.raw.length === 1
      ? g.json[0]!
      : g.lead !== undefined
        ? g.raw.slice(1).join('\n')
        : [g.json[0]!, ...g.raw.slice(1)].join('\n');
  if (g.event !== undefined) return eventFrame(groupAt(file, g), { name: g.event, data: { text } }, g.ctx);
  return logFrame(groupAt(file, g), g.level, text, g.ctx);
}

/** A message body that never closed: an error frame holding its lines as logged. */
export function unclosedBodyFrame(file: string, g: Group, why: string): Frame {
  return errorFrame(groupAt(file, g), g.raw.join('\n'), why, g.ctx);
}

/** A message body that went past the group's bounds: what an oversized record keeps of it. */
export function oversizedBodyFrame(file: string, g: Group, limit: number): Frame {
  return oversizedFrame(groupAt(file, g), headOf(g.raw), g.bytes, limit, `record of ${g.lines} lines`, g.ctx);
}

/** The first bytes of a group's lines joined with `\n` (what an oversized record keeps). */
function headOf(lines: readonly string[]): string {
  let s = '';
  for (let i = 0; i < lines.length && s.length < OVERSIZED_KEEP_BYTES; i++) s += (i === 0 ? '' : '\n') + lines[i];
  return s.length <= OVERSIZED_KEEP_BYTES ? s : s.slice(0, OVERSIZED_KEEP_BYTES);
}
