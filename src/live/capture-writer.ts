// Writes the capture file: envelope records in wire order, each one in the file within the same tick.
import { eventRecord, lineRecord, lineRecordPieces, type LineText } from './capture-record.js';
import type { CapturedLine } from './line-capture.js';
import type { SyncFile } from './sync-file.js';

/** Records written together at most: a burst of small lines becomes one write, a long line its own writes. */
const BATCH_BYTES = 64 * 1024;

/**
 * Records are batched only within one turn of the event loop (`setImmediate`), so a follower sees each one
 * as it happens, never at exit. A write error stops the capture (reported once) and never the proxy: the
 * forwarded bytes matter more than their record (DESIGN principle 4).
 */
export class CaptureWriter {
  private batch: string[] = [];
  private size = 0;
  private scheduled = false;
  private failed = false;

  constructor(private readonly file: SyncFile, private readonly onError: (err: Error) => void) {}

  event(ts: string, name: string, data?: Record<string, unknown>): void {
    this.add(eventRecord(ts, name, data));
  }

  line(line: CapturedLine, text: LineText): void {
    if (line.kept < BATCH_BYTES) {
      this.add(lineRecord(line, text));
      return;
    }
    // A long line goes out piece by piece, after what was queued before it.
    this.flush();
    this.guard(() => {
      for (const piece of lineRecordPieces(line, text)) this.file.write(piece);
    });
  }

  /** Writes what is batched now. */
  flush(): void {
    if (this.size === 0) return;
    const text = this.batch.length === 1 ? this.batch[0] : this.batch.join('');
    this.batch = [];
    this.size = 0;
    this.guard(() => this.file.write(text));
  }

  close(): void {
    this.flush();
    this.guard(() => this.file.close());
  }

  private add(record: string): void {
    if (this.failed) return;
    this.batch.push(record);
    this.size += record.length;
    if (this.size >= BATCH_BYTES) this.flush();
    else if (!this.scheduled) {
      this.scheduled = true;
      setImmediate(() => {
        this.scheduled = false;
        this.flush();
      });
    }
  }

  private guard(write: () => void): void {
    if (this.failed) return;
    try {
      write();
    } catch (err) {
      this.failed = true;
      this.batch = [];
      this.size = 0;
      this.onError(err as Error);
    }
  }
}
