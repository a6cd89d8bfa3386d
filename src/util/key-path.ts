// A path of object keys as one string: names joined by dots (`tasks.requests.tools.call`), and a key that is not a
// plain name written as a JSON string in brackets, so that a key with a dot stays one key
// (`extensions["io.modelcontextprotocol/ui"]`, `params._meta["io.modelcontextprotocol/related-task"]`).

const NAME = /^[A-Za-z_$][\w$]*$/;

/** `path` with one more key (`path` '' for the first). */
export function joinKey(path: string, key: string): string {
  if (NAME.test(key)) return path === '' ? key : `${path}.${key}`;
  return `${path}[${JSON.stringify(key)}]`;
}

const STEP = /\[("(?:[^"\\]|\\.)*")\]|([^.[\]]+)/g;

/** The keys of a path written by `joinKey`; a dotted step may be any text without `.`, `[`, `]` (a pattern's `*`, `**`). */
export function pathKeys(path: string): string[] {
  const out: string[] = [];
  for (const m of path.matchAll(STEP)) out.push(m[1] === undefined ? m[2]! : (JSON.parse(m[1]) as string));
  return out;
}

/** Whether `path` is below `parent` (`elicitation.url` below `elicitation`, `extensions["a.b"]` below `extensions`). */
export function isBelow(path: string, parent: string): boolean {
  return path.length > parent.length && path.startsWith(parent) && (path[parent.length] === '.' || path[parent.length] === '[');
}
