// Rules about progress, cancellation and tasks.
import type { Rule } from '../types.js';

export const FLOW_RULES: readonly Rule<any, any>[] = [];
