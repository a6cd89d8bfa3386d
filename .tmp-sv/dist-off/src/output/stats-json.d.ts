import type { Stats } from '../stats/types.js';
/**
 * A copy of `stats` with keys in the documented order, whatever order the object was built in:
 * messages, bytes, byKind, byDirection, byPrimitive, byPhase, lifecycle, operation, methods, tools, errors,
 * pairs, invalid, events, sessions, timeSpan. Map-like objects (methods, tools, errors) keep their order.
 */
export declare function orderedStats(s: Stats): Stats;
/** The JSON text (2-space indent, no trailing newline). */
export declare function formatStatsJson(s: Stats): string;
