// Rule modern-server-request: a JSON-RPC request from the server, or a response from the client, in a modern exchange.
import { isModernRecord } from './support/modern.js';
import { MODERN_SPEC } from './spec-urls.js';
import { MODERN_REVISIONS } from '../protocol/modern.js';
import type { Rule } from './types.js';

interface Data {
  what: 'server-request' | 'client-response';
  /** ` (sampling/createMessage)`, or empty when the method is not known. */
  method: string;
}

export const modernServerRequest: Rule<Data> = {
  meta: {
    id: 'modern-server-request',
    severity: 'error',
    summary: 'A server request in a 2026-07-28 exchange, where servers must not initiate requests.',
    specUrl: MODERN_SPEC.patterns,
    revisions: MODERN_REVISIONS,
  },
  message: {
    by: 'what',
    templates: {
      'server-request':
        'the server sent a JSON-RPC request{method}; modern servers ask for input in an input_required result',
      'client-response':
        'the client sent a JSON-RPC response; modern clients answer input requests by retrying the request',
    },
  },
  on: { kinds: ['request', 'response', 'error'] },
  check: ({ record }) => {
    if (!isModernRecord(record)) return undefined;
    if (record.kind === 'request' && record.dir === 's2c')
      return [{ what: 'server-request', method: record.method === null ? '' : ` (${record.method})` }];
    if ((record.kind === 'response' || record.kind === 'error') && record.dir === 'c2s')
      return [{ what: 'client-response', method: '' }];
    return undefined;
  },
};
