// Driving `mcptrace mock` with the official SDK client: the capture's recorded requests, sent again, and the answers the
// recording holds for them, to compare with what the mock answered.
import { spawn, type ChildProcess } from 'node:child_process';
import { createReadStream } from 'node:fs';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { McpError, ResultSchema } from '@modelcontextprotocol/sdk/types.js';
import { onTestFinished } from 'vitest';
import { analyze } from '../../src/analyze-stream.js';
import { CLI_PATH, REPO_ROOT } from './cli.js';

type Msg = Record<string, any>;

/** A request the client sent in the recording, and the answer the server gave it. */
export interface Asked {
  method: string;
  params: Msg | undefined;
  answer: Msg;
}

/** The recorded client's requests with their recorded answers (initialize, unanswered ones and those to the client left out). */
export async function recordedAsks(file: string): Promise<Asked[]> {
  const { records } = await analyze(createReadStream(file), { file });
  // A request's record is read before its answer: the answer's `pair` names it.
  const answers = new Map(records.filter((r) => r.kind === 'response' || r.kind === 'error').map((r) => [r.pair, r]));
  const out: Asked[] = [];
  for (const r of records) {
    const answer = answers.get(r.seq);
    if (r.kind !== 'request' || r.dir !== 'c2s' || r.method === 'initialize' || answer === undefined) continue;
    out.push({ method: r.method!, params: (r.message as Msg).params, answer: answer.message as Msg });
  }
  return out;
}

/** What the mock answered each recorded request: its result, or its error's code and message. */
export async function askAgain(client: Client, asks: readonly Asked[]): Promise<Msg[]> {
  const got: Msg[] = [];
  for (const a of asks) {
    try {
      got.push({ result: await client.request({ method: a.method, params: a.params } as never, ResultSchema) });
    } catch (err) {
      if (!(err instanceof McpError)) throw err;
      got.push({ error: { code: err.code } });
    }
  }
  return got;
}

/** What the recording says each request got, in the shape `askAgain` gives. */
export function recordedAnswers(asks: readonly Asked[]): Msg[] {
  return asks.map((a) =>
    'error' in a.answer ? { error: { code: a.answer.error.code } } : { result: a.answer.result },
  );
}

/** `mcptrace mock --http 127.0.0.1:0 …`: the process and the URL it printed. */
export async function startHttpMock(
  args: readonly string[],
): Promise<{ child: ChildProcess; url: string; stderr: () => string; stop: () => Promise<number | null> }> {
  const child = spawn(process.execPath, [CLI_PATH, 'mock', '--http', '127.0.0.1:0', ...args], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // A test that fails before it stops the mock must not leave it running.
  onTestFinished(() => void child.kill('SIGKILL'));
  let err = '';
  const url = await new Promise<string>((resolve, reject) => {
    child.stderr!.on('data', (d: Buffer) => {
      err += d.toString('utf8');
      const m = / at (http:\/\/\S+)/.exec(err);
      if (m) resolve(m[1]!);
    });
    child.on('exit', (code) => reject(new Error(`mock exited ${code} before listening: ${err}`)));
  });
  return {
    child,
    url,
    stderr: () => err,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', (code) => resolve(code));
        child.kill('SIGINT');
      }),
  };
}
