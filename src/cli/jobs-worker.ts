// A `--jobs` worker thread: answers each task the coordinator posts (src/cli/jobs-file.ts does the work of stats and
// audit, src/cli/jobs-output-file.ts annotate's, whose output comes in chunks the coordinator acknowledges, and
// src/cli/jobs-rows-file.ts the rows of `export --to parquet`, sent the same way).
import { parentPort } from 'node:worker_threads';
import { answer } from './jobs-file.js';
import { FlowPort, serveOutput, type OutputAck, type OutputTask } from './jobs-output-file.js';
import type { FileTask } from './jobs.js';
import { serveRows, type RowsTask } from './jobs-rows-file.js';

const port = parentPort;
if (port === null) throw new Error('jobs-worker.js runs as a worker thread');
const flow = new FlowPort((m, transfer) => port.postMessage(m, transfer));

port.on('message', (task: FileTask | OutputTask | RowsTask | OutputAck) => {
  if ('ack' in task) flow.ack(task);
  else if (task.command === 'annotate') void serveOutput(task, flow);
  else if (task.command === 'export-parquet') void serveRows(task, flow);
  else void answer(task).then((reply) => port.postMessage(reply));
});
