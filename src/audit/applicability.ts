// Whether a rule can apply to a session at all, and why not: the revisions it is checked in, the transport it judges.
import { appliesIn, revisionsText } from '../rules/applies.js';
import type { SessionInfo } from '../types.js';
import type { AuditRule } from './types.js';

/**
 * The revisions the session's records were checked under (`SessionState.revision`): the handshake's (the requested
 * one until the answer, then the negotiated one), and for its modern messages the revision they claimed; null when
 * not known (a log that starts mid-session), under which every rule is checked.
 */
function checkedUnder(i: SessionInfo): (string | null)[] {
  const asked = [i.requestedRevision, i.negotiatedRevision].filter((r): r is string => r !== null);
  const handshake = asked.length === 0 ? [null] : [...new Set(asked)];
  if (i.eras === undefined) return handshake;
  return [
    ...new Set(i.eras.flatMap((e) => (e === 'modern' && i.modernRevision != null ? [i.modernRevision] : handshake))),
  ];
}

/**
 * Why `rule` cannot apply to the session, or null when it can: it is checked in other revisions only, or it judges
 * HTTP exchanges and the session's log holds none.
 */
export function whyNotApplicable(rule: AuditRule, i: SessionInfo): string | null {
  const revisions = checkedUnder(i);
  if (!revisions.some((r) => appliesIn(rule.revisions, r))) {
    return `checked in ${revisionsText(rule.revisions)} only; this session is ${revisions.join(', ')}`;
  }
  if (rule.httpOnly && i.transport !== 'http') {
    return `judges HTTP exchanges only; this session's log holds none (transport ${i.transport ?? 'not known'})`;
  }
  return null;
}
