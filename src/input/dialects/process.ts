// What a log tells of the process that wrote it: which side of the session it is (Marker `received`), and the
// server's name an initialize result gives (Dialect.serverInfo), for logs whose lines say neither; what it did to
// the messages it logged (Dialect.zeroId); and that it logs only what it received (Dialect.oneSide), or never some
// messages of its side (Dialect.unlogged).
import type { Direction, Frame, NotLogged } from '../../types.js';
import { utf8Length } from '../lines/frames.js';
import { dropZeroId } from './grammar.js';
import type { Owner } from './owner.js';
import type { Dialect, Marker } from './types.js';

/** What a process that logs only what it received leaves out: its own side, every message (Dialect.oneSide). */
const OWN_SIDE: Readonly<Record<'c2s' | 's2c', NotLogged>> = {
  c2s: { server: ['requests', 'answers', 'notifications'] },
  s2c: { client: ['requests', 'answers', 'notifications'] },
};

export class LoggingProcess {
  /** The side the process is, once a line or a message said it. */
  private role: 'server' | 'client' | null = null;

  constructor(private readonly d: Dialect) {}

  /**
   * A message read: a struct's zero id the process added left out (Dialect.zeroId), the side that sent it when its
   * marker said only that the process received it, and the server's name an initialize result gives (its session
   * from `owner`); and, when the process logs only what it received, that its own messages are not in the log.
   */
  seen(f: Frame, owner: Owner, marker: Marker): Frame {
    if (f.value !== undefined) this.read(f, owner, marker.dir === 'sent');
    if (this.d.oneSide === 'received' && f.dir !== 'unknown') f.notLogged = OWN_SIDE[f.dir];
    else if (this.d.unlogged !== undefined && this.role !== null) {
      const unlogged = this.d.unlogged[this.role];
      if (unlogged !== undefined) f.notLogged = unlogged;
    }
    return f;
  }

  /** A message the log gave as a value (not only as text): what the process did to it, who sent it, the server's name. */
  private read(f: Frame, owner: Owner, sent: boolean): void {
    if (dropZeroId(this.d, f.value)) f.bytes = utf8Length(JSON.stringify(f.value));
    if (f.dir === 'unknown') f.dir = this.side(f.value, sent);
    const name = f.server === undefined ? this.serverName(f.value) : undefined;
    if (name !== undefined) {
      f.server = name;
      f.session = owner.adopt(name);
    }
  }

  /** A host line's text: it may say which side the process is (Dialect.roles). */
  line(text: string): void {
    const roles = this.d.roles;
    if (this.role !== null || roles === undefined) return;
    if (roles.server.some((re) => re.test(text))) this.role = 'server';
    else if (roles.client.some((re) => re.test(text))) this.role = 'client';
  }

  /**
   * A marker's direction: as stated, or the side that sent what this process received (`received`) or sent (`sent`):
   * `unknown` until the side is known.
   */
  dir(mk: Marker): Direction {
    if (mk.dir !== 'received' && mk.dir !== 'sent') return mk.dir;
    if (this.role === null) return 'unknown';
    return (this.role === 'server') === (mk.dir === 'received') ? 'c2s' : 's2c';
  }

  /**
   * The direction of a message the process received (or `sent`) whose side was not known yet, from the message: only a
   * client receives a response (and only a server sends one), and `initialize` is received by a server (sent by a
   * client); anything else leaves it unknown.
   */
  private side(value: unknown, sent: boolean): Direction {
    const m = value as { method?: unknown } | null;
    if (this.d.roles === undefined || this.role !== null || m === null || typeof m !== 'object') return 'unknown';
    const answers = 'result' in m || 'error' in m;
    if (answers || m.method === 'initialize') this.role = answers !== sent ? 'client' : 'server';
    if (this.role === null) return 'unknown';
    return (this.role === 'server') !== sent ? 'c2s' : 's2c';
  }

  /** The server's name in an initialize result, when the dialect takes it from there (Dialect.serverInfo). */
  private serverName(value: unknown): string | undefined {
    if (this.d.serverInfo !== true) return undefined;
    const name = (value as { result?: { serverInfo?: { name?: unknown } } } | null)?.result?.serverInfo?.name;
    return typeof name === 'string' && name !== '' ? name : undefined;
  }
}
