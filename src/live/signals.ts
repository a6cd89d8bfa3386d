// Signals to wrap: passed on to the wrapped server, then SIGKILL when it does not stop; and the exit code wrap ends with.
import { constants } from 'node:os';
import { formatMs } from '../util/numbers.js';

/** Signals a host sends to stop a server; each is passed on to the child instead of ending mcptrace. */
const FORWARDED_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

/** `--kill-after`'s default: how long the server has to stop after the first signal before it is sent SIGKILL. */
export const DEFAULT_KILL_AFTER_MS = 5000;

interface Stopping {
  /** Sends a signal to the server (its process group). */
  signal(signal: NodeJS.Signals): void;
  /** The server is being sent SIGKILL, for this reason (one line for stderr). */
  killing(why: string): void;
  /** A signal came after the server had exited: stop waiting for what it left (its outputs). */
  late(): void;
}

interface Forwarding {
  /** The server has exited: a signal from now on, or the end of `killAfterMs`, calls `late`. */
  serverExited(): void;
  /** Removes the handlers (a signal then ends mcptrace the default way). */
  dispose(): void;
}

/**
 * The first SIGINT, SIGTERM or SIGHUP is passed on to the server, and mcptrace keeps running until it exits, so the
 * capture gets the exit and the host gets the server's exit code. A server that has not exited `killAfterMs` later, or
 * when a second signal comes, is sent SIGKILL: a host that asks twice, or waits, always gets wrap to end (as
 * `proxy`'s and `--follow`'s second signal end them). The same holds for what a server that did exit left holding its
 * outputs (`npm exec` dies of the signal at once, the server it ran may not): then `late` stops the wait for them.
 */
export function forwardSignals(to: Stopping, killAfterMs: number, proc: NodeJS.Process = process): Forwarding {
  let first: NodeJS.Signals | null = null;
  let exited = false;
  let timer: NodeJS.Timeout | undefined;
  const kill = (why: string) => {
    clearTimeout(timer);
    to.killing(why);
    to.signal('SIGKILL');
  };
  const onSignal = (signal: NodeJS.Signals) => {
    if (exited) to.late();
    else if (first === null) {
      first = signal;
      to.signal(signal);
      const why = `the server did not exit within ${formatMs(killAfterMs)} of ${signal} (--kill-after): sending it SIGKILL`;
      timer = setTimeout(() => (exited ? to.late() : kill(why)), killAfterMs);
    } else kill(`second signal (${signal}): sending the server SIGKILL`);
  };
  for (const signal of FORWARDED_SIGNALS) proc.on(signal, onSignal);
  return {
    serverExited() {
      exited = true;
    },
    dispose() {
      clearTimeout(timer);
      for (const signal of FORWARDED_SIGNALS) proc.off(signal, onSignal);
    },
  };
}

/** The child's exit as a shell reports it: its code, or 128 + the signal number when a signal ended it. */
export function exitCodeOf(code: number | null, signal: NodeJS.Signals | null): number {
  if (code !== null) return code;
  const n = signal === null ? undefined : (constants.signals as Record<string, number>)[signal];
  return n === undefined ? 1 : 128 + n;
}
