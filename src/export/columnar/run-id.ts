// The id of one export run: what makes its part files' names and its sessions' `session_uid` unique across runs.
import { randomBytes } from 'node:crypto';

/**
 * `20261201T191500Z-9f3a1c2e`: the run's start (UTC, to the second, so that ids sort by time) and 32 random bits, so
 * that runs started in the same second on different machines of a fleet still differ. Safe in a file name.
 */
export function newRunId(now = new Date()): string {
  const stamp = now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
  return `${stamp}-${randomBytes(4).toString('hex')}`;
}

/** A session's identifier across every run of a dataset: the run id, a slash, the session key (unique within a run). */
export function sessionUid(runId: string, session: string): string {
  return `${runId}/${session}`;
}

/** What a given run id may be: a file name's safe characters (it is part of the part files' names), 1 to 64 of them. */
export const RUN_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;
