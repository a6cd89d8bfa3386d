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
  /** Who says it: `client requested protocol version` … */
  what: string;
  /** The message's template: the status, told apart by side where the words differ. */
  form: string;
}

const WHAT: Readonly<Record<Data['side'], string>> = {
  client: 'client requested protocol version',
  server: 'server answered protocol version',
  envelope: 'request claims protocol version',
};

function datum(side: Data['side'], status: Status, value: string | null): Data {
  const form =
    status === 'missing'
      ? side === 'client'
        ? 'missing-client'
        : 'missing-server'
      : status === 'unknown' && side === 'envelope'
        ? 'unknown-modern'
        : status;
  return { side, status, value, what: WHAT[side], form };
}

const obj = (v: unknown): Record<string, unknown> | null =>
  v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;

/** Where the version sits and what it says, or undefined when it is a supported revision. */
function judge(holder: Record<string, unknown> | null, side: Data['side']): Data | undefined {
  if (!holder || !Object.hasOwn(holder, 'protocolVersion')) return datum(side, 'missing', null);
  const v = holder.protocolVersion;
  if (typeof v !== 'string') return datum(side, 'not-string', JSON.stringify(v) ?? String(v));
  const status = revisionStatus(v);
  return status === 'supported' ? undefined : datum(side, status, JSON.stringify(v));
}

/**
 * A modern request's claimed version (2026-07-28 basic/index.mdx §_meta: a string, required; an unsupported one is
 * answered -32022): a missing one is missing-envelope's, not this rule's.
 */
function judgeClaim(v: unknown): Data | undefined {
  if (typeof v !== 'string') return datum('envelope', 'not-string', JSON.stringify(v) ?? String(v));
  const status = revisionStatus(v);
  if (status === 'modern') return undefined;
  return datum('envelope', status === 'supported' ? 'legacy' : status, JSON.stringify(v));
}

export const unknownProtocolVersion: Rule<Data> = {
  meta: {
    id: 'unknown-protocol-version',
    severity: 'warning',
    summary: 'The protocolVersion of initialize or of its result is not a revision mcptrace knows.',
    specUrl: `${SPEC.lifecycle}#version-negotiation`,
    revisions: 'all',
  },
  message: {
    by: 'form',
    templates: {
      'missing-client': 'initialize request has no params.protocolVersion',
      'missing-server': 'initialize result has no protocolVersion',
      'not-string': `{what} {value}: protocolVersion must be a revision string such as "${REVISIONS[REVISIONS.length - 1]}"`,
      prerelease:
        '{what} {value}, a pre-release string (accepted by the TypeScript SDK) under which no specification was published',
      future: '{what} {value}, a published revision not yet supported by mcptrace',
      legacy: '{what} {value}, a legacy revision, which is negotiated by initialize, never per request',
      modern: '{what} {value}, a modern revision, which is negotiated per request (params._meta), never by initialize',
      'unknown-modern': `{what} {value}, which is not a known modern MCP revision (${MODERN_REVISIONS.join(', ')})`,
      unknown: `{what} {value}, which is not a known MCP revision (${REVISIONS.join(', ')})`,
    },
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
