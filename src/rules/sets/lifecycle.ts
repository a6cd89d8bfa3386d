// Rules about lifecycle and version negotiation.
import type { Rule } from '../types.js';

export const LIFECYCLE_RULES: readonly Rule<any, any>[] = [];
