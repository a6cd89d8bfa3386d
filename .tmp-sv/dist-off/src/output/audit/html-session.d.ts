import type { AuditFinding, AuditSession } from '../../audit/types.js';
import type { SessionStats } from '../../stats/types.js';
import { type SafeHtml } from './html-escape.js';
/** The section for one session; `index` keeps element ids unique and never comes from the log. */
export declare function sessionSection(s: AuditSession, index: number, findings: readonly AuditFinding[], stats: SessionStats | undefined): SafeHtml;
