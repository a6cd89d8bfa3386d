// Signal forwarding to the wrapped server, and the exit code wrap ends with.
import { constants } from 'node:os';

/** Signals a host sends to stop a server; each is passed on to the child instead of ending mcptrace. */
const FORWARDED_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

/**
 * Passes SIGINT, SIGTERM and SIGHUP on to the child. mcptrace itself keeps running until the child exits,
 * so the capture gets the exit and the host gets the child's exit code. Returns the function that removes
 * the handlers (after the child exited, a signal ends mcptrace the default way).
 */
export function forwardSignals(kill: (signal: NodeJS.Signals) => void, proc: NodeJS.Process = process): () => void {
  const handlers = FORWARDED_SIGNALS.map((signal) => {
    const handler = () => kill(signal);
    proc.on(signal, handler);
    return [signal, handler] as const;
  });
  return () => {
    for (const [signal, handler] of handlers) proc.off(signal, handler);
  };
}

/** The child's exit as a shell reports it: its code, or 128 + the signal number when a signal ended it. */
export function exitCodeOf(code: number | null, signal: NodeJS.Signals | null): number {
  if (code !== null) return code;
  const n = signal === null ? undefined : (constants.signals as Record<string, number>)[signal];
  return n === undefined ? 1 : 128 + n;
}
