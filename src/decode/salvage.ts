// What survives of a JSON-RPC message the log cut in the middle: kind, id and method from its head and tail.
//
// A host that cuts long bodies (`{"jsonrpc":"2.0","id":7,"method":"tools/call",...[1234 chars truncated]...,"id":7}`)
// keeps the message's start and end. Only the members of the top-level object count: a nested object (a tool's
// schema, a resource) has keys of its own (`id`, `method`, `error`) that say nothing of the message. The head is read
// forwards from its `{`, the tail backwards from its last `}`; each stops where the text was cut.

/** What the surviving text tells of the message; `kind` null when neither end shows `method`, `result` or `error`. */
interface Salvaged {
  kind: 'request' | 'response' | 'error' | 'notification' | null;
  id: string | number | null;
  method: string | null;
}

/** A top-level member read from one end: its key and, for a string or number value, the value (else undefined). */
type Members = Map<string, string | number | undefined>;

/** Kind, id and method of a cut message from its surviving `head` and `tail` ('' when nothing of an end survives). */
export function salvage(head: string, tail: string): Salvaged {
  const members = headMembers(head);
  for (const [k, v] of tailMembers(tail)) if (!members.has(k) || members.get(k) === undefined) members.set(k, v);
  const method = members.get('method');
  const rawId = members.get('id');
  const id = rawId === undefined ? null : rawId;
  if (typeof method === 'string') return { kind: members.has('id') ? 'request' : 'notification', id, method };
  if (members.has('error')) return { kind: 'error', id, method: null };
  if (members.has('result')) return { kind: 'response', id, method: null };
  return { kind: null, id, method: null };
}

const isSpace = (c: number): boolean => c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d;

/** The end of the JSON string starting at `i` (its opening quote) plus one, or -1 when the text ends inside it. */
function stringEnd(s: string, i: number): number {
  for (let j = i + 1; j < s.length; j++) {
    const c = s.charCodeAt(j);
    if (c === 0x5c /* \ */) j++;
    else if (c === 0x22 /* " */) return j + 1;
  }
  return -1;
}

/** A scalar read at its start: a JSON string, or a number; undefined for anything else. */
function scalar(text: string): string | number | undefined {
  if (text.charCodeAt(0) === 0x22) {
    try {
      const v: unknown = JSON.parse(text);
      return typeof v === 'string' ? v : undefined;
    } catch {
      return undefined;
    }
  }
  const n = Number(text);
  return text !== '' && Number.isFinite(n) && /^-?\d/.test(text) ? n : undefined;
}

/** Top-level members of the head, in order, up to the cut: the last member is kept only when its value is complete. */
function headMembers(head: string): Members {
  const out: Members = new Map();
  let i = 0;
  while (i < head.length && isSpace(head.charCodeAt(i))) i++;
  if (head.charCodeAt(i) !== 0x7b /* { */) return out;
  i++;
  for (;;) {
    while (i < head.length && (isSpace(head.charCodeAt(i)) || head.charCodeAt(i) === 0x2c)) i++;
    if (head.charCodeAt(i) !== 0x22) return out;
    const keyEnd = stringEnd(head, i);
    if (keyEnd < 0) return out;
    const key = scalar(head.slice(i, keyEnd));
    i = keyEnd;
    while (i < head.length && isSpace(head.charCodeAt(i))) i++;
    if (head.charCodeAt(i) !== 0x3a /* : */ || typeof key !== 'string') return out;
    i++;
    while (i < head.length && isSpace(head.charCodeAt(i))) i++;
    const end = valueEnd(head, i);
    // A value the cut went through: its key is known (an `error` or `result` is still that), its value is not.
    if (end < 0) {
      if (i < head.length) out.set(key, undefined);
      return out;
    }
    out.set(key, scalar(head.slice(i, end)));
    i = end;
  }
}

/** The end of the JSON value starting at `i`, or -1 when the text ends inside it. */
function valueEnd(s: string, i: number): number {
  const c = s.charCodeAt(i);
  if (c === 0x22) return stringEnd(s, i);
  if (c === 0x7b || c === 0x5b) {
    let depth = 0;
    for (let j = i; j < s.length; j++) {
      const d = s.charCodeAt(j);
      if (d === 0x22) {
        j = stringEnd(s, j) - 1;
        if (j < 0) return -1;
      } else if (d === 0x7b || d === 0x5b) depth++;
      else if (d === 0x7d || d === 0x5d) {
        if (--depth === 0) return j + 1;
      }
    }
    return -1;
  }
  let j = i;
  while (j < s.length) {
    const d = s.charCodeAt(j);
    if (d === 0x2c || d === 0x7d || d === 0x5d || isSpace(d)) break;
    j++;
  }
  // A number or literal running to the end of the head may go on past the cut.
  return j === s.length ? -1 : j;
}

/**
 * Top-level members of the tail, read backwards from the object's closing `}` until the cut: a member counts when
 * its key survives. Strings are recognised from their closing quote (a quote preceded by an even run of
 * backslashes), which is sound reading backwards from outside any string.
 */
function tailMembers(tail: string): Members {
  const out: Members = new Map();
  let i = tail.length - 1;
  while (i >= 0 && isSpace(tail.charCodeAt(i))) i--;
  if (i < 0 || tail.charCodeAt(i) !== 0x7d /* } */) return out;
  i--;
  for (;;) {
    while (i >= 0 && isSpace(tail.charCodeAt(i))) i--;
    if (i < 0) return out;
    // The value ends at i; find its start.
    const valueStart = valueStartBack(tail, i);
    if (valueStart < 0) return out;
    const value = tail.slice(valueStart, i + 1);
    i = valueStart - 1;
    while (i >= 0 && isSpace(tail.charCodeAt(i))) i--;
    if (i < 0 || tail.charCodeAt(i) !== 0x3a /* : */) return out;
    i--;
    while (i >= 0 && isSpace(tail.charCodeAt(i))) i--;
    if (i < 0 || tail.charCodeAt(i) !== 0x22) return out;
    const keyStart = stringStartBack(tail, i);
    if (keyStart < 0) return out;
    const key = scalar(tail.slice(keyStart, i + 1));
    if (typeof key !== 'string') return out;
    if (!out.has(key)) out.set(key, scalar(value));
    i = keyStart - 1;
    while (i >= 0 && isSpace(tail.charCodeAt(i))) i--;
    if (i < 0 || tail.charCodeAt(i) !== 0x2c /* , */) return out;
    i--;
  }
}

/** Whether the quote at `j` closes (or opens) a string: it is not escaped by an odd run of backslashes before it. */
function unescapedQuote(s: string, j: number): boolean {
  let n = 0;
  for (let k = j - 1; k >= 0 && s.charCodeAt(k) === 0x5c; k--) n++;
  return n % 2 === 0;
}

/** The opening quote of the string whose closing quote is at `end`, or -1 when the cut is inside it. */
function stringStartBack(s: string, end: number): number {
  for (let j = end - 1; j >= 0; j--) if (s.charCodeAt(j) === 0x22 && unescapedQuote(s, j)) return j;
  return -1;
}

/** The start of the JSON value ending at `end`, or -1 when the cut is inside it. */
function valueStartBack(s: string, end: number): number {
  const c = s.charCodeAt(end);
  if (c === 0x22) return stringStartBack(s, end);
  if (c === 0x7d || c === 0x5d) {
    let depth = 0;
    for (let j = end; j >= 0; j--) {
      const d = s.charCodeAt(j);
      if (d === 0x22 && unescapedQuote(s, j)) {
        j = stringStartBack(s, j);
        if (j < 0) return -1;
      } else if (d === 0x7d || d === 0x5d) depth++;
      else if (d === 0x7b || d === 0x5b) {
        if (--depth === 0) return j;
      }
    }
    return -1;
  }
  let j = end;
  while (j >= 0) {
    const d = s.charCodeAt(j);
    if (d === 0x2c || d === 0x3a || d === 0x7b || d === 0x5b || isSpace(d)) break;
    j--;
  }
  return j < 0 ? -1 : j + 1;
}
