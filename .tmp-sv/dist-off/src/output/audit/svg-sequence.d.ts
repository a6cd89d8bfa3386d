import type { AuditSession } from '../../audit/types.js';
import { type SafeHtml } from './html-escape.js';
/** Element id of a step's body, shared with the bodies list (`m-<session index>-<seq>`). */
export declare function stepId(sessionIndex: number, seq: number): string;
/** `22:36:49.220` from an ISO time; other times as logged, shortened. */
export declare function clockOf(ts: string | null): string;
/** The diagram for one session; `index` makes marker and link ids unique in the page. */
export declare function sequenceSvg(session: AuditSession, index: number): SafeHtml;
