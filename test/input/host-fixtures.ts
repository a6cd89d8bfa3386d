// The host fixtures' table (test/fixtures/hosts/<name>/): the cases of some folders, their `.expect.json`, and the counts of a run.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { analyze } from '../../src/analyze-stream.js';
import type { InputFormat } from '../../src/input/index.js';
import type { PipelineRecord } from '../../src/types.js';
import { chunked } from './helpers.js';

const HOSTS = fileURLToPath(new URL('../fixtures/hosts/', import.meta.url));

/** What an `.expect.json` holds: the reader's dialect, and the counts a run must give (SOURCES.md: how they are counted). */
export interface HostExpected {
  dialect: InputFormat;
  messages: number;
  c2s: number;
  s2c: number;
  requests: number;
  responses: number;
  errors: number;
  notifications: number;
  pairs: number;
  truncated: number;
  summaries: number;
  events: number;
  logs: number;
  sessions: number;
  servers: string[];
}

/** The counts every case is checked on. */
export const COUNT_FIELDS = [
  'messages',
  'c2s',
  's2c',
  'requests',
  'responses',
  'errors',
  'notifications',
  'pairs',
  'truncated',
  'summaries',
  'events',
  'logs',
  'sessions',
  'servers',
] as const;

export interface HostCase<E extends HostExpected = HostExpected> {
  /** `<folder>/<file>`. */
  name: string;
  /** The path from the repository's root. */
  file: string;
  bytes: Buffer;
  expected: E;
}

/** Every file of the folders whose name matches `fixture` (but those `skip` names), sorted, with its `.expect.json`. */
export function hostCases<E extends HostExpected = HostExpected>(
  dirs: readonly string[],
  fixture: RegExp,
  skip: (name: string) => boolean = () => false,
): HostCase<E>[] {
  const out: HostCase<E>[] = [];
  for (const dir of dirs) {
    for (const f of readdirSync(join(HOSTS, dir))
      .filter((n) => fixture.test(n))
      .sort()) {
      const name = `${dir}/${f}`;
      if (skip(name)) continue;
      const expected = JSON.parse(readFileSync(join(HOSTS, dir, f.replace(fixture, '.expect.json')), 'utf8')) as E;
      out.push({ name, file: `test/fixtures/hosts/${name}`, bytes: readFileSync(join(HOSTS, dir, f)), expected });
    }
  }
  return out;
}

const MESSAGE_KINDS = new Set(['request', 'response', 'error', 'notification']);

export const isMessageRecord = (r: PipelineRecord): boolean => MESSAGE_KINDS.has(r.kind);

/** The counts an `.expect.json` holds, from the records. */
export function hostCounts(records: readonly PipelineRecord[]): Omit<HostExpected, 'dialect'> {
  const msgs = records.filter(isMessageRecord);
  const n = (p: (r: PipelineRecord) => boolean, of: readonly PipelineRecord[] = msgs) => of.filter(p).length;
  return {
    messages: msgs.length,
    c2s: n((r) => r.dir === 'c2s'),
    s2c: n((r) => r.dir === 's2c'),
    requests: n((r) => r.kind === 'request'),
    responses: n((r) => r.kind === 'response'),
    errors: n((r) => r.kind === 'error'),
    notifications: n((r) => r.kind === 'notification'),
    pairs: n((r) => (r.kind === 'response' || r.kind === 'error') && r.pair !== null),
    truncated: n((r) => r.truncated === true, records),
    summaries: n((r) => r.summary === true, records),
    events: n((r) => r.kind === 'event', records),
    logs: n((r) => r.kind === 'log', records),
    // A session = one launch of a server that holds a message.
    sessions: new Set(msgs.map((r) => r.session)).size,
    servers: [...new Set(records.map((r) => r.server).filter((s): s is string => s !== null))],
  };
}

/** The records of a whole run over the bytes, in chunks of `chunk` bytes (0: one). */
export const recordsOf = async (bytes: Buffer, file: string, chunk = 0, inputFormat?: InputFormat) =>
  (await analyze(chunked(bytes, chunk), { file, inputFormat })).records;
