// Rule unadvertised-method: a modern request for a capability the server's discover result left out, served or answered wrong.
import { MODERN_REVISIONS } from '../protocol/modern.js';
import { isModernRecord, obj } from './support/modern.js';
import { MODERN_SPEC } from './spec-urls.js';
import type { Rule } from './types.js';

type Data =
  | { method: string; path: string; served: true }
  | { method: string; path: string; served: false; code: string };

/** JSON-RPC "Method not found": also the code for a method behind a capability the server did not advertise (schema.ts). */
const METHOD_NOT_FOUND = -32601;

export const unadvertisedMethod: Rule<Data> = {
  meta: {
    id: 'unadvertised-method',
    severity: 'info',
    summary: "A 2026-07-28 request for a method gated behind a capability the server's discover result left out.",
    specUrl: MODERN_SPEC.discover,
    revisions: MODERN_REVISIONS,
  },
  message: {
    by: 'served',
    templates: {
      true: "{method} served, though the server's server/discover result does not advertise {path}",
      false:
        '{method} needs {path}, which server/discover did not advertise, but was answered with {code} instead of -32601',
    },
  },
  severityOf: (d, severity) => (d.served ? severity : 'warning'),
  on: { kinds: ['response', 'error'] },
  check: ({ record, facts }) => {
    const p = facts.request;
    if ((record.kind !== 'response' && record.kind !== 'error') || !p || !isModernRecord(record)) return undefined;
    const cap = p.capability;
    if (cap?.side !== 'server' || cap.negotiated !== false) return undefined;
    if (record.kind === 'response') return [{ method: p.method, path: cap.path, served: true }];
    // An error whose body the log did not give whole has no code to judge.
    if (record.message === null) return undefined;
    const code = obj(obj(record.message)?.error)?.code;
    return code === METHOD_NOT_FOUND
      ? undefined
      : [{ method: p.method, path: cap.path, served: false, code: JSON.stringify(code) ?? 'no code' }];
  },
};
