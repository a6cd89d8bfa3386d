// Rules about lifecycle and version negotiation.
import { initializeCancelled } from '../initialize-cancelled.js';
import { initializeInBatch } from '../initialize-in-batch.js';
import { initializeNotFirst } from '../initialize-not-first.js';
import { messageAfterShutdown } from '../message-after-shutdown.js';
import { missingInitialized } from '../missing-initialized.js';
import { requestBeforeInitializeResponse } from '../request-before-initialize-response.js';
import { serverRequestBeforeInitialized } from '../server-request-before-initialized.js';
import type { Rule } from '../types.js';
import { unknownProtocolVersion } from '../unknown-protocol-version.js';
import { versionMismatch } from '../version-mismatch.js';

export const LIFECYCLE_RULES: readonly Rule<any, any>[] = [
  initializeCancelled,
  initializeInBatch,
  initializeNotFirst,
  messageAfterShutdown,
  missingInitialized,
  requestBeforeInitializeResponse,
  serverRequestBeforeInitialized,
  unknownProtocolVersion,
  versionMismatch,
];
