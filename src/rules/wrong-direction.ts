// Rule wrong-direction: a one-way method sent by the side that may not send it (a client sending sampling/createMessage).
import { inferDirection } from '../protocol/index.js';
import { modernMethod } from '../protocol/modern.js';
import { isModernRecord } from './support/modern.js';
import type { Rule } from './types.js';

interface Data {
  method: string;
  kind: 'request' | 'notification';
  /** The direction the method must travel. */
  expected: 'c2s' | 's2c';
}

export const wrongDirection: Rule<Data> = {
  meta: {
    id: 'wrong-direction',
    severity: 'error',
    summary: 'A request or notification that only one side may send was sent by the other side.',
    specUrl: 'https://modelcontextprotocol.io/specification/2025-11-25/schema',
    revisions: 'all',
  },
  message: {
    by: 'expected',
    templates: {
      c2s: '{method} is a client-to-server {kind}, but the server sent it',
      s2c: '{method} is a server-to-client {kind}, but the client sent it',
    },
  },
  on: { kinds: ['request', 'notification'] },
  check: ({ record }) => {
    if (record.kind !== 'request' && record.kind !== 'notification') return undefined;
    if (record.dirInferred || record.dir === 'unknown' || record.method === null) return undefined;
    const modern = isModernRecord(record);
    if (modern && record.kind === 'request') return undefined;
    const m = modern ? modernMethod(record.method) : undefined;
    const expected =
      m === undefined
        ? inferDirection(record.method, record.kind)
        : m.kind === record.kind && m.direction !== 'both'
          ? m.direction
          : null;
    if (expected === null || expected === record.dir) return undefined;
    return [{ method: record.method, kind: record.kind, expected }];
  },
};
