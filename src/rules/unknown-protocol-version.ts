// Rule unknown-protocol-version: an initialize request or result, or a modern request's envelope, whose protocol version is not a known revision.
import { MODERN_REVISIONS } from '../protocol/modern.js';
import { REVISIONS, revisionStatus } from '../protocol/revisions.js';
import { claimedVersion } from '../session/era.js';
import type { Severity } from '../types.js';
import type { Rule } from './types.js';
import { SPEC } from './spec-urls.js';

type Status = 'missing' | 'not-string' | 'unknown' | 'prerelease' | 'future' | 'modern' | 'legacy';

interface Data {
  /** `envelope`: a modern request's `_meta` protocolVersion. */
  side: 'client' | 'server' | 'envelope';
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

const what = (d: Data): string =>
  d.side === 'client'
    ? 'client requested protocol version'
    : d.side === 'server'
      ? 'server answered protocol version'
      : 'request claims protocol version';

/**
 * A modern request's claimed version (2026-07-28 basic/index.mdx §_meta: a string, required; an unsupported one is
 * answered -32022): a missing one is missing-envelope's, not this rule's.
 */
function judgeClaim(v: unknown): Data | undefined {
  if (typeof v !== 'string') return { side: 'envelope', status: 'not-string', value: JSON.stringify(v) ?? String(v) };
  const status = revisionStatus(v);
  if (status === 'modern') return undefined;
  return { side: 'envelope', status: status === 'supported' ? 'legacy' : status, value: JSON.stringify(v) };
}

export const unknownProtocolVersion: Rule<Data> = {
  meta: {
    id: 'unknown-protocol-version',
    severity: 'warning',
    summary: 'The protocolVersion of initialize or of its result is not a revision mcptrace knows.',
    specUrl: `${SPEC.lifecycle}#version-negotiation`,
    revisions: 'all',
  },
  message: (d) => {
    switch (d.status) {
      case 'missing':
        return d.side === 'client'
          ? 'initialize request has no params.protocolVersion'
          : 'initialize result has no protocolVersion';
      case 'not-string':
        return `${what(d)} ${d.value}: protocolVersion must be a revision string such as "${REVISIONS[REVISIONS.length - 1]}"`;
      case 'prerelease':
        return `${what(d)} ${d.value}, a pre-release string (accepted by the TypeScript SDK) under which no specification was published`;
      case 'future':
        return `${what(d)} ${d.value}, a published revision not yet supported by mcptrace`;
      case 'legacy':
        return `${what(d)} ${d.value}, a legacy revision, which is negotiated by initialize, never per request`;
      case 'modern':
        return `${what(d)} ${d.value}, a modern revision, which is negotiated per request (params._meta), never by initialize`;
      default:
        return d.side === 'envelope'
          ? `${what(d)} ${d.value}, which is not a known modern MCP revision (${MODERN_REVISIONS.join(', ')})`
          : `${what(d)} ${d.value}, which is not a known MCP revision (${REVISIONS.join(', ')})`;
    }
  },
  severityOf: (d, severity): Severity =>
    d.status === 'missing' || d.status === 'not-string'
      ? 'error'
      : d.status === 'unknown' || d.status === 'modern' || d.status === 'legacy'
        ? severity
        : 'info',
  on: { kinds: ['request', 'response'], body: true },
  check: ({ record, facts, session }) => {
    if (record.kind === 'request' && record.method !== 'initialize') {
      const v = claimedVersion(record.message);
      const found = v === undefined ? undefined : judgeClaim(v);
      return found ? [found] : undefined;
    }
    if (record.kind === 'request' && record.method === 'initialize') {
      const found = judge(obj(obj(record.message)?.params), 'client');
      return found ? [found] : undefined;
    }
    if (
      record.kind === 'response' &&
      facts.request?.method === 'initialize' &&
      facts.request.seq === session.initializeSeq
    ) {
      const found = judge(obj(obj(record.message)?.result), 'server');
      return found ? [found] : undefined;
    }
    return undefined;
  },
};
