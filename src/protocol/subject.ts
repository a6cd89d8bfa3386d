// The one parameter that says what a request or notification is about, for the transcript (tool name, uri …).

/**
 * Per method, the params paths shown after the capability column, joined by a space. A path may carry
 * a label (`token=progressToken`) or a separator to the previous value (`/total` prints `3/4`).
 */
const SUBJECT_PARAMS: Readonly<Record<string, readonly string[]>> = {
  'tools/call': ['name'],
  'prompts/get': ['name'],
  'resources/read': ['uri'],
  'resources/subscribe': ['uri'],
  'resources/unsubscribe': ['uri'],
  'notifications/resources/updated': ['uri'],
  'completion/complete': ['ref.name', 'ref.uri', 'argument.name'],
  'logging/setLevel': ['level'],
  'notifications/message': ['level', 'logger'],
  'notifications/progress': ['token=progressToken', 'progress', '/total'],
  'notifications/cancelled': ['request=requestId', 'reason'],
  'elicitation/create': ['mode'],
  'tasks/get': ['taskId'],
  'tasks/result': ['taskId'],
  'tasks/cancel': ['taskId'],
  'notifications/tasks/status': ['taskId', 'status'],
  initialize: ['protocolVersion', 'clientInfo.name'],
};

/** One path of `SUBJECT_PARAMS`, parsed once. */
interface Part {
  keys: readonly string[];
  /** `token=` …, or ''. */
  label: string;
  /** Printed right after the previous value (`/total`). */
  glued: boolean;
}

const PARTS: ReadonlyMap<string, readonly Part[]> = new Map(
  Object.entries(SUBJECT_PARAMS).map(([method, specs]) => [
    method,
    specs.map((spec) => {
      const glued = spec.startsWith('/');
      const eq = spec.indexOf('=');
      return {
        glued,
        label: eq > 0 ? spec.slice(0, eq + 1) : '',
        keys: (glued ? spec.slice(1) : spec.slice(eq + 1)).split('.'),
      };
    }),
  ]),
);

function at(obj: unknown, keys: readonly string[]): unknown {
  let v: unknown = obj;
  for (const k of keys) {
    if (v === null || typeof v !== 'object' || !Object.hasOwn(v, k)) return undefined;
    v = (v as Record<string, unknown>)[k];
  }
  return v;
}

const PARAMS = ['params'];

/** `echo`, `demo://x 3/10` …; '' when the method has no subject or the params lack it. Not escaped. */
export function subjectOf(method: string | null, message: unknown): string {
  // A Map lookup: a method named `constructor` or `__proto__` finds nothing.
  const parts = method === null ? undefined : PARTS.get(method);
  if (!parts) return '';
  const params = at(message, PARAMS);
  let out = '';
  for (const part of parts) {
    const v = at(params, part.keys);
    if (typeof v !== 'string' && typeof v !== 'number' && typeof v !== 'boolean') continue;
    out += part.glued ? `/${v}` : `${out === '' ? '' : ' '}${part.label}${v}`;
  }
  return out;
}
