import type { OpenRequest, SessionInfo } from '../types.js';
import type { Palette } from './color.js';
/**
 * Two lines printed when a session starts: the session key and file, then client → server and revision.
 * Fields not known yet (server info before the initialize result) show as `?`.
 */
export declare function formatTextHeader(s: SessionInfo, p: Palette): string;
/** The first header line: session key, file and transport (printed when a session's first record arrives). */
export declare function formatSessionTitle(s: SessionInfo, p: Palette): string;
/** The second header line: client → server and revision (printed once the initialize result is known). */
export declare function formatSessionPeers(s: SessionInfo, p: Palette): string;
/**
 * Requests still open at end of input, then cancelled requests that were never answered, each as one line
 * under a count heading. '' when there are none (the CLI then prints nothing).
 */
export declare function formatTextFooter(open: readonly OpenRequest[], p: Palette): string;
