// The thread that encodes row groups (parquet-worker.ts): the export's pipeline builds the next group on one core
// while the previous one is encoded, compressed and written on the other.
import { Worker } from 'node:worker_threads';
import type { GroupColumn, EncoderReply, EncoderRequest } from './parquet-worker.js';

export type { GroupColumn };

/**
 * One worker for the process, started on first use. A request is answered in order; at most one row group is in the
 * worker at a time (`group` waits for the one before), so that memory holds two groups at most, not a queue of them.
 * The worker keeps the process alive only while a request is pending.
 */
class Encoder {
  private worker: Worker | null = null;
  private next = 0;
  private readonly pending = new Map<number, { resolve: () => void; reject: (e: Error) => void }>();
  /** The row group in the worker: the next one is sent when it is written. */
  private inFlight: Promise<void> = Promise.resolve();

  private start(): Worker {
    const w = new Worker(new URL('./parquet-worker.js', import.meta.url));
    w.on('message', (m: EncoderReply) => {
      const p = this.pending.get(m.seq);
      this.pending.delete(m.seq);
      if (this.pending.size === 0) w.unref();
      if (m.error === undefined) p?.resolve();
      else p?.reject(Object.assign(new Error(m.error.message), { code: m.error.code }));
    });
    w.on('error', (e) => this.failAll(e));
    w.on('exit', (code) => {
      this.worker = null;
      this.failAll(new Error(`the Parquet encoder thread stopped (exit code ${code})`));
    });
    w.unref();
    return w;
  }

  private failAll(e: Error): void {
    for (const p of this.pending.values()) p.reject(e);
    this.pending.clear();
  }

  request(req: EncoderRequest, transfer: ArrayBuffer[] = []): Promise<void> {
    this.worker ??= this.start();
    const seq = this.next++;
    const done = new Promise<void>((resolve, reject) => this.pending.set(seq, { resolve, reject }));
    if (this.pending.size === 1) this.worker.ref();
    this.worker.postMessage({ ...req, seq }, transfer);
    return done;
  }

  /** Resolves once the row group before it is written (this one is then encoding); its own failure comes with the next. */
  async group(file: number, columns: GroupColumn[], rows: number): Promise<void> {
    await this.inFlight;
    this.inFlight = this.request({ op: 'group', file, columns, rows });
    // A failure is reported by the next group or the close that waits for it; never unhandled meanwhile.
    this.inFlight.catch(() => undefined);
  }

  /** Waits for the row group in the worker, then for `req`. */
  async after(req: EncoderRequest): Promise<void> {
    await this.inFlight;
    await this.request(req);
  }

  private files = 0;

  /** A new file's number in the worker's requests. */
  newFile(): number {
    return this.files++;
  }
}

export const encoder = new Encoder();
