// `export --to otlp` on two threads: the spans are made here and each batch is encoded in another thread, the batches
// written in order. The bytes are one thread's, to a file (JSON lines) and to an endpoint (protobuf and JSON bodies):
// on every sample and rule fixture, and on a run of many batches, more than the sinks let wait at once. Most runs are
// in-process with the encoder's work done in this thread (MCPTRACE_JOBS_IN_THREAD: the same messages, cloned); the
// last spawns the built CLI with a real thread.
import { createServer } from 'node:http';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { corpusFiles } from '../helpers/corpus.js';
import { runMain } from '../helpers/in-process.js';
import { listenLocal } from '../helpers/listen.js';

const IN_THREAD = { MCPTRACE_JOBS_IN_THREAD: '1' };
const SAID = 'encoding the spans in another thread';
/** One sample many times over: 6,000 spans and more, in batches of 512. */
const MANY = Array.from({ length: 80 }, () => 'samples/everything.envelope.ndjson');

async function run(args: string[], env: Record<string, string> = {}) {
  return runMain(['export', '--to', 'otlp', ...args], { env: { ...IN_THREAD, ...env } });
}

/** The requests an OTLP/HTTP receiver on loopback was sent, by path, in order. */
async function receiving<T>(go: (url: string) => Promise<T>): Promise<{ result: T; bodies: string[] }> {
  const bodies: string[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      bodies.push(`${req.url} ${Buffer.concat(chunks).toString('base64')}`);
      res.writeHead(200).end('');
    });
  });
  const { port, stop } = await listenLocal(server);
  try {
    return { result: await go(`http://127.0.0.1:${port}`), bodies };
  } finally {
    await stop();
  }
}

describe('export --to otlp --jobs 2', () => {
  it('writes the JSON lines one thread writes, for every sample and rule fixture', async () => {
    for (const file of corpusFiles()) {
      const base = await run(['--jobs', '1', file]);
      const r = await run(['--jobs', '2', '--log-level', 'debug', file]);
      expect(r.stderr).toContain(SAID);
      expect({ code: r.code, stdout: r.stdout }, file).toEqual({ code: base.code, stdout: base.stdout });
    }
  });

  it('keeps the batches in order when many wait', async () => {
    const base = await run(['--jobs', '1', ...MANY]);
    const r = await run(['--jobs', '2', ...MANY]);
    const lines = r.stdout.trimEnd().split('\n');
    // Batches of 512 spans, then the metrics: more batches than the sinks let wait (4).
    expect(lines.length).toBeGreaterThan(8);
    expect(r.stdout).toBe(base.stdout);
    expect(r.stderr).toBe(base.stderr);
  });

  for (const protocol of ['http/protobuf', 'http/json']) {
    it(`posts the bodies one thread posts to an endpoint (${protocol}), in order`, async () => {
      const args = ['--otlp-protocol', protocol, ...MANY.slice(0, 30)];
      const one = await receiving((url) => run(['--jobs', '1', '--endpoint', url, ...args]));
      const two = await receiving((url) => run(['--jobs', '2', '--endpoint', url, ...args]));
      expect(two.result.code).toBe(0);
      expect(one.bodies.filter((b) => b.startsWith('/v1/traces')).length).toBeGreaterThan(1);
      expect(two.bodies).toEqual(one.bodies);
    });
  }

  it('without --jobs: another thread when the input is large (MCPTRACE_AUTO_JOBS_BYTES), none when it is not', async () => {
    const file = 'samples/everything.envelope.ndjson';
    const base = await run(['--jobs', '1', file]);
    const large = await run(['--log-level', 'debug', file], { MCPTRACE_AUTO_JOBS_BYTES: '1000' });
    const small = await run(['--log-level', 'debug', file], { MCPTRACE_AUTO_JOBS_BYTES: '100000000' });
    expect(large.stdout).toBe(base.stdout);
    expect(small.stdout).toBe(base.stdout);
    expect(small.stderr).not.toContain(SAID);
    // A machine of one core takes one thread whatever the size.
    const { availableParallelism } = await import('node:os');
    if (availableParallelism() > 1) expect(large.stderr).toContain(SAID);
  });

  it('in a worker thread (the built CLI): the same bytes', async () => {
    const base = await runCli(['export', '--to', 'otlp', '--jobs', '1', ...MANY.slice(0, 6)]);
    const r = await runCli(['export', '--to', 'otlp', '--jobs', '2', '--log-level', 'debug', ...MANY.slice(0, 6)]);
    expect(r.stderr).toContain(SAID);
    expect({ code: r.code, stdout: r.stdout }).toEqual({ code: base.code, stdout: base.stdout });
  });
});
