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

function at(obj: unknown, path: string): unknown {
  let v: unknown = obj;
  for (const k of path.split('.')) {
    if (v === null || typeof v !== 'object' || !Object.hasOwn(v, k)) return undefined;
    v = (v as Record<string, unknown>)[k];
  }
  return v;
}

/** `echo`, `demo://x 3/10` …; '' when the method has no subject or the params lack it. Not escaped. */
export function subjectOf(method: string | null, message: unknown): string {
  // An own-key lookup: a method named `constructor` or `__proto__` must not find Object.prototype's members.
  const paths = method === null || !Object.hasOwn(SUBJECT_PARAMS, method) ? undefined : SUBJECT_PARAMS[method];
  if (!paths) return '';
  const params = at(message, 'params');
  let out = '';
  for (const spec of paths) {
    const glued = spec.startsWith('/');
    const eq = spec.indexOf('=');
    const label = eq > 0 ? spec.slice(0, eq + 1) : '';
    const path = glued ? spec.slice(1) : spec.slice(eq + 1);
    const v = at(params, path);
    if (typeof v !== 'string' && typeof v !== 'number' && typeof v !== 'boolean') continue;
    out += glued ? `/${v}` : `${out === '' ? '' : ' '}${label}${v}`;
  }
  return out;
}
