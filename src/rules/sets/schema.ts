// Rules that check params and results against the protocol schemas.
import { schemaViolation } from '../schema-violation.js';
import type { Rule } from '../types.js';

export const SCHEMA_RULES: readonly Rule<any, any>[] = [schemaViolation];
