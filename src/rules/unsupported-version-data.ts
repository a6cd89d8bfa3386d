// Rule unsupported-version-data: a -32022 error without the versions it must name, or naming them wrong; a retry off its list.
import { MODERN_ERRORS, MODERN_REVISIONS } from '../protocol/modern.js';
import { claimedVersion } from '../session/era.js';
import { RecentMap } from './support/flow-memory.js';
import { obj } from './support/modern.js';
import { MODERN_SPEC } from './spec-urls.js';
import { type RecordRef, ref } from './record-ref.js';
import type { Rule } from './types.js';

type Data =
  | { problem: 'missing'; missing: string[] }
  | { problem: 'requested'; requested: string; sent: string }
  | { problem: 'retry'; sent: string; supported: string[]; errorSeq: RecordRef };

/** Per session: the `data.supported` list of each -32022 answer, by the answer's seq (what a version retry continues). */
type State = RecentMap<string[]>;

const TEXT = {
  missing: (d: Extract<Data, { problem: 'missing' }>) =>
    `-32022 (unsupported protocol version) without ${d.missing.join(' and ')}`,
  requested: (d: Extract<Data, { problem: 'requested' }>) =>
    `-32022 says data.requested ${JSON.stringify(d.requested)}, but the request sent ${JSON.stringify(d.sent)}`,
  retry: (d: Extract<Data, { problem: 'retry' }>) =>
    `retry after the -32022 of #${d.errorSeq} sends version ${JSON.stringify(d.sent)}, which is not among its supported ${JSON.stringify(d.supported)}`,
};

export const unsupportedVersionData: Rule<Data, State> = {
  meta: {
    id: 'unsupported-version-data',
    severity: 'error',
    summary: 'A -32022 UnsupportedProtocolVersion error without valid data, or a retry outside its supported list.',
    specUrl: MODERN_SPEC.versioning,
    revisions: MODERN_REVISIONS,
  },
  message: (d) =>
    d.problem === 'missing' ? TEXT.missing(d) : d.problem === 'requested' ? TEXT.requested(d) : TEXT.retry(d),
  severityOf: (d, severity) => (d.problem === 'missing' ? severity : 'warning'),
  createState: () => new RecentMap<string[]>(),
  on: { kinds: ['error', 'request'], body: true },
  check: ({ record, facts, state }) => {
    if (record.kind === 'request') {
      // A retry after -32022 continues its chain (session/chains.ts): its version should be one the server named.
      const c = facts.continues;
      const supported = c?.why === 'version' ? state.get(String(c.answerSeq)) : undefined;
      const sent = claimedVersion(record.message);
      if (supported === undefined || typeof sent !== 'string' || supported.includes(sent)) return undefined;
      return [{ problem: 'retry', sent, supported, errorSeq: ref(c!.answerSeq) }];
    }
    const error = obj(obj(record.message)?.error);
    if (record.kind !== 'error' || error?.code !== MODERN_ERRORS.unsupportedVersion) return undefined;
    const data = obj(error.data);
    const missing: string[] = [];
    const supported =
      Array.isArray(data?.supported) && data.supported.every((v) => typeof v === 'string')
        ? (data.supported as string[])
        : null;
    if (supported === null) missing.push('data.supported (string array)');
    else state.set(String(record.seq), supported);
    if (typeof data?.requested !== 'string') missing.push('data.requested (string)');
    if (missing.length > 0) return [{ problem: 'missing', missing }];
    const sent = facts.request ? claimedVersion(facts.request.message) : undefined;
    return typeof sent === 'string' && sent !== data!.requested
      ? [{ problem: 'requested', requested: data!.requested as string, sent }]
      : undefined;
  },
};
