// Rules of the 2026-07-28 ("modern") revision: the per-request envelope, results, MRTR, caching, subscriptions.
import { cancelledOverHttp } from '../cancelled-over-http.js';
import { invalidInputRequired } from '../invalid-input-required.js';
import { legacyMethodInModern } from '../legacy-method-in-modern.js';
import { missingCacheHints } from '../missing-cache-hints.js';
import { missingClientInfo } from '../missing-client-info.js';
import { missingRequiredCapabilities } from '../missing-required-capabilities.js';
import { missingRequestMeta } from '../missing-request-meta.js';
import { missingResultType } from '../missing-result-type.js';
import { missingServerInfo } from '../missing-server-info.js';
import { modernServerRequest } from '../modern-server-request.js';
import { mrtrRetryMismatch } from '../mrtr-retry-mismatch.js';
import { subscriptionNotification } from '../subscription-notification.js';
import { unadvertisedMethod } from '../unadvertised-method.js';
import { undeclaredInputCapability } from '../undeclared-input-capability.js';
import { unrequestedLogMessage } from '../unrequested-log-message.js';
import { unsupportedVersionData } from '../unsupported-version-data.js';
import type { Rule } from '../types.js';
// spec-2026-07-28 §6 rules 19–22 (MRTR, caching, error codes).
import { cacheScopeMismatch } from '../cache-scope-mismatch.js';
import { incompleteInputResponses } from '../incomplete-input-responses.js';
import { inputRequiredCacheHints } from '../input-required-cache-hints.js';
import { reservedErrorCode } from '../reserved-error-code.js';

export const MODERN_RULES: readonly Rule<any, any>[] = [
  cancelledOverHttp,
  invalidInputRequired,
  legacyMethodInModern,
  missingCacheHints,
  missingClientInfo,
  missingRequestMeta,
  missingRequiredCapabilities,
  missingResultType,
  missingServerInfo,
  modernServerRequest,
  mrtrRetryMismatch,
  subscriptionNotification,
  unadvertisedMethod,
  undeclaredInputCapability,
  unrequestedLogMessage,
  unsupportedVersionData,
  cacheScopeMismatch,
  incompleteInputResponses,
  inputRequiredCacheHints,
  reservedErrorCode,
];
