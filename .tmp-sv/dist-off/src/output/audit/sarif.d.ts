import type { AuditFinding, AuditReport } from '../../audit/types.js';
import type { RenderContext } from './renderers.js';
export declare const SARIF_SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json";
export declare const SARIF_VERSION = "2.1.0";
/** The tool's information page: the protocol it checks against (SARIF §3.19.17 informationUri). */
export declare const MCP_SPEC_SITE = "https://modelcontextprotocol.io";
/** Key of our partial fingerprint; versioned so a change of recipe does not collide with old baselines (§3.27.17). */
export declare const FINGERPRINT_KEY = "mcptraceFinding/v1";
/**
 * The log file as a SARIF artifact URI (§3.4.3: a URI reference). Relative paths stay relative, as
 * given on the command line (code scanning resolves them against the checkout); absolute paths become
 * `file:` URIs; stdin (`-`) becomes `stdin`. Each path segment is percent-encoded, so spaces, `#`, `?`
 * or a colon in the first segment cannot turn the path into another URI.
 */
export declare function artifactUri(file: string): string;
/** Stable across runs on the same log: rule, file, line and message; no seq, time or run-specific data. */
export declare function findingFingerprint(f: AuditFinding): string;
/**
 * The first sentence of a rule description, for `shortDescription` (§3.49.9: "a concise description").
 * A sentence ends at `.`, `!` or `?` (and a closing quote or parenthesis) followed by white space and a
 * capital, quote or parenthesis, so `e.g. a` and `resources.subscribe` do not end it.
 */
export declare function firstSentence(text: string): string;
/** The `sarif` audit format. Ends with a newline. */
export declare function renderAuditSarif(report: AuditReport, _ctx?: RenderContext): string;
