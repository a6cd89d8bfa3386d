// Rule initialize-in-batch: the initialize request sent as part of a JSON-RPC batch (2025-03-26).
import type { Rule } from './types.js';

export const initializeInBatch: Rule<{ size: number }> = {
  meta: {
    id: 'initialize-in-batch',
    severity: 'error',
    summary: 'The initialize request is one element of a JSON-RPC batch.',
    specUrl: 'https://modelcontextprotocol.io/specification/2025-03-26/basic/lifecycle#initialization',
    revisions: ['2025-03-26'],
  },
  message: (d) =>
    `initialize is part of a JSON-RPC batch of ${d.size} ${d.size === 1 ? 'message' : 'messages'}: it must be sent on its own`,
  on: { kinds: ['request'], methods: ['initialize'] },
  check: ({ record }) =>
    record.kind === 'request' && record.method === 'initialize' && record.batch
      ? [{ size: record.batch.size }]
      : undefined,
};
