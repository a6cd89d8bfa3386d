import type { MethodInfo } from './types.js';
/** Every method of every supported revision: requests first, then notifications. */
export declare const METHODS: readonly MethodInfo[];
