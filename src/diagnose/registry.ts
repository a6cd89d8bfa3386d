// The registry of causes, in rank order: a cause listed earlier is the more likely root when two are found, and it
// decides first (a later cause may read what an earlier one decided: spawn-failed rules out server-exited).
import { authFailed } from './causes/auth-failed.js';
import { capabilityMissing } from './causes/capability-missing.js';
import { connectionFailed } from './causes/connection-failed.js';
import { initializeTimeout } from './causes/initialize-timeout.js';
import { protocolErrors } from './causes/protocol-errors.js';
import { requestTimeout } from './causes/request-timeout.js';
import { restartLoopMeta } from './causes/restart-loop.js';
import { serverExited } from './causes/server-exited.js';
import { sessionExpired } from './causes/session-expired.js';
import { slow } from './causes/slow.js';
import { spawnFailed } from './causes/spawn-failed.js';
import { stdoutPollution } from './causes/stdout-pollution.js';
import { toolErrors } from './causes/tool-errors.js';
import { versionMismatch } from './causes/version-mismatch.js';
import type { Cause, CauseMeta } from './types.js';

export const CAUSES: readonly Cause<any>[] = [
  spawnFailed,
  versionMismatch,
  authFailed,
  sessionExpired,
  connectionFailed,
  serverExited,
  initializeTimeout,
  stdoutPollution,
  capabilityMissing,
  requestTimeout,
  protocolErrors,
  toolErrors,
  slow,
];

/** Every cause's metadata, restart-loop (decided across sessions) included, in rank order. */
export const CAUSE_METAS: readonly CauseMeta[] = [
  ...CAUSES.slice(0, 6).map((c) => c.meta),
  restartLoopMeta,
  ...CAUSES.slice(6).map((c) => c.meta),
];

const RANK = new Map(CAUSE_METAS.map((m, i) => [m.id, i]));

/** Rank position of a cause (unknown ids last). */
export function causeRank(id: string): number {
  return RANK.get(id) ?? CAUSE_METAS.length;
}
