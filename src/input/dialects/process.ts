// What a log tells of the process that wrote it: which side of the session it is (Marker `received`), and the
// server's name an initialize result gives (Dialect.serverInfo), for logs whose lines say neither.
import type { Direction } from '../../types.js';
import type { Dialect, Marker } from './types.js';

export class LoggingProcess {
  /** The side the process is, once a line or a message said it. */
  private role: 'server' | 'client' | null = null;

  constructor(private readonly d: Dialect) {}

  /** A host line's text: it may say which side the process is (Dialect.roles). */
  line(text: string): void {
    const roles = this.d.roles;
    if (this.role !== null || roles === undefined) return;
    if (roles.server.some((re) => re.test(text))) this.role = 'server';
    else if (roles.client.some((re) => re.test(text))) this.role = 'client';
  }

  /** A marker's direction: as stated, or the side that sent what this process received (`unknown` until known). */
  dir(mk: Marker): Direction {
    if (mk.dir !== 'received') return mk.dir;
    return this.role === 'server' ? 'c2s' : this.role === 'client' ? 's2c' : 'unknown';
  }

  /**
   * The direction of a received message whose sender was not known yet, from the message: only a client receives a
   * response, and `initialize` is received by a server; anything else leaves it unknown.
   */
  received(value: unknown): Direction {
    const m = value as { method?: unknown } | null;
    if (this.d.roles === undefined || this.role !== null || m === null || typeof m !== 'object') return 'unknown';
    if ('result' in m || 'error' in m) this.role = 'client';
    else if (m.method === 'initialize') this.role = 'server';
    return this.role === 'client' ? 's2c' : this.role === 'server' ? 'c2s' : 'unknown';
  }

  /** The server's name in an initialize result, when the dialect takes it from there (Dialect.serverInfo). */
  serverName(value: unknown): string | undefined {
    if (this.d.serverInfo !== true) return undefined;
    const name = (value as { result?: { serverInfo?: { name?: unknown } } } | null)?.result?.serverInfo?.name;
    return typeof name === 'string' && name !== '' ? name : undefined;
  }
}
