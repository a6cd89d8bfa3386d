// A path of object keys as one string: names joined by dots (`tasks.requests.tools.call`), and a key that is not a
// plain name written as a JSON string in brackets, so that a key with a dot stays one key
// (`extensions["io.modelcontextprotocol/ui"]`, `params._meta["io.modelcontextprotocol/related-task"]`).

const NAME = /^[A-Za-z_$][\w$]*$/;

/** `path` with one more key (`path` '' for the first). */
export function joinKey(path: string, key: string): string {
  if (NAME.test(key)) return path === '' ? key : `${path}.${key}`;
  return `${path}[${JSON.stringify(key)}]`;
}

const BRACKETED = /\[("(?:[^"\\]|\\.)*")\]/y;

/** The bracketed key `["…"]` at `at`, and where it ends; null when none is there (or its string is not JSON's). */
function bracketed(path: string, at: number): { key: string; end: number } | null {
  BRACKETED.lastIndex = at;
  const m = BRACKETED.exec(path);
  if (!m) return null;
  try {
    return { key: JSON.parse(m[1]!) as string, end: at + m[0].length };
  } catch {
    return null;
  }
}

/**
 * The keys of a path written by `joinKey`; a dotted step may be any text without `.`, `[`, `]` (a pattern's `*`, `**`).
 * A malformed path keeps its empty steps (`tools.` is `tools` then ``), so that it names no key an object has.
 */
export function pathKeys(path: string): string[] {
  const out: string[] = [];
  let i = 0;
  for (;;) {
    const bracket = path[i] === '[' ? bracketed(path, i) : null;
    if (bracket) {
      out.push(bracket.key);
      i = bracket.end;
    } else {
      let end = i;
      while (end < path.length && path[end] !== '.' && path[end] !== '[') end++;
      // A stray `[` that opens no bracketed key is part of the step.
      if (end === i && path[end] === '[') end++;
      while (end < path.length && path[end] !== '.' && path[end] !== '[') end++;
      out.push(path.slice(i, end));
      i = end;
    }
    if (i >= path.length) return out;
    // A `.` ends a step; `[` opens the next; anything else after a bracketed key starts a step of its own.
    if (path[i] === '.') i++;
  }
}

/** Whether `path` is below `parent` (`elicitation.url` below `elicitation`, `extensions["a.b"]` below `extensions`). */
export function isBelow(path: string, parent: string): boolean {
  return (
    path.length > parent.length &&
    path.startsWith(parent) &&
    (path[parent.length] === '.' || path[parent.length] === '[')
  );
}
