// Rules about message content: schemas, log levels, roots, error codes, latency.
import { invalidLogLevel } from '../invalid-log-level.js';
import { resourceNotFoundCode } from '../resource-not-found-code.js';
import { rootUriNotFile } from '../root-uri-not-file.js';
import { slowResponse } from '../slow-response.js';
export const CONTENT_RULES = [
    invalidLogLevel,
    resourceNotFoundCode,
    rootUriNotFile,
    slowResponse,
];
//# sourceMappingURL=content.js.map