import { renderAuditHtml } from './html.js';
import { renderAuditJson } from './json.js';
import { renderAuditJunit } from './junit.js';
import { renderAuditMarkdown } from './markdown.js';
import { renderAuditSarif } from './sarif.js';
import { renderAuditText } from './text.js';
export const AUDIT_RENDERERS = {
    text: renderAuditText,
    markdown: renderAuditMarkdown,
    json: renderAuditJson,
    html: renderAuditHtml,
    sarif: renderAuditSarif,
    junit: renderAuditJunit,
};
export const AUDIT_FORMATS = Object.keys(AUDIT_RENDERERS);
//# sourceMappingURL=renderers.js.map