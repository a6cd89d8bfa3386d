// The audit report as SARIF 2.1.0 for code-scanning uploads: one run, every active rule, one result per finding.
import { createHash } from 'node:crypto';
export const SARIF_SCHEMA = 'https://json.schemastore.org/sarif-2.1.0.json';
export const SARIF_VERSION = '2.1.0';
/** The tool's information page: the protocol it checks against (SARIF §3.19.17 informationUri). */
export const MCP_SPEC_SITE = 'https://modelcontextprotocol.io';
/** Key of our partial fingerprint; versioned so a change of recipe does not collide with old baselines (§3.27.17). */
export const FINGERPRINT_KEY = 'mcptraceFinding/v1';
/** SARIF §3.27.10 level: `note` is the level for information. */
const LEVEL = { error: 'error', warning: 'warning', info: 'note' };
/**
 * The log file as a SARIF artifact URI (§3.4.3: a URI reference). Relative paths stay relative, as
 * given on the command line (code scanning resolves them against the checkout); absolute paths become
 * `file:` URIs; stdin (`-`) becomes `stdin`. Each path segment is percent-encoded, so spaces, `#`, `?`
 * or a colon in the first segment cannot turn the path into another URI.
 */
export function artifactUri(file) {
    if (file === '-' || file === '')
        return 'stdin';
    const enc = (path) => path.split('/').map(encodeURIComponent).join('/');
    const drive = /^([A-Za-z]):[\\/]/.exec(file);
    if (drive)
        return `file:///${drive[1]}:/${enc(file.slice(3).replace(/\\/g, '/'))}`;
    if (file.startsWith('/'))
        return `file://${enc(file)}`;
    return enc(file);
}
/** Stable across runs on the same log: rule, file, line and message; no seq, time or run-specific data. */
export function findingFingerprint(f) {
    return createHash('sha256').update([f.rule, f.file, String(f.line), f.message].join('\u0000')).digest('hex').slice(0, 32);
}
/**
 * The first sentence of a rule description, for `shortDescription` (§3.49.9: "a concise description").
 * A sentence ends at `.`, `!` or `?` (and a closing quote or parenthesis) followed by white space and a
 * capital, quote or parenthesis, so `e.g. a` and `resources.subscribe` do not end it.
 */
export function firstSentence(text) {
    const m = /^(.+?[.!?]["')]?)\s+(?=[A-Z"(])/s.exec(text);
    return m ? m[1] : text;
}
function descriptor(r) {
    const revisions = r.revisions === 'all' ? '' : ` Applies to MCP revisions ${r.revisions.join(', ')}.`;
    return {
        id: r.id,
        shortDescription: { text: firstSentence(r.description) },
        fullDescription: { text: r.description + revisions },
        helpUri: r.specUrl,
        help: {
            text: `${r.description}\nSpecification: ${r.specUrl}\nDocumentation: ${r.docUrl}`,
            markdown: `${r.description}\n\n[Specification](${r.specUrl}) · documentation: \`${r.docUrl}\``,
        },
        defaultConfiguration: { level: LEVEL[r.effectiveSeverity] },
        properties: { tags: ['mcp'], revisions: r.revisions },
    };
}
function result(f, ruleIndex) {
    const physicalLocation = {
        artifactLocation: { uri: artifactUri(f.file) },
    };
    // §3.30.5: startLine is 1-based; a finding without a known line keeps the file only.
    if (Number.isInteger(f.line) && f.line >= 1)
        physicalLocation.region = { startLine: f.line };
    return {
        ruleId: f.rule,
        ...(ruleIndex === undefined ? {} : { ruleIndex }),
        level: LEVEL[f.severity],
        message: { text: f.message },
        locations: [{ physicalLocation }],
        partialFingerprints: { [FINGERPRINT_KEY]: findingFingerprint(f) },
        properties: { session: f.session, seq: f.seq },
    };
}
/** The `sarif` audit format. Ends with a newline. */
export function renderAuditSarif(report, _ctx) {
    const index = new Map(report.rules.map((r, i) => [r.id, i]));
    const notifications = report.findingsOmitted > 0
        ? [{ level: 'warning', message: { text: `${report.findingsOmitted} findings past the report's limit were counted but not listed.` } }]
        : [];
    const log = {
        $schema: SARIF_SCHEMA,
        version: SARIF_VERSION,
        runs: [
            {
                tool: {
                    driver: {
                        name: report.tool.name,
                        version: report.tool.version,
                        informationUri: MCP_SPEC_SITE,
                        rules: report.rules.map(descriptor),
                    },
                },
                invocations: [
                    {
                        executionSuccessful: true,
                        endTimeUtc: report.generatedAt,
                        ...(notifications.length > 0 ? { toolExecutionNotifications: notifications } : {}),
                    },
                ],
                results: report.findings.map((f) => result(f, index.get(f.rule))),
                properties: { inputs: report.inputs, failOn: report.failOn, failed: report.failed, totals: report.totals, findingsOmitted: report.findingsOmitted },
            },
        ],
    };
    return JSON.stringify(log, null, 2) + '\n';
}
//# sourceMappingURL=sarif.js.map