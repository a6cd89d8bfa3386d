// Whose a dialect log's records are: the server a host line names, else the one named last (a channel names it once;
// stderr and chatter after it are that server's), and the session: the transport session a line named
// (Dialect.names), else the server's current launch (launches.ts).
import { Launches } from './launches.js';

export class Owner {
  /** The server the last host line named. */
  private server: string | undefined;
  /** The transport session the last line that named one named, until a session starts or ends. */
  private session: string | undefined;
  /** The process the last host line that named one named (grammar group `launch`). */
  private process: string | undefined;
  private readonly launches = new Launches();

  /** The server named last: a line without a name of its own is its. */
  get current(): string | undefined {
    return this.server;
  }

  /** A host line written by `process` (undefined: it does not say): another process forgets the server named so far. */
  writtenBy(process: string | undefined): void {
    if (process !== undefined && process !== this.process) {
      this.process = process;
      this.server = undefined;
    }
  }

  /**
   * A line that names `server` (undefined: none): the server it is about. `perLine` (Dialect.servers `line`): a line
   * that names none is about none, nor are the lines after it that have no name of their own.
   */
  line(server: string | undefined, perLine = false): string | undefined {
    if (server !== undefined || perLine) this.server = server;
    return this.server;
  }

  /** A line names the transport session (undefined: it names none). */
  names(session: string | undefined): void {
    if (session !== undefined) this.session = session;
  }

  /** The server is launched anew, by `process` when the log names it (launches.ts); a session named ends. */
  start(server: string | undefined, process: string | undefined): void {
    this.session = undefined;
    if (server !== undefined) this.launches.start(server, process);
  }

  /** The server's launch or session ends here. */
  end(server: string | undefined): void {
    this.session = undefined;
    if (server !== undefined) this.launches.end(server);
  }

  /** A message of the server's current launch was read. */
  message(server: string | undefined): void {
    this.launches.message(server);
  }

  /** A message named its server (an initialize result's serverInfo): it is the server from here; its session key. */
  adopt(server: string): string | null {
    this.server = server;
    this.launches.message(server);
    return this.key(server);
  }

  /** The session of a record of `server`: the transport session last named, else the server's current launch. */
  key(server: string | undefined): string | null {
    return this.session ?? this.launches.key(server);
  }
}
