// Rule unknown-protocol-version: an initialize request or result whose protocolVersion is not a known revision.
import { REVISIONS, revisionStatus } from '../protocol/revisions.js';
import type { Severity } from '../types.js';
import type { Rule } from './types.js';
import { SPEC } from './spec-urls.js';

type Status = 'missing' | 'not-string' | 'unknown' | 'prerelease' | 'future';

interface Data {
  side: 'client' | 'server';
  status: Status;
  /** The value as sent (JSON text), when there is one. */
  value: string | null;
}

const obj = (v: unknown): Record<string, unknown> | null =>
  v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;

/** Where the version sits and what it says, or undefined when it is a supported revision. */
function judge(holder: Record<string, unknown> | null, side: Data['side']): Data | undefined {
  if (!holder || !Object.hasOwn(holder, 'protocolVersion')) return { side, status: 'missing', value: null };
  const v = holder.protocolVersion;
  if (typeof v !== 'string') return { side, status: 'not-string', value: JSON.stringify(v) ?? String(v) };
  const status = revisionStatus(v);
  return status === 'supported' ? undefined : { side, status, value: JSON.stringify(v) };
}

const what = (d: Data): string => (d.side === 'client' ? 'client requested protocol version' : 'server answered protocol version');

export const unknownProtocolVersion: Rule<Data> = {
  meta: {
    id: 'unknown-protocol-version',
    severity: 'warning',
    description:
      'The `protocolVersion` in the `initialize` request (the client\'s) or its result (the server\'s) is not a revision mcptrace knows: 2024-11-05, 2025-03-26, 2025-06-18 or 2025-11-25 (the client "MUST send a protocol version it supports", the server answers one it supports). A warning for an unknown string; info for the pre-release 2024-10-07 that the TypeScript SDK still accepts and for 2026-07-28, published but not yet supported by mcptrace; an error when `protocolVersion` is missing or not a string (it is required in both).',
    specUrl: `${SPEC.lifecycle}#version-negotiation`,
    revisions: 'all',
  },
  message: (d) => {
    switch (d.status) {
      case 'missing':
        return d.side === 'client' ? 'initialize request has no params.protocolVersion' : 'initialize result has no protocolVersion';
      case 'not-string':
        return `${what(d)} ${d.value}: protocolVersion must be a revision string such as "${REVISIONS[REVISIONS.length - 1]}"`;
      case 'prerelease':
        return `${what(d)} ${d.value}, a pre-release string (accepted by the TypeScript SDK) under which no specification was published`;
      case 'future':
        return `${what(d)} ${d.value}, a published revision not yet supported by mcptrace`;
      default:
        return `${what(d)} ${d.value}, which is not a known MCP revision (${REVISIONS.join(', ')})`;
    }
  },
  severityOf: (d, severity): Severity =>
    d.status === 'missing' || d.status === 'not-string' ? 'error' : d.status === 'unknown' ? severity : 'info',
  on: { kinds: ['request', 'response'], methods: ['initialize'], body: true },
  check: ({ record, facts, session }) => {
    if (record.kind === 'request' && record.method === 'initialize') {
      const found = judge(obj(obj(record.message)?.params), 'client');
      return found ? [found] : undefined;
    }
    if (record.kind === 'response' && facts.request?.method === 'initialize' && facts.request.seq === session.initializeSeq) {
      const found = judge(obj(obj(record.message)?.result), 'server');
      return found ? [found] : undefined;
    }
    return undefined;
  },
};
