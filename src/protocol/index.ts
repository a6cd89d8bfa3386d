// The protocol knowledge layer: tables (methods, capabilities, error codes, revisions) and their lookups.
export type {
  CapabilityFlag,
  CapabilityFlagType,
  CapabilityRequirement,
  CapabilityShape,
  ConditionalRequirement,
  ErrorCodeInfo,
  ErrorCodeOrigin,
  MethodDirection,
  MethodInfo,
  Revision,
} from './types.js';
export {
  BATCH_REVISIONS,
  DEFAULT_HTTP_REVISION,
  FUTURE_REVISIONS,
  LATEST_REVISION,
  PRERELEASE_REVISIONS,
  REVISIONS,
  allowsBatches,
  compareRevisions,
  isKnownRevision,
  revisionAtLeast,
  revisionStatus,
} from './revisions.js';
export type { RevisionStatus } from './revisions.js';
export { METHODS } from './methods.js';
export {
  BOOLEAN_FLAGS,
  CAPABILITY_SHAPES,
  capabilityFlag,
  capabilityFlagType,
  isDeclared,
  OPEN_CAPABILITY_LEVELS,
} from './capabilities.js';
export {
  ERROR_CODES,
  NOT_FOUND_ERRORS,
  NOT_FOUND_MESSAGE,
  errorCodeInfo,
  errorCodeName,
  notFoundCode,
} from './errors.js';
export type { NotFoundError } from './errors.js';
export { LOGGING_LEVELS, isLoggingLevel } from './logging.js';
export type { LoggingLevel } from './logging.js';
export { ROOT_URI_PREFIX, isRootUri } from './roots.js';
export { BLOCKING_METHODS, isBlockingMethod } from './timing.js';
export {
  TASK_START_STATUS,
  TASK_STATUSES,
  TASK_STATUS_CARRIERS,
  TASK_TRANSITIONS,
  isTaskStatus,
  isTerminalTaskStatus,
  taskStatusCanFollow,
  taskStatusCarrier,
} from './tasks.js';
export type { TaskStatus, TaskStatusCarrier } from './tasks.js';
export {
  inferDirection,
  isExperimentalMethod,
  methodInRevision,
  methodInfo,
  methodsOf,
  requiredCapabilities,
  requiredCapability,
  specUrl,
} from './lookup.js';
export type { ResolvedCapability } from './lookup.js';
export { PARAM_FEATURES, paramFeaturesUsed, type ParamFeature } from './features.js';
export {
  INPUT_REQUESTS,
  LEGACY_ONLY_METHODS,
  META,
  MODERN_ERRORS,
  MODERN_METHODS,
  MODERN_ONLY_METHODS,
  MODERN_REVISIONS,
  isModernVersion,
  modernMethod,
} from './modern.js';
export type { ModernMethod } from './modern.js';
