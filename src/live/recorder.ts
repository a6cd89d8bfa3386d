// The capture's records (wrap's wire lines and events, proxy's envelopes), numbered in capture order, written to the capture and shown in the live view.
import { lineText } from './capture-record.js';
import type { CaptureWriter } from './capture-writer.js';
import type { CapturedLine } from './line-capture.js';
import type { LiveAnnotator } from './live-annotator.js';

/**
 * Where wrap's and proxy's records go: the capture file and the live view, either or both or neither. The live view is a
 * convenience: if it fails, it stops (with one warning), and the proxy and the capture go on.
 */
export class Recorder {
  /** The record's line in this run's capture (the live view's `source`). */
  private n = 0;

  constructor(
    private readonly capture: CaptureWriter | null,
    private live: LiveAnnotator | null,
    private readonly now: () => string,
    private readonly warn: (message: string) => void,
  ) {}

  /** Whether the wire lines are wanted at all: with neither a capture nor a live view the bytes are only forwarded. */
  get wanted(): boolean {
    return this.capture !== null || this.live !== null;
  }

  /** A transport event (start, stdin-closed, exit …), timed now. */
  event(name: string, data?: Record<string, unknown>): void {
    const ts = this.now();
    this.n++;
    this.capture?.event(ts, name, data);
    const n = this.n;
    this.withLive((l) => l.event(n, ts, name, data));
  }

  /** A wire line, or a line of the server's stderr. */
  line(line: CapturedLine): void {
    const text = lineText(line);
    this.n++;
    this.capture?.line(line, text);
    const n = this.n;
    if (this.live !== null) this.withLive((l) => l.line(n, line, text));
  }

  /** A whole envelope record (`mcptrace proxy`'s: ts, dir or event, the rest), written as one JSON line. */
  record(envelope: Record<string, unknown>): void {
    this.n++;
    this.capture?.record(JSON.stringify(envelope) + '\n');
    const n = this.n;
    this.withLive((l) => l.record(n, envelope));
  }

  /** No more records: the capture is written out and closed, the live view prints its end. */
  finish(): void {
    this.capture?.close();
    this.withLive((l) => l.end());
  }

  private withLive(fn: (l: LiveAnnotator) => void): void {
    if (this.live === null) return;
    try {
      fn(this.live);
    } catch (err) {
      this.live = null;
      this.warn(`live view stopped: ${(err as Error).message}`);
    }
  }
}
