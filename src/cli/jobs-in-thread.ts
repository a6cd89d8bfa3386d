// `--jobs` workers that do their work in this thread (`MCPTRACE_JOBS_IN_THREAD=1`, for tests): the same tasks and
// answers, cloned as a worker thread's messages are, without the start-up of a thread and its modules per run.
import { EventEmitter } from 'node:events';
import type { WorkerReply } from './jobs-file.js';
import type { FlowPort, OutputAck, OutputReply, OutputTask } from './jobs-output-file.js';
import type { FileTask } from './jobs.js';
import type { RowsTask } from './jobs-rows-file.js';

export class InThreadWorker extends EventEmitter {
  private ended = false;
  /** Annotate's port (src/cli/jobs-output-file.ts): its messages are handed over later, in order, as a thread's. */
  private flow: FlowPort | null = null;

  postMessage(task: FileTask | OutputTask | RowsTask | OutputAck): void {
    if ('ack' in task) {
      this.flow?.ack(task);
      return;
    }
    const copy = structuredClone(task);
    if (copy.command === 'annotate' || copy.command === 'export-parquet') {
      void import('./jobs-output-file.js').then(async ({ FlowPort, serveOutput }) => {
        this.flow ??= new FlowPort((m: OutputReply, transfer) => {
          // Structured clone, as postMessage does, its buffers moved.
          const sent = structuredClone(m, { transfer });
          setImmediate(() => {
            if (!this.ended) this.emit('message', sent);
          });
        });
        // `export --to parquet`'s rows come through the same port (src/cli/jobs-rows-file.ts).
        if (copy.command === 'export-parquet') return (await import('./jobs-rows-file.js')).serveRows(copy, this.flow);
        return serveOutput(copy, this.flow);
      });
      return;
    }
    import('./jobs-file.js')
      .then(({ answer }) => answer(copy))
      .then((reply: WorkerReply) => {
        // Structured clone, as postMessage does: what a thread could not send fails here too.
        if (!this.ended) this.emit('message', structuredClone(reply));
      })
      .catch((err: unknown) => {
        if (!this.ended) this.emit('error', err);
      });
  }

  terminate(): Promise<number> {
    this.ended = true;
    return Promise.resolve(0);
  }
}
