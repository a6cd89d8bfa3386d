// Rules about message content: schemas, log levels, roots, error codes, latency.
import { invalidLogLevel } from '../invalid-log-level.js';
import { resourceNotFoundCode } from '../resource-not-found-code.js';
import { rootUriNotFile } from '../root-uri-not-file.js';
import { slowResponse } from '../slow-response.js';
import type { Rule } from '../types.js';

export const CONTENT_RULES: readonly Rule<any, any>[] = [
  invalidLogLevel,
  resourceNotFoundCode,
  rootUriNotFile,
  slowResponse,
];
