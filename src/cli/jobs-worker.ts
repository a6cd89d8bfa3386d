// A `--jobs` worker thread: answers each task the coordinator posts (src/cli/jobs-file.ts does the work).
import { parentPort } from 'node:worker_threads';
import { answer } from './jobs-file.js';
import type { FileTask } from './jobs.js';

const port = parentPort;
if (port === null) throw new Error('jobs-worker.js runs as a worker thread');

port.on('message', (task: FileTask) => {
  void answer(task).then((reply) => port.postMessage(reply));
});
