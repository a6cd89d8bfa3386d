// Rule initialize-in-batch: the initialize request sent as part of a JSON-RPC batch (2025-03-26).
import { counted } from './message.js';
import type { Rule } from './types.js';

export const initializeInBatch: Rule<{ /** `3 messages` */ size: string }> = {
  meta: {
    id: 'initialize-in-batch',
    severity: 'error',
    summary: 'The initialize request is one element of a JSON-RPC batch.',
    specUrl: 'https://modelcontextprotocol.io/specification/2025-03-26/basic/lifecycle#initialization',
    revisions: ['2025-03-26'],
  },
  message: 'initialize is part of a JSON-RPC batch of {size}: it must be sent on its own',
  on: { kinds: ['request'], methods: ['initialize'] },
  check: ({ record }) =>
    record.kind === 'request' && record.method === 'initialize' && record.batch
      ? [{ size: counted(record.batch.size, 'message') }]
      : undefined,
};
