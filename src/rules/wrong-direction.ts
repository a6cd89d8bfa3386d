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
    description:
      "A request or notification that only one side may send was sent by the other side: e.g. a client sending sampling/createMessage or notifications/message, a server sending tools/call or notifications/initialized (the ClientRequest / ServerRequest / ClientNotification / ServerNotification unions of the schema). Checked only where the log records the direction; an inferred direction comes from the same table and cannot be wrong. Two-way methods (ping, cancellation, progress, tasks/*) are never reported. A message of a 2026-07-28 exchange is checked against that revision's own table, where `notifications/progress` only goes server to client (a client sends no progress: its requests are the only ones); its requests are left to modern-server-request, since every modern request is the client's.",
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
