// Starts the wrapped server with its stdio piped to us, and says clearly when it cannot start.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { OWN_GROUP } from './server-group.js';

export type ServerProcess = ChildProcessWithoutNullStreams;

/** Why a command could not start, in words (the errno code follows in parentheses). */
const REASONS: Record<string, string> = {
  ENOENT: 'command not found',
  EACCES: 'permission denied',
  ENOEXEC: 'not an executable',
  ENOTDIR: 'a path component is not a directory',
  EISDIR: 'is a directory',
  E2BIG: 'argument list too long',
  EMFILE: 'too many open files',
  EAGAIN: 'out of processes',
};

export class StartError extends Error {}

/**
 * Spawns `command` (no shell: arguments reach the server exactly as given) with the environment inherited.
 * stderr is piped too, and copied to ours by the caller, rather than inherited: a child that inherits our
 * fd 2 gets it switched to blocking mode (libuv clears O_NONBLOCK in the child, and the flag belongs to the
 * shared open file), after which every write of ours to a stderr nobody reads would stall the proxy.
 * On POSIX the server leads a process group of its own (`detached`: a new session), so that wrap can signal every
 * process it starts (server-group.ts).
 * Resolves once the process exists; rejects with a StartError with one readable line when it cannot.
 */
export function startServer(command: readonly string[]): Promise<ServerProcess> {
  const [file, ...args] = command;
  return new Promise((resolve, reject) => {
    let child: ServerProcess;
    try {
      child = spawn(file, args, { stdio: ['pipe', 'pipe', 'pipe'], detached: OWN_GROUP });
    } catch (err) {
      reject(new StartError(`cannot start ${file}: ${(err as Error).message}`));
      return;
    }
    const onError = (err: NodeJS.ErrnoException) => {
      const code = err.code ?? '';
      const reason = REASONS[code] ?? err.message;
      reject(new StartError(`cannot start ${file}: ${reason}${code && reason !== err.message ? ` (${code})` : ''}`));
    };
    child.once('error', onError);
    child.once('spawn', () => {
      child.off('error', onError);
      resolve(child);
    });
  });
}
