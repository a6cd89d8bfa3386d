// Rule method-not-in-revision: a known method used in a session whose negotiated revision does not define it.
import { isKnownRevision, methodInRevision, methodInfo, specUrl } from '../protocol/index.js';
import type { Rule } from './types.js';

interface Data {
  method: string;
  revision: string;
  /** Revisions that do define the method. */
  in: string;
}

export const methodNotInRevision: Rule<Data> = {
  meta: {
    id: 'method-not-in-revision',
    severity: 'error',
    summary: 'A method that exists in another protocol revision but not in the one the session negotiated.',
    specUrl: `${specUrl('basic/lifecycle.mdx')}#version-negotiation`,
    revisions: 'all',
  },
  message: '{method} is not part of revision {revision} (it exists in {in})',
  on: { kinds: ['request', 'notification'] },
  check: ({ record, session }) => {
    if (record.kind !== 'request' && record.kind !== 'notification') return undefined;
    const method = record.method;
    const revision = session.revision;
    if (method === null || !isKnownRevision(revision)) return undefined;
    const info = methodInfo(method);
    if (!info || methodInRevision(method, revision)) return undefined;
    return [{ method, revision, in: info.revisions.join(', ') }];
  },
};
