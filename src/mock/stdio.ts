// `mcptrace mock` over stdio: a line of JSON in (a message or a batch), the recorded steps out, a line each, until the
// caller closes stdin.
import { createInterface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';
import type { Responder } from './responder.js';
import { Schedule } from './schedule.js';
import { PARSE_ERROR } from './volatile.js';

/** Serves `responder` on `input`/`output` until `input` ends; resolves once what was scheduled by then was sent. */
export async function serveStdio(responder: Responder, input: Readable, output: Writable): Promise<void> {
  const schedule = new Schedule();
  const write = (m: unknown) => output.write(`${JSON.stringify(m)}\n`);
  for await (const line of createInterface({ input, crlfDelay: Infinity })) {
    if (line.trim() === '') continue;
    let parsed: unknown;
    try {
      parsed = JSON.parse(line);
    } catch {
      write({ jsonrpc: '2.0', id: null, error: { code: PARSE_ERROR, message: 'mcptrace mock: the line is not JSON' } });
      continue;
    }
    for (const m of Array.isArray(parsed) ? parsed : [parsed]) {
      const reply = responder.receive(m);
      if (reply.cancel !== undefined) schedule.cancel(reply.cancel);
      if (reply.replied !== undefined) schedule.resume(reply.replied);
      schedule.send(reply.out, (o) => write(o.message));
    }
  }
  await schedule.drain();
}
