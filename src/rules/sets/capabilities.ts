// Rules about capabilities, methods and directions.
import type { Rule } from '../types.js';

export const CAPABILITY_RULES: readonly Rule<any, any>[] = [];
