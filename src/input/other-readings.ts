// Another reading of an input whose detected format finds no MCP message in it (docs/formats.md "When the detected
// format finds no message"): which readings are tried, in what order, and what a frame must be to count as a message.
import type { Frame } from '../types.js';
import type { Detection, InputFormat } from './detect.js';
import { formatNamed } from './formats/index.js';
import { FAMILY_KINDS } from './formats/types.js';
import { triesToBeMessage } from './lines/line-kind.js';

/** Readings tried besides the detected one, at most: an input is read at most this many times more, plus once. */
export const MAX_OTHER_READINGS = 2;

/**
 * Characters of the detected reading's frames held back while none is a message yet, at most (what a frame weighs:
 * frameWeight): past them the reading goes on without holding, and the input is read again from its start with the
 * reading chosen.
 */
export const HELD_CHARS = 4 * 1024 * 1024;

/** What a frame held back weighs: its text and its log text, and a little for the frame itself. */
export function frameWeight(f: Frame): number {
  return 64 + (f.text?.length ?? 0) + (f.log?.text.length ?? 0);
}

/** Bytes of an input that cannot be read again (stdin, --follow) kept to try the other readings on, at its end. */
export const KEPT_BYTES = 1024 * 1024;

/**
 * The readings to try when the detected one finds no message, best first: the dialect that scored best after the
 * detected format (detection's runner-up), then the plain line reading (`ndjson`: a message per line, and JSON-RPC
 * inside any other line, carried.ts), then the next dialect that scored. None for a format told by its first bytes
 * (a packet capture) or read as HTTP traffic: no line reading finds messages in those.
 */
export function otherReadings(detection: Detection): InputFormat[] {
  const detected = detection.format;
  const entry = formatNamed(detected);
  if (entry.detect.by === 'bytes' || 'batches' in entry.open) return [];
  const scored = detection.scores.dialects
    .filter((d) => d.score > 0 && d.name !== detected)
    .sort((a, b) => b.score - a.score)
    .map((d) => d.name as InputFormat);
  const order = [...scored.slice(0, 1), 'ndjson' as const, ...scored.slice(1)];
  return order.filter((f) => f !== detected).slice(0, MAX_OTHER_READINGS);
}

/** A reading of a host's, bridge's or SDK's log (a dialect): it reads the log's events as well as its messages. */
export function readsEvents(format: InputFormat): boolean {
  return FAMILY_KINDS[formatNamed(format).family] === 'dialect';
}

/** What a reading found: a message, else a transport event (a host's connect and close lines), else nothing of a session. */
export type Found = 'message' | 'event' | 'nothing';

/**
 * Whether a frame is a message: one that is no log line, event or broken record, and whose JSON is a message or a
 * batch (line-kind.ts), or a message the log cut or summarised. A value a JSON document reading takes from a text log
 * (a log record) is none, nor text that only tries to be one (binary garbage, a message cut short).
 */
export function isMessageFrame(f: Frame): boolean {
  if (f.log !== undefined || f.event !== undefined || f.error !== undefined) return false;
  if (f.summary !== undefined || f.truncated !== undefined) return true;
  if (f.value !== undefined) return triesToBeMessage(f.value);
  if (f.text === null) return false;
  try {
    return triesToBeMessage(JSON.parse(f.text));
  } catch {
    return false;
  }
}

/** The best of what a batch of frames found, after `found` so far. */
export function foundIn(frames: readonly Frame[], found: Found): Found {
  if (found === 'message') return found;
  for (let i = 0; i < frames.length; i++) {
    const f = frames[i]!;
    if (isMessageFrame(f)) return 'message';
    if (f.event !== undefined) found = 'event';
  }
  return found;
}

/** The note on an input read another way than detected: which reading, and why (`read as ndjson: …`). */
export function otherReadingNote(detected: InputFormat, used: InputFormat): string {
  return `read as ${used}: its detected format, ${detected}, found no MCP message in it`;
}

/**
 * The note on an input kept in its detected reading though another finds messages in it: the detected one found its
 * host's events (connections, exits), which the plain line reading would lose; or the input cannot be read again
 * (stdin, --follow), where the other was tried on its first MiB.
 */
export function otherReadingHint(detected: InputFormat, other: InputFormat, again: boolean): string {
  return again
    ? `its detected format, ${detected}, found its events but no MCP message; --input-format ${other} reads messages in it`
    : `its detected format, ${detected}, found no MCP message; its start read as ${other} holds some: try --input-format ${other}`;
}
