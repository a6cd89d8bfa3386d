// Sessions of a host's log: one per server and launch, keyed `NAME`, then `NAME#2`, `NAME#3` … after each restart.
//
// A host's aggregate log interleaves servers, and each launch of a server starts its ids afresh: pairing must be per
// server and launch, so every record of a launch carries the launch's key as its session (Frame.session).

/** One launch of a server: its ordinal, and whether it was seen starting or holds a message yet. */
interface Launch {
  n: number;
  started: boolean;
  messages: boolean;
}

/** The current launch of each server named so far: one entry per server, so bounded by the servers, not the lines. */
export class Launches {
  private readonly current = new Map<string, Launch>();

  /** The session key of a server's current launch (null when no server is named yet). */
  key(server: string | undefined): string | null {
    if (server === undefined) return null;
    const launch = this.launch(server);
    return launch.n === 1 ? server : `${server}#${launch.n}`;
  }

  /**
   * The host launches a server: a new launch, unless the current one has neither started nor held a message yet (what
   * came before was that launch's stderr, read before its first host line).
   */
  start(server: string): void {
    const launch = this.launch(server);
    if (launch.started || launch.messages) {
      launch.n++;
      launch.messages = false;
    }
    launch.started = true;
  }

  /**
   * The server's current launch ended (its process exited, its session closed): what comes next is a new launch,
   * unless the current one has neither started nor held a message (nothing of it was read yet).
   */
  end(server: string): void {
    const launch = this.launch(server);
    if (launch.started || launch.messages) {
      launch.n++;
      launch.started = false;
      launch.messages = false;
    }
  }

  /** A message of the server's current launch was read. */
  message(server: string | undefined): void {
    if (server !== undefined) this.launch(server).messages = true;
  }

  private launch(server: string): Launch {
    let launch = this.current.get(server);
    if (launch === undefined) {
      launch = { n: 1, started: false, messages: false };
      this.current.set(server, launch);
    }
    return launch;
  }
}
