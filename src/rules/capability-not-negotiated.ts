// Rule capability-not-negotiated: a request or notification that needs a capability its responsible side never declared.
import { inferDirection, methodInRevision, requiredCapabilities, specUrl } from '../protocol/index.js';
import { declaredIn } from '../session/capability.js';
import { paramsOf } from '../session/direction.js';
import type { Side } from '../types.js';
import { isBelow } from '../util/key-path.js';
import { isModernRecord } from './support/modern.js';
import type { Rule } from './types.js';

interface Data {
  method: string;
  side: Side;
  path: string;
  /** The spec only says SHOULD for this requirement (sampling `includeContext` → `sampling.context`). */
  should: boolean;
}

export const capabilityNotNegotiated: Rule<Data> = {
  meta: {
    id: 'capability-not-negotiated',
    severity: 'warning',
    severityFrom: { '2025-06-18': 'error' },
    summary: 'A request or notification needs a capability its responsible side did not declare at initialize.',
    specUrl: `${specUrl('basic/lifecycle.mdx')}#operation`,
    revisions: 'all',
  },
  message: '{method} needs {side} capability {path}, which the {side} did not declare',
  severityOf: (d, severity) => (d.should && severity === 'error' ? 'warning' : severity),
  on: { kinds: ['request', 'notification'], body: true },
  check: ({ record, session }) => {
    if (record.kind !== 'request' && record.kind !== 'notification') return undefined;
    const method = record.method;
    if (method === null) return undefined;
    if (record.kind === 'request' && isModernRecord(record)) return undefined;
    const revision = session.revision;
    // Reported by method-not-in-revision and wrong-direction: a capability test would only repeat them.
    if (!methodInRevision(method, revision)) return undefined;
    const expected = inferDirection(method, record.kind);
    if (expected !== null && record.dir !== 'unknown' && record.dir !== expected) return undefined;
    let out: Data[] | null = null;
    for (const req of requiredCapabilities(method, paramsOf(record.message), revision, record.dir)) {
      const declared = req.side === 'server' ? session.info.serverCapabilities : session.info.clientCapabilities;
      if (declared === null || declaredIn(declared, req.path)) continue;
      (out ??= []).push({ method, side: req.side, path: req.path, should: req.level === 'should' });
    }
    if (out === null) return undefined;
    // A missing parent (`elicitation`) is implied by its missing sub-flag (`elicitation.url`): report the sub-flag.
    const found = out.filter((d) => !out!.some((o) => o.side === d.side && isBelow(o.path, d.path)));
    return found.length > 0 ? found : undefined;
  },
};
