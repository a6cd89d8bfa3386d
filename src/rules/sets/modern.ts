// Rules of the 2026-07-28 ("modern") revision: the per-request envelope, results, MRTR, caching, subscriptions.
import { invalidInputRequired } from '../invalid-input-required.js';
import { legacyMethodInModern } from '../legacy-method-in-modern.js';
import { missingCacheHints } from '../missing-cache-hints.js';
import { missingRequestMeta } from '../missing-request-meta.js';
import { missingResultType } from '../missing-result-type.js';
import { modernServerRequest } from '../modern-server-request.js';
import { mrtrRetryMismatch } from '../mrtr-retry-mismatch.js';
import { subscriptionNotification } from '../subscription-notification.js';
import { undeclaredInputCapability } from '../undeclared-input-capability.js';
import { unsupportedVersionData } from '../unsupported-version-data.js';
import type { Rule } from '../types.js';

export const MODERN_RULES: readonly Rule<any, any>[] = [
  invalidInputRequired,
  legacyMethodInModern,
  missingCacheHints,
  missingRequestMeta,
  missingResultType,
  modernServerRequest,
  mrtrRetryMismatch,
  subscriptionNotification,
  undeclaredInputCapability,
  unsupportedVersionData,
];
