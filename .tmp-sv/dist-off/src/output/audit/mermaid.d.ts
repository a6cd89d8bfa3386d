import type { AuditFinding, AuditSession } from '../../audit/types.js';
/**
 * Untrusted text as Mermaid label text: control characters made visible first (a newline would end the
 * statement; it shows as `\n`, whose backslash then becomes `#92;`), then Mermaid's active characters
 * as entity codes. Mermaid strips a trailing `;` from lines that contain `style…:…#…;` or
 * `classDef…:…#…;` before it decodes entities, which would break the last code on the line, so those
 * two words get one letter as a code too.
 */
export declare function escapeMermaid(s: string): string;
/**
 * The session's `sequenceDiagram` source (no Markdown fence): the kept head, a note for the elided
 * middle, the kept tail; findings (from `findings`, matched by seq) as notes after their message.
 */
export declare function renderSequenceMermaid(session: AuditSession, findings: readonly AuditFinding[]): string;
