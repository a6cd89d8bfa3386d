// Rule unsupported-version-data: a -32022 error without the versions it must name, or naming them wrong; a retry off its list.
import { MODERN_ERRORS, MODERN_REVISIONS } from '../protocol/modern.js';
import { claimedVersion } from '../session/era.js';
import { RecentMap } from './support/flow-memory.js';
import { obj } from './support/modern.js';
import { MODERN_SPEC } from './spec-urls.js';
import { type RecordRef, ref } from './record-ref.js';
import type { Rule } from './types.js';

type Data =
  | { problem: 'missing' /** `data.supported (string array) and data.requested (string)` */; missing: string }
  | { problem: 'requested' /** As JSON, like `sent`. */; requested: string; sent: string }
  | { problem: 'retry' /** As JSON, like `supported`. */; sent: string; supported: string; errorSeq: RecordRef };

/** Per session: the `data.supported` list of each -32022 answer, by the answer's seq (what a version retry continues). */
type State = RecentMap<string[]>;

export const unsupportedVersionData: Rule<Data, State> = {
  meta: {
    id: 'unsupported-version-data',
    severity: 'error',
    summary: 'A -32022 UnsupportedProtocolVersion error without valid data, or a retry outside its supported list.',
    specUrl: MODERN_SPEC.versioning,
    revisions: MODERN_REVISIONS,
  },
  message: {
    by: 'problem',
    templates: {
      missing: '-32022 (unsupported protocol version) without {missing}',
      requested: '-32022 says data.requested {requested}, but the request sent {sent}',
      retry: 'retry after the -32022 of #{errorSeq} sends version {sent}, which is not among its supported {supported}',
    },
  },
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
      return [
        {
          problem: 'retry',
          sent: JSON.stringify(sent),
          supported: JSON.stringify(supported),
          errorSeq: ref(c!.answerSeq),
        },
      ];
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
    if (missing.length > 0) return [{ problem: 'missing', missing: missing.join(' and ') }];
    const sent = facts.request ? claimedVersion(facts.request.message) : undefined;
    return typeof sent === 'string' && sent !== data!.requested
      ? [{ problem: 'requested', requested: JSON.stringify(data!.requested), sent: JSON.stringify(sent) }]
      : undefined;
  },
};
