import type { PipelineRecord, Severity } from '../types.js';
import type { Palette, Style } from './color.js';
export { formatSessionPeers, formatSessionTitle, formatTextFooter, formatTextHeader } from './text-session.js';
export interface TextOptions {
    /** Print the message JSON (compact, escaped, truncated) on an indented line under the record. Default false. */
    body?: boolean;
    /** Columns for the body line. Default 200. */
    bodyWidth?: number;
    /** Name for an error code; defaults to the protocol table (`errorCodeName`). */
    errorName?: (code: number) => string;
}
/** Column widths. Method fits the longest spec method (`notifications/resources/list_changed`, 36). */
export declare const TEXT_COLUMNS: {
    readonly time: 12;
    readonly arrow: 2;
    readonly kind: 3;
    readonly id: 10;
    readonly method: 36;
    readonly primitive: 17;
    readonly phase: 4;
    readonly capability: 30;
};
/** `HH:MM:SS.mmm` from an ISO time (the clock as written, no zone conversion); other strings as given. */
export declare function formatTime(ts: string | null): string;
export declare function severityStyle(sev: Severity, p: Palette): Style;
/** One record as text: the aligned main line, then one line per finding, then the body line when asked. */
export declare function formatTextRecord(r: PipelineRecord, p: Palette, opts?: TextOptions): string;
