// The header fields the HTTP proxy passes on: all but the hop-by-hop ones, as received (names, order, repeats); Host set to the target's.

/**
 * Fields that belong to one connection, not to the message (RFC 9110 §7.6.1): `Connection` and the fields it names
 * are removed by an intermediary, and so are the hop-by-hop fields known without being named there. Node frames each
 * side's messages itself (its own `Connection`, `Keep-Alive`, `Transfer-Encoding`).
 */
const HOP_BY_HOP: ReadonlySet<string> = new Set([
  'connection',
  'proxy-connection',
  'keep-alive',
  'te',
  'transfer-encoding',
  'upgrade',
]);

/** Raw headers as node gives them (`IncomingMessage.rawHeaders`): `[name, value, name, value …]`. */
type RawHeaders = readonly string[];

/** Names (lower case) the `Connection` fields of a message list, besides the fixed hop-by-hop set. */
function connectionOptions(raw: RawHeaders): Set<string> {
  const named = new Set<string>();
  for (let i = 0; i + 1 < raw.length; i += 2) {
    if (raw[i]!.toLowerCase() !== 'connection') continue;
    for (const token of raw[i + 1]!.split(',')) {
      const t = token.trim().toLowerCase();
      if (t !== '') named.add(t);
    }
  }
  return named;
}

/** The end-to-end fields of a message, in order, names spelled as received. */
function endToEnd(raw: RawHeaders): string[] {
  const named = connectionOptions(raw);
  const out: string[] = [];
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const name = raw[i]!.toLowerCase();
    if (HOP_BY_HOP.has(name) || named.has(name)) continue;
    out.push(raw[i]!, raw[i + 1]!);
  }
  return out;
}

/**
 * A request's fields as sent on to the target. `Host` becomes the target's (`host[:port]`), as a reverse proxy sets
 * it: the target is what the client means to reach, and a server that checks `Host` (DNS rebinding protection, the
 * SDK's `allowedHosts`) must see its own name; the client's value is kept in `X-Forwarded-Host`, unless the client
 * sent one. A body the client sent chunked is sent on chunked (node then frames it; without a length it would send
 * none). Nothing else changes: `Authorization`, cookies, `Mcp-Session-Id`, `Origin` pass as they came.
 */
export function requestHeaders(raw: RawHeaders, targetHost: string): string[] {
  const out = endToEnd(raw);
  let host: string | null = null;
  let forwardedHost = false;
  for (let i = 0; i < out.length; i += 2) {
    const name = out[i]!.toLowerCase();
    if (name === 'host' && host === null) {
      host = out[i + 1]!;
      out[i + 1] = targetHost;
    } else if (name === 'x-forwarded-host') forwardedHost = true;
  }
  if (host === null) out.unshift('Host', targetHost);
  else if (!forwardedHost) out.push('X-Forwarded-Host', host);
  if (chunked(raw)) out.push('Transfer-Encoding', 'chunked');
  return out;
}

/** A response's fields as sent on to the client: all but the hop-by-hop ones. */
export function responseHeaders(raw: RawHeaders): string[] {
  return endToEnd(raw);
}

/** Whether the message's body came chunked (a `Transfer-Encoding`, which in HTTP/1.1 always ends with chunked). */
function chunked(raw: RawHeaders): boolean {
  for (let i = 0; i + 1 < raw.length; i += 2) if (raw[i]!.toLowerCase() === 'transfer-encoding') return true;
  return false;
}
