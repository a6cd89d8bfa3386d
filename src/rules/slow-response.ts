// Rule slow-response: a response or error that came later than the --slow-ms threshold after its request.
import { isBlockingMethod, specUrl } from '../protocol/index.js';
import type { Rule } from './types.js';

export const slowResponse: Rule<{ method: string /** Whole milliseconds. */; latencyMs: number; slowMs: number }> = {
  meta: {
    id: 'slow-response',
    severity: 'info',
    summary: 'A response or error arrived more than --slow-ms milliseconds (default 5000) after its request.',
    specUrl: `${specUrl('basic/lifecycle.mdx')}#timeouts`,
    revisions: 'all',
  },
  message: '{method} took {latencyMs} ms (threshold {slowMs} ms)',
  on: { kinds: ['response', 'error'] },
  check: ({ record, options }) => {
    if (record.kind !== 'response' && record.kind !== 'error') return undefined;
    const latency = record.latencyMs;
    if (latency === null || latency <= options.slowMs || record.method === null || isBlockingMethod(record.method)) {
      return undefined;
    }
    return [{ method: record.method, latencyMs: Math.round(latency), slowMs: options.slowMs }];
  },
};
