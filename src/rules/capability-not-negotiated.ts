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
    description:
      "A request or notification depends on a capability (with its sub-flags: resources.subscribe, listChanged, logging, completions, sampling.tools, elicitation.form/url, tasks.requests.*) that the side responsible for it did not declare in the initialize exchange. Every unmet requirement is reported, e.g. a task-augmented tools/call needs both tools and tasks.requests.tools.call; a missing sub-flag stands for its missing parent (elicitation.url, not also elicitation). \"Only use capabilities that were successfully negotiated\" is SHOULD in 2024-11-05 and 2025-03-26 and MUST from 2025-06-18; requirements the spec states as SHOULD (includeContext without sampling.context) stay warnings. Not checked when the declaration was not seen (log started mid-session), for methods outside the session's revision (method-not-in-revision) or sent the wrong way (wrong-direction). In a 2026-07-28 exchange the server's capabilities are those of the last `server/discover` result (none seen: not checked), and only the server's notifications are checked here (`notifications/message` needs `logging`, a list-changed notification its `listChanged`): a modern client may send a request the server did not advertise, and the server answers it with -32601 (unadvertised-method judges the answer).",
    specUrl: `${specUrl('basic/lifecycle.mdx')}#operation`,
    revisions: 'all',
  },
  message: (d) => `${d.method} needs ${d.side} capability ${d.path}, which the ${d.side} did not declare`,
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
