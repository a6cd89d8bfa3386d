// Cause version-mismatch: no common protocol revision — an initialize answer with a version that is no revision
// (rule unknown-protocol-version), or a side that refused the other's version.
import { evidenceOf, fromSignal } from '../fold.js';
import { addEvidence, type Cause, type DiagnosisSide, type Evidence } from '../types.js';

interface State {
  evidence: Evidence[];
  side: DiagnosisSide | null;
  refused: boolean;
  version: string | null;
}

export const versionMismatch: Cause<State> = {
  meta: {
    id: 'version-mismatch',
    title: 'No common protocol version',
    defaultSide: 'server',
    summary:
      "The two sides found no protocol revision both support: an initialize answer with a version that is no MCP revision, or a side that refused the other's version. A server answering an older revision it supports is normal negotiation, not this.",
  },
  create: () => ({ evidence: [], side: null, refused: false, version: null }),
  observe(state, { record, signals }) {
    if (record.method === 'initialize' && record.findings.some((f) => f.rule === 'unknown-protocol-version')) {
      state.side ??= record.dir === 's2c' ? 'server' : 'client';
      addEvidence(state.evidence, evidenceOf(record));
      const v = record.message as {
        result?: { protocolVersion?: unknown };
        params?: { protocolVersion?: unknown };
      } | null;
      const pv = v?.result?.protocolVersion ?? v?.params?.protocolVersion;
      if (typeof pv === 'string') state.version ??= pv;
    }
    for (const s of signals) {
      if (s.kind !== 'version' && !(s.kind === 'exception' && /protocol version/i.test(s.text))) continue;
      state.refused = true;
      addEvidence(state.evidence, fromSignal(s));
    }
  },
  decide(state, { fold }) {
    if (state.side === null && !state.refused) return undefined;
    const v = state.version !== null ? ` ${state.version}` : '';
    const summary =
      state.side === 'client'
        ? `the client asked for protocol version${v}, which is no MCP revision`
        : `${fold.server ?? 'the server'} answered initialize with protocol version${v}, which the client does not support${state.refused ? '; the client gave up' : ''}`;
    return {
      side: state.side ?? 'unknown',
      impact: state.refused || fold.okAnswers === 0 ? 'failed' : 'degraded',
      summary,
      evidence: state.evidence,
    };
  },
};
