// The mock's answers, from a real recording (server-everything over stdio, samples/everything.envelope.ndjson): each
// request gets the recorded answer of the same request with the caller's id; progress with the caller's token; what the
// server said after the client's notifications and answers; unknown requests an error, or the nearest answer.
import { createReadStream, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { analyze } from '../../src/analyze-stream.js';
import { RecordingBuilder, type Recording } from '../../src/mock/recording.js';
import { Responder, type Outgoing } from '../../src/mock/responder.js';
import { Schedule } from '../../src/mock/schedule.js';
import { REDACTED } from '../../src/output/redact.js';
import type { PipelineRecord } from '../../src/types.js';
import { REPO_ROOT } from '../helpers/cli.js';

const SAMPLE = join(REPO_ROOT, 'samples', 'everything.envelope.ndjson');
type Msg = Record<string, any>;

/** The sample's recorded lines, by direction, as JSON-RPC messages: what the server really sent. */
function recorded(): { c2s: Msg[]; s2c: Msg[] } {
  const out = { c2s: [] as Msg[], s2c: [] as Msg[] };
  for (const l of readFileSync(SAMPLE, 'utf8').split('\n')) {
    if (l === '') continue;
    const r = JSON.parse(l) as { dir?: 'c2s' | 's2c'; line?: string };
    if (r.dir === 'c2s' || r.dir === 's2c') out[r.dir].push(JSON.parse(r.line!));
  }
  return out;
}

let records: PipelineRecord[];
let recording: Recording;
const wire = recorded();
/** The server's recorded answer to the client's request with `id`. */
const answerTo = (id: number) => wire.s2c.find((m) => m.id === id && ('result' in m || 'error' in m))!;
const requestWith = (pred: (m: Msg) => boolean) => wire.c2s.find((m) => 'method' in m && 'id' in m && pred(m))!;

beforeAll(async () => {
  ({ records } = await analyze(createReadStream(SAMPLE), { file: SAMPLE }));
  const b = new RecordingBuilder(REDACTED);
  for (const r of records) b.add(r);
  expect(b.incomplete).toEqual([]);
  recording = b.recording();
});

describe('mock responder on a real recording', () => {
  it("answers a recorded request with the recorded answer and the caller's id", () => {
    const echo = requestWith((m) => m.params?.name === 'echo');
    const r = new Responder(recording);
    const reply = r.receive({ ...echo, id: 'caller-7' });
    expect(reply.out).toHaveLength(1);
    expect(reply.out[0]!.message).toEqual({ ...answerTo(echo.id), id: 'caller-7' });
    expect(reply.out[0]!.answer).toBe(true);
    expect(r.counts).toMatchObject({ requests: 1, matched: 1, unmatched: [] });
  });

  it('sets _meta aside and member order aside when matching', () => {
    const echo = requestWith((m) => m.params?.name === 'echo');
    const reordered = {
      id: 1,
      jsonrpc: '2.0',
      method: 'tools/call',
      params: { arguments: echo.params.arguments, name: 'echo', _meta: { traceparent: '00-1-2-01' } },
    };
    expect(new Responder(recording).receive(reordered).out[0]!.message.result).toEqual(answerTo(echo.id).result);
  });

  it('answers the handshake as recorded whatever the client says of itself', () => {
    const init = requestWith((m) => m.method === 'initialize');
    const other = {
      jsonrpc: '2.0',
      id: 0,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'someone-else', version: '9' } },
    };
    const reply = new Responder(recording).receive(other);
    expect(reply.out.map((o) => o.message)).toEqual([{ ...answerTo(init.id), id: 0 }]);
  });

  it("replays what the server sent after notifications/initialized, and waits for the client's answer to its request", async () => {
    const r = new Responder(recording);
    const reply = r.receive({ jsonrpc: '2.0', method: 'notifications/initialized' });
    const methods = reply.out.map((o) => o.message.method);
    // server-everything: seven list_changed, then roots/list (the client declared roots)
    expect(methods).toEqual([...Array(7).fill('notifications/tools/list_changed'), 'roots/list']);
    const rootsId = reply.out.at(-1)!.message.id;
    expect(reply.out.at(-1)!.awaits).toBe(rootsId);
    const sent: Msg[] = [];
    const s = new Schedule();
    s.send(reply.out, (o) => sent.push(o.message));
    await s.drain();
    expect(sent).toHaveLength(8);
    // the client's answer to roots/list: the server then logged (notifications/message), as recorded
    const answered = r.receive({ jsonrpc: '2.0', id: rootsId, result: { roots: [] } });
    expect(answered.replied).toBe(rootsId);
    expect(answered.out.map((o) => o.message.method)).toEqual(['notifications/message']);
    expect(r.counts).toMatchObject({ notifications: 1, replies: 1 });
  });

  it("sends progress with the caller's token, none to a caller that asked for none", () => {
    const long = requestWith(
      (m) => m.params?.name === 'trigger-long-running-operation' && m.params.arguments.steps === 4,
    );
    const withToken = new Responder(recording).receive({
      ...long,
      id: 5,
      params: { ...long.params, _meta: { progressToken: 'mine' } },
    });
    const progress = withToken.out.filter((o) => o.message.method === 'notifications/progress');
    expect(progress.map((o) => [o.message.params.progressToken, o.message.params.progress])).toEqual([
      ['mine', 1],
      ['mine', 2],
      ['mine', 3],
      ['mine', 4],
    ]);
    expect(withToken.out.at(-1)!.message).toEqual({ ...answerTo(long.id), id: 5 });
    const { _meta, ...bare } = long.params;
    const without = new Responder(recording).receive({ ...long, id: 6, params: bare });
    expect(without.out.map((o) => o.message.method ?? 'answer')).toEqual(['answer']);
  });

  it('keeps the recorded delays with --timing recorded, none without', () => {
    const long = requestWith(
      (m) => m.params?.name === 'trigger-long-running-operation' && m.params.arguments.steps === 4,
    );
    const delays = (timing: 'none' | 'recorded') =>
      new Responder(recording, { timing }).receive(long).out.map((o) => o.delayMs);
    expect(delays('none').every((d) => d === 0)).toBe(true);
    const paced = delays('recorded');
    // 2 s over 4 steps, as the server ran it: each step later than the one before, the answer ~2 s after the request
    for (let i = 1; i < paced.length; i++) expect(paced[i]!).toBeGreaterThanOrEqual(paced[i - 1]!);
    expect(paced.at(-1)!).toBeGreaterThan(1900);
  });

  it('answers a request it does not hold with -32601 (or the code asked), and lists it', () => {
    const r = new Responder(recording, { unmatchedCode: -32000 });
    const q = {
      jsonrpc: '2.0',
      id: 9,
      method: 'tools/call',
      params: { name: 'echo', arguments: { message: 'never recorded' } },
    };
    const reply = r.receive(q);
    expect(reply.out[0]!.message).toMatchObject({ id: 9, error: { code: -32000 } });
    expect(new Responder(recording).receive(q).out[0]!.message.error.code).toBe(-32601);
    expect(r.counts.unmatched).toEqual([{ method: 'tools/call', params: q.params }]);
  });

  it('--nearest answers with the closest recorded request of the method', () => {
    const echo = requestWith((m) => m.params?.name === 'echo');
    const r = new Responder(recording, { nearest: true });
    const reply = r.receive({
      jsonrpc: '2.0',
      id: 3,
      method: 'tools/call',
      params: { name: 'echo', arguments: { message: 'something else' } },
    });
    expect(reply.out.at(-1)!.message).toEqual({ ...answerTo(echo.id), id: 3 });
    expect(r.counts.unmatched).toHaveLength(1);
    expect(r.counts.unmatched[0]!.nearest).toBeTypeOf('number');
  });

  it('answers ping with {} when the recording has none to give', () => {
    const b = new RecordingBuilder(REDACTED);
    for (const r of records) if (r.method !== 'ping') b.add(r);
    expect(new Responder(b.recording()).receive({ jsonrpc: '2.0', id: 1, method: 'ping' }).out[0]!.message).toEqual({
      jsonrpc: '2.0',
      id: 1,
      result: {},
    });
  });

  it("takes repeated requests' answers in recorded order, then the last again", async () => {
    // A counter tool asked three times the same thing: three different answers.
    const lines = [
      { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'next', arguments: {} } },
      { jsonrpc: '2.0', id: 1, result: { content: [{ type: 'text', text: '1' }] } },
      { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'next', arguments: {} } },
      { jsonrpc: '2.0', id: 2, result: { content: [{ type: 'text', text: '2' }] } },
    ]
      .map((m) => JSON.stringify(m))
      .join('\n');
    const b = new RecordingBuilder(REDACTED);
    for (const rec of (
      await analyze(
        (async function* () {
          yield lines;
        })(),
      )
    ).records)
      b.add(rec);
    const r = new Responder(b.recording());
    const texts = [7, 8, 9].map(
      (id) =>
        r.receive({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'next', arguments: {} } }).out[0]!
          .message,
    );
    expect(texts.map((m) => [m.id, m.result.content[0].text])).toEqual([
      [7, '1'],
      [8, '2'],
      [9, '2'],
    ]);
  });

  it('drops what is left of a cancelled request', async () => {
    const long = requestWith(
      (m) => m.params?.name === 'trigger-long-running-operation' && m.params.arguments.steps === 4,
    );
    const r = new Responder(recording, { timing: 'recorded' });
    const s = new Schedule();
    const sent: Outgoing[] = [];
    s.send(r.receive({ ...long, id: 'c' }).out, (o) => sent.push(o));
    const cancel = r.receive({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 'c' } });
    expect(cancel.cancel).toBe('c');
    s.cancel(cancel.cancel!);
    await new Promise((done) => setTimeout(done, 700));
    expect(sent.filter((o) => o.answer)).toEqual([]);
    s.stop();
  });
});

describe("refusing a recording whose bodies are not the server's", () => {
  it('names a redacted message', () => {
    const b = new RecordingBuilder(REDACTED);
    for (const r of records)
      b.add(
        r.kind === 'response' && r.seq === records.find((x) => x.kind === 'response')!.seq
          ? { ...r, message: { ...(r.message as Msg), result: { secret: REDACTED } } }
          : r,
      );
    expect(b.incomplete.map((i) => i.why)).toEqual(['redacted']);
    expect(b.incomplete[0]!.source).toMatch(/everything\.envelope\.ndjson:\d+$/);
  });
});
