// The thread that encodes `export --to otlp`'s batches of spans (src/cli/otlp-encoder.ts).
import { parentPort } from 'node:worker_threads';
import { encodeReply, type EncodeTask } from './otlp-encoder.js';

const port = parentPort;
if (port === null) throw new Error('otlp-worker.js runs as a worker thread');

port.on('message', (task: EncodeTask) => port.postMessage(...encodeReply(task)));
