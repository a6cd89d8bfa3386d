// The wrapped server's process group: a signal reaches every process the server started, and none outlives wrap.
import { spawn, type ChildProcess } from 'node:child_process';

/**
 * Whether the server gets a process group of its own (POSIX). On Windows there are none: the server alone is signalled,
 * as `child.kill` does, and nothing watches it.
 */
export const OWN_GROUP = process.platform !== 'win32';

/**
 * The watchdog, a shell beside the server (not between it and wrap, so the bytes and the exit status stay direct): it
 * waits for EOF on its stdin, a pipe whose only writer is wrap, and then kills the server's process group. That EOF comes
 * when wrap ends, however it ends, SIGKILL included, which no handler of wrap's sees. `read` is the shell's own: the
 * watchdog is one process, asleep.
 */
const WATCHDOG = 'while read -r _; do :; done; kill -s KILL -- "-$1" 2>/dev/null';

interface Server {
  readonly pid?: number;
  readonly exitCode: number | null;
  readonly signalCode: NodeJS.Signals | null;
  kill(signal: NodeJS.Signals): boolean;
}

/**
 * The server was started as the leader of a new process group (`detached`, see child.ts): a server run by `npx` or
 * `sh -c` is a chain of processes, and a signal to its first process alone leaves the one that serves running, orphaned.
 * A terminal's Ctrl-C no longer reaches the group by itself: wrap passes it on (signals.ts), once.
 */
export class ServerGroup {
  private readonly watchdog: ChildProcess | null;
  private ended = false;

  constructor(private readonly server: Server) {
    this.watchdog = OWN_GROUP && server.pid !== undefined ? startWatchdog(server.pid) : null;
  }

  /** Sends `signal` to every process of the server's group; to the server alone when it left its group (or on Windows). */
  signal(signal: NodeJS.Signals): void {
    if (OWN_GROUP && this.server.pid !== undefined) {
      try {
        process.kill(-this.server.pid, signal);
        return;
      } catch {
        // ESRCH: no process is left in the group (the server moved to a group of its own, or everything has exited)
      }
    }
    if (this.server.exitCode === null && this.server.signalCode === null) this.server.kill(signal);
  }

  /** wrap is done with the server: what is left of its group is killed, and the watchdog, its work done, ends. */
  end(): void {
    if (this.ended) return;
    this.ended = true;
    if (OWN_GROUP && this.server.pid !== undefined) {
      try {
        process.kill(-this.server.pid, 'SIGKILL');
      } catch {
        // nothing left
      }
    }
    this.watchdog?.stdin?.destroy();
  }
}

/**
 * In a session of its own, so that the signals a terminal sends to wrap's group (Ctrl-C, the hangup) leave it alone;
 * unreferenced, so that it never keeps wrap running. Without a shell to run it (ENOENT) there is no watchdog, and wrap
 * works as before.
 */
function startWatchdog(pid: number): ChildProcess | null {
  try {
    const watchdog = spawn('/bin/sh', ['-c', WATCHDOG, 'mcptrace-watchdog', String(pid)], {
      detached: true,
      stdio: ['pipe', 'ignore', 'ignore'],
    });
    watchdog.on('error', () => {});
    watchdog.stdin?.on('error', () => {});
    watchdog.unref();
    return watchdog;
  } catch {
    return null;
  }
}
