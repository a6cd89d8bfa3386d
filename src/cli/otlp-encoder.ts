// `export --to otlp` on more than one core: the main thread reads the log and makes the spans, a worker thread encodes
// each batch (JSON or protobuf, over a third of the export's time), and the sinks write the batches in order
// (src/export/otlp/sinks.ts). The spans go to the worker as they are (plain data, cloned); the bytes come back moved.
import { EventEmitter } from 'node:events';
import { Worker } from 'node:worker_threads';
import { encodeSpans, type Encoding } from '../export/otlp/serialize.js';
import type { McpSpan } from '../export/otlp/span.js';
import type { SpanEncoder } from '../export/otlp/sinks.js';

export interface EncodeTask {
  id: number;
  spans: readonly McpSpan[];
  encoding: Encoding;
}

type EncodeReply = { id: number; bytes: Uint8Array } | { id: number; error: string };

/** What the encoder's thread is to its user: where replies come from, and how it is asked and stopped. */
interface EncodePort {
  postMessage(task: EncodeTask): void;
  on(event: 'message', listener: (m: EncodeReply) => void): unknown;
  on(event: 'error', listener: (err: Error) => void): unknown;
  terminate(): Promise<unknown>;
}

/** A span encoder whose work is done by one worker thread, and its end (`close`, once the last batch is written). */
export interface ThreadEncoder {
  encode: SpanEncoder;
  close(): Promise<void>;
}

/**
 * Starts the worker. `inThread` (`MCPTRACE_JOBS_IN_THREAD`, for tests): the work is done in this thread, the spans and
 * bytes cloned as a thread's messages are.
 */
export function threadEncoder(inThread = false): ThreadEncoder {
  const port: EncodePort = inThread ? inThreadPort() : new Worker(new URL('./otlp-worker.js', import.meta.url));
  const waiting = new Map<number, { resolve: (b: Uint8Array) => void; reject: (e: Error) => void }>();
  let next = 0;
  let broken: Error | null = null;
  port.on('message', (m) => {
    const w = waiting.get(m.id);
    waiting.delete(m.id);
    if ('bytes' in m) w?.resolve(m.bytes);
    else w?.reject(new Error(m.error));
  });
  port.on('error', (err) => {
    broken = err;
    for (const w of waiting.values()) w.reject(err);
    waiting.clear();
  });
  return {
    encode: (spans, encoding) => {
      if (broken) return Promise.reject(broken);
      const id = next++;
      return new Promise<Uint8Array>((resolve, reject) => {
        waiting.set(id, { resolve, reject });
        port.postMessage({ id, spans, encoding });
      });
    },
    close: async () => {
      await port.terminate();
    },
  };
}

/** The worker's work done here: each task answered a turn later, as a clone. */
function inThreadPort(): EncodePort {
  const e = new EventEmitter();
  let ended = false;
  const port = {
    postMessage: (task: EncodeTask) => {
      const copy = structuredClone(task);
      setImmediate(() => {
        const [reply, transfer] = encodeReply(copy);
        if (!ended) e.emit('message', structuredClone(reply, { transfer }));
      });
    },
    terminate: async () => {
      ended = true;
    },
  };
  return Object.assign(e, port) as unknown as EncodePort;
}

/** The reply to a task (the same serializer as in the main thread, so the same bytes), and the buffer it moves. */
export function encodeReply(task: EncodeTask): [EncodeReply, ArrayBuffer[]] {
  try {
    const bytes = encodeSpans(task.spans, task.encoding);
    const whole = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
    const own = whole ? bytes : bytes.slice();
    return [{ id: task.id, bytes: own }, [own.buffer as ArrayBuffer]];
  } catch (err) {
    return [{ id: task.id, error: err instanceof Error ? err.message : String(err) }, []];
  }
}
