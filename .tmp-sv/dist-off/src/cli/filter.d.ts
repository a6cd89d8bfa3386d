import type { PipelineRecord } from '../types.js';
export interface FilterOptions {
    method?: string[];
    primitive?: string[];
    phase?: string[];
    dir?: string[];
    session?: string[];
}
/**
 * Builds a predicate; each flag may repeat (any of its values matches) and flags combine with AND.
 * A method value ending in `*` or `/` matches as a prefix (`--method 'tools/*'`).
 */
export declare function buildFilter(f: FilterOptions): ((r: PipelineRecord) => boolean) | null;
