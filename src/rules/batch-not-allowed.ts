// Rule batch-not-allowed: a JSON-RPC batch in a session whose revision has no batches (all but 2025-03-26).
import { allowsBatches, revisionStatus } from '../protocol/revisions.js';
import type { Rule } from './types.js';

export const batchNotAllowed: Rule<{ size: number; revision: string }> = {
  meta: {
    id: 'batch-not-allowed',
    severity: 'error',
    description:
      'A JSON-RPC batch (an array of messages) in a session whose revision has no batches. Batches exist only in 2025-03-26; 2024-11-05 does not define them and 2025-06-18 removed them ("Messages are individual JSON-RPC requests, notifications, or responses"); 2026-07-28 has none either (one message per POST body or stdio line). Reported once per batch, on its first element, and only when the session\'s revision is known.',
    specUrl: 'https://modelcontextprotocol.io/specification/2025-06-18/changelog#major-changes',
    revisions: 'all',
  },
  message: (d) =>
    `a JSON-RPC batch of ${d.size} message${d.size === 1 ? '' : 's'}: revision ${d.revision} has no batches (only 2025-03-26 does)`,
  check: ({ record, session }) => {
    if (record.batch?.index !== 0) return undefined;
    const rev = session.revision;
    // Unknown strings say nothing about batches; a pre-release (2024-10-07) predates them like 2024-11-05.
    if (rev === null || allowsBatches(rev)) return undefined;
    const status = revisionStatus(rev);
    if (status !== 'supported' && status !== 'prerelease' && status !== 'modern') return undefined;
    return [{ size: record.batch.size, revision: rev }];
  },
};
