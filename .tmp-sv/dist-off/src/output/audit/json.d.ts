import type { AuditReport } from '../../audit/types.js';
export declare function renderAuditJson(report: AuditReport): string;
