// Rule batch-not-allowed: a JSON-RPC batch in a session whose revision has no batches (all but 2025-03-26).
import { allowsBatches, revisionStatus } from '../protocol/revisions.js';
import { counted } from './message.js';
import type { Rule } from './types.js';

export const batchNotAllowed: Rule<{ /** `3 messages` */ size: string; revision: string }> = {
  meta: {
    id: 'batch-not-allowed',
    severity: 'error',
    summary: 'A JSON-RPC batch in a session whose revision has no batches.',
    specUrl: 'https://modelcontextprotocol.io/specification/2025-06-18/changelog#major-changes',
    revisions: 'all',
  },
  message: 'a JSON-RPC batch of {size}: revision {revision} has no batches (only 2025-03-26 does)',
  check: ({ record, session }) => {
    if (record.batch?.index !== 0) return undefined;
    const rev = session.revision;
    // Unknown strings say nothing about batches; a pre-release (2024-10-07) predates them like 2024-11-05.
    if (rev === null || allowsBatches(rev)) return undefined;
    const status = revisionStatus(rev);
    if (status !== 'supported' && status !== 'prerelease' && status !== 'modern') return undefined;
    return [{ size: counted(record.batch.size, 'message'), revision: rev }];
  },
};
