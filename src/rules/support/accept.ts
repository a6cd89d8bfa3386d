// The media types an HTTP Accept header lists (RFC 9110 §12.5.1): its media ranges, less those it refuses (q=0).
//
// MCP asks the client to list `application/json` and `text/event-stream` by name (basic/transports.mdx), so a wildcard
// (`*/*`, `text/*`) is kept as written and lists neither.

/** The media ranges of `accept`, lower case and without parameters; an empty set for no header. */
export function listedTypes(accept: string | null): Set<string> {
  const out = new Set<string>();
  if (accept === null) return out;
  for (const range of accept.split(',')) {
    const [type, ...params] = range.split(';');
    const t = type!.trim().toLowerCase();
    if (t === '') continue;
    // "q=0" means "not acceptable" (RFC 9110 §12.4.2): the range is listed only to be refused.
    const q = params.map((p) => p.trim().toLowerCase()).find((p) => p.startsWith('q='));
    if (q !== undefined && Number(q.slice(2)) === 0) continue;
    out.add(t);
  }
  return out;
}
