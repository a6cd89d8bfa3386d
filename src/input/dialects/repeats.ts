// A message a later line of the log repeats (Marker.repeats): the Python SDK's SSE server logs one client message as
// the bytes it received (`Received JSON: b'…'`), then as the model it validated, then as what it hands the session
// (`Sending message to writer: root=…`). The last line is the message only when the log left the first out (a log
// filtered, or copied from its middle): else it is a log record of its line, and the message is read once.
import type { Frame } from '../../types.js';
import { logFrame } from '../lines/frames.js';
import { contextOf, positionOf, sameMessage } from './held.js';
import type { Dialect, Marker } from './types.js';

export class RepeatedMessage {
  /** The last message a marker without `repeats` read, until a line repeats it (null: none, or already repeated). */
  private last: Frame | null = null;

  /** The keeper a dialect needs: null when none of its markers repeats another's message. */
  static of(d: Dialect): RepeatedMessage | null {
    return d.markers.some((m) => m.repeats === true) ? new RepeatedMessage() : null;
  }

  /**
   * A message of `marker` read from its line (`text`, at `level`): the frame to hand on. A line of a `repeats` marker
   * whose message is the last one read (the same, as far as both tell: held.ts) is a log record of its line.
   */
  frame(frame: Frame, marker: Marker, text: string, level: string | null): Frame {
    if (marker.repeats !== true) {
      this.last = frame.error === undefined ? frame : null;
      return frame;
    }
    const last = this.last;
    this.last = null;
    if (last === null || frame.error !== undefined || !sameMessage(last, frame)) return frame;
    return logFrame(positionOf(frame), level, text, { ...contextOf(frame), dir: 'unknown' });
  }
}
