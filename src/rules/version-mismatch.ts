// Rule version-mismatch: the server answered another revision than requested (info), and later messages use
// features of the requested revision that the answered one lacks (error).
import { methodInfo, methodInRevision, paramFeaturesUsed, revisionAtLeast } from '../protocol/index.js';
import { paramsOf } from '../session/direction.js';
import type { Severity } from '../types.js';
import type { Rule } from './types.js';
import { SPEC } from './spec-urls.js';

const obj = (v: unknown): Record<string, unknown> | null =>
  v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;

type Data =
  | { kind: 'answered'; requested: string; answered: string }
  | { kind: 'feature'; feature: string; method: string; since: string; answered: string; requested: string };

interface State {
  mismatch: { requested: string; answered: string } | null;
}

export const versionMismatch: Rule<Data, State> = {
  meta: {
    id: 'version-mismatch',
    severity: 'info',
    summary: 'The server answered initialize with a protocol version other than the one the client requested.',
    specUrl: `${SPEC.lifecycle}#version-negotiation`,
    revisions: 'all',
  },
  message: {
    by: 'kind',
    templates: {
      answered:
        'server answered protocol version "{answered}" to a request for "{requested}": the session follows "{answered}"',
      feature:
        '{method} uses {feature} (from {since}), which the answered revision "{answered}" lacks (the client asked for "{requested}")',
    },
  },
  severityOf: (d, severity): Severity => (d.kind === 'feature' ? 'error' : severity),
  createState: () => ({ mismatch: null }),
  on: { kinds: ['request', 'notification', 'response'], body: true },
  check: ({ record, facts, session, state }) => {
    if (
      record.kind === 'response' &&
      facts.request?.method === 'initialize' &&
      facts.request.seq === session.initializeSeq
    ) {
      const requested = obj(obj(facts.request.message)?.params)?.protocolVersion;
      const answered = obj(obj(record.message)?.result)?.protocolVersion;
      if (typeof requested !== 'string' || typeof answered !== 'string' || requested === answered) return undefined;
      state.mismatch = { requested, answered };
      return [{ kind: 'answered', requested, answered }];
    }
    const m = state.mismatch;
    if (!m || (record.kind !== 'request' && record.kind !== 'notification') || record.method === null) return undefined;
    // Methods of the wrong revision are method-not-in-revision's; unknown methods carry no known features.
    if (!methodInfo(record.method) || !methodInRevision(record.method, m.answered)) return undefined;
    const out: Data[] = [];
    for (const f of paramFeaturesUsed(record.method, paramsOf(record.message))) {
      if (!revisionAtLeast(m.answered, f.since))
        out.push({ kind: 'feature', feature: f.name, method: record.method, since: f.since, ...m });
    }
    return out.length > 0 ? out : undefined;
  },
};
