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

const SENDER = { c2s: 'client', s2c: 'server' } as const;
const RECEIVER = { c2s: 'server', s2c: 'client' } as const;

export const wrongDirection: Rule<Data> = {
  meta: {
    id: 'wrong-direction',
    severity: 'error',
    summary: 'A request or notification that only one side may send was sent by the other side.',
    specUrl: 'https://modelcontextprotocol.io/specification/2025-11-25/schema',
    revisions: 'all',
  },
  message: (d) =>
    `${d.method} is a ${SENDER[d.expected]}-to-${RECEIVER[d.expected]} ${d.kind}, but the ${RECEIVER[d.expected]} sent it`,
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
