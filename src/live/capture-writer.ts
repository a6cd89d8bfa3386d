// Writes the capture file: envelope records in wire order, each one in the file within the same tick.
import { Buffer } from 'node:buffer';
import { eventRecord, lineRecord, lineRecordPieces, recordHead, recordTail, type LineText } from './capture-record.js';
import { escapeJsonBytes, MAX_ESCAPE_GROWTH } from './json-bytes.js';
import type { CapturedLine } from './line-capture.js';
import type { SyncFile } from './sync-file.js';

/** Records written together at most: a burst of small lines becomes one write, a long line its own writes. */
const BATCH_BYTES = 64 * 1024;
/** Room for a line record's fields other than `line`: `{"ts":"…","dir":"c2s","line":"` and the tail. */
const RECORD_OVERHEAD = 128;
/** Longest line whose record is escaped straight into the batch (its escaped text always fits). */
const DIRECT_LINE_BYTES = Math.floor((BATCH_BYTES - RECORD_OVERHEAD) / MAX_ESCAPE_GROWTH);
const QUOTE = 0x22;
const CLOSE = 0x7d;
const LF = 0x0a;

/**
 * Records are batched only within one turn of the event loop (`setImmediate`), or a few milliseconds (`delayMs`), so
 * a follower sees each one as it happens, never at exit. A write error stops the capture (reported once) and never the proxy: the
 * forwarded bytes matter more than their record (ARCHITECTURE.md principle 4).
 *
 * The batch is one reused buffer. A line of valid UTF-8 (the common case) is escaped from its bytes straight
 * into it; other lines are built as text (`capture-record.ts`), the same record either way.
 */
export class CaptureWriter {
  private readonly batch = Buffer.allocUnsafe(BATCH_BYTES);
  private size = 0;
  private scheduled = false;
  private failed = false;
  private headTs = '';
  private headDir = '';
  private headBytes = Buffer.alloc(0);

  /**
   * `delayMs`: how long records may wait to be batched; 0 (wrap) writes them at the end of the turn of the event loop.
   * The HTTP proxy waits a few milliseconds: its records come a few per request, each in its own turn, and a write
   * per turn would cost more than the forwarding does (a follower still sees each record at once, to a human eye).
   */
  constructor(
    private readonly file: SyncFile,
    private readonly onError: (err: Error) => void,
    private readonly delayMs = 0,
  ) {}

  event(ts: string, name: string, data?: Record<string, unknown>): void {
    this.addText(eventRecord(ts, name, data));
  }

  /** A record already made (one JSON line, with its newline). */
  record(text: string): void {
    this.addText(text);
  }

  line(line: CapturedLine, text: LineText): void {
    if (this.failed) return;
    if (text.utf8 && line.kept <= DIRECT_LINE_BYTES) {
      this.addLine(line, text);
      return;
    }
    if (line.kept < BATCH_BYTES) {
      this.addText(lineRecord(line, text));
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
    const size = this.size;
    this.size = 0;
    // The write is synchronous: the buffer is free again when it returns.
    this.guard(() => this.file.write(this.batch.subarray(0, size)));
  }

  close(): void {
    this.flush();
    this.guard(() => this.file.close());
  }

  /** The record of a short UTF-8 line, escaped from its bytes into the batch (as `lineRecord` would write it). */
  private addLine(line: CapturedLine, text: LineText): void {
    if (this.size + RECORD_OVERHEAD + MAX_ESCAPE_GROWTH * line.kept > BATCH_BYTES) this.flush();
    const b = this.batch;
    const head = this.head(line.ts, line.dir);
    b.set(head, this.size);
    let at = this.size + head.length;
    for (const c of text.chunks) at = escapeJsonBytes(c, b, at);
    if (line.partial || line.truncated) {
      at += b.write(recordTail(line), at, 'latin1');
    } else {
      b[at++] = QUOTE;
      b[at++] = CLOSE;
      b[at++] = LF;
    }
    this.size = at;
    this.scheduleFlush();
  }

  /** `{"ts":"…","dir":"…","line":"` as bytes, made again only when the time (one per millisecond) or direction changes. */
  private head(ts: string, dir: string): Buffer {
    if (ts !== this.headTs || dir !== this.headDir) {
      this.headBytes = Buffer.from(recordHead(ts, dir), 'latin1');
      this.headTs = ts;
      this.headDir = dir;
    }
    return this.headBytes;
  }

  private addText(record: string): void {
    if (this.failed) return;
    const bytes = Buffer.byteLength(record, 'utf8');
    if (this.size + bytes > BATCH_BYTES) this.flush();
    if (bytes > BATCH_BYTES) {
      this.guard(() => this.file.write(record));
      return;
    }
    this.size += this.batch.write(record, this.size, 'utf8');
    if (this.size >= BATCH_BYTES) this.flush();
    else this.scheduleFlush();
  }

  private scheduleFlush(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    const flush = () => {
      this.scheduled = false;
      this.flush();
    };
    if (this.delayMs === 0) setImmediate(flush);
    else setTimeout(flush, this.delayMs).unref();
  }

  private guard(write: () => void): void {
    if (this.failed) return;
    try {
      write();
    } catch (err) {
      this.failed = true;
      this.size = 0;
      this.onError(err as Error);
    }
  }
}
