// Rule root-uri-not-file: a roots/list result with a root whose uri is not a file:// URI.
import { ROOT_URI_PREFIX, isRootUri, specUrl } from '../protocol/index.js';
import type { Rule } from './types.js';

const shorten = (s: string): string => (s.length > 200 ? `${s.slice(0, 200)}…` : s);

export const rootUriNotFile: Rule<{ index: number; uri: string }> = {
  meta: {
    id: 'root-uri-not-file',
    severity: 'error',
    summary: 'A root in the result of roots/list has a uri that is not a file:// URI.',
    specUrl: `${specUrl('client/roots.mdx')}#root`,
    revisions: 'all',
  },
  message: `roots[{index}] has uri {uri}, not a ${ROOT_URI_PREFIX} URI`,
  on: { kinds: ['response'], methods: ['roots/list'], body: true },
  check: ({ record }) => {
    if (record.kind !== 'response' || record.method !== 'roots/list') return undefined;
    const roots = (record.message as { result?: { roots?: unknown } } | null)?.result?.roots;
    if (!Array.isArray(roots)) return undefined;
    const out: { index: number; uri: string }[] = [];
    roots.forEach((root: unknown, index) => {
      const uri = root !== null && typeof root === 'object' ? (root as { uri?: unknown }).uri : undefined;
      if (typeof uri === 'string' && !isRootUri(uri)) out.push({ index, uri: JSON.stringify(shorten(uri)) });
    });
    return out.length > 0 ? out : undefined;
  },
};
