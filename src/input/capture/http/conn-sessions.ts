// The MCP session each HTTP connection carried last: for what is told about a connection, and a request naming none.
//
// HTTP keep-alive: the requests one connection carries come from one client, one after another, so a request that
// names no session (it lacks Mcp-Session-Id) is most likely the session's whose requests came before it there.

/** Connections whose session is kept at most: the least recently used go first (a HAR may name thousands). */
const KEPT = 4096;

export class ConnSessions {
  private readonly map = new Map<string, string>();

  /** The session the connection carried last, else null. */
  of(conn: string): string | null {
    return this.map.get(conn) ?? null;
  }

  /** The connection now carries `session`. */
  set(conn: string, session: string): void {
    this.map.delete(conn);
    this.map.set(conn, session);
    if (this.map.size > KEPT) this.map.delete(this.map.keys().next().value!);
  }

  /** The connection ended: forgotten. */
  forget(conn: string): void {
    this.map.delete(conn);
  }
}
