import type { Direction } from '../types.js';
/** A timestamp as written, by kind; the reader turns it into ts/tsMs. */
export interface TimeToken {
    kind: 'iso' | 'clock' | 'seconds';
    text: string;
}
/** What the start of a transcript line says. */
export type Header = {
    kind: 'message';
    time: TimeToken | null;
    dir: Direction;
    rest: string;
} | {
    kind: 'event';
    time: TimeToken | null;
    name: string;
    rest: string;
} | {
    kind: 'session';
    time: TimeToken | null;
    id: string | null;
}
/** A timestamp followed by something that is not a marker, event or session break. */
 | {
    kind: 'time-only';
    time: TimeToken;
    rest: string;
};
/**
 * Reads the start of a line. Returns null when the line has neither a timestamp nor a marker, event or
 * session break (a JSON continuation line, a stray line). `rest` is the text after the marker or event name,
 * trimmed.
 */
export declare function parseHeader(text: string): Header | null;
/** A `#` comment line. */
export declare function isComment(text: string): boolean;
/** A line that starts a new record (message, event or session break): never a JSON continuation line. */
export declare function isRecordStart(text: string): boolean;
