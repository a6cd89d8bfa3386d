// `mcptrace audit`: findings against the spec as a report (text, markdown, html, json, sarif, junit), with CI exit codes.
import { writeFile } from 'node:fs/promises';
import { buildAuditReport } from '../audit/build.js';
import { AUDIT_FORMATS, AUDIT_RENDERERS } from '../output/audit/renderers.js';
import { checkRuleIds, loadAuditConfig } from './audit-config.js';
import { openRun, paletteFor } from './context.js';
import { EXIT, UsageError } from './errors.js';
import { STDIN_ARG } from './inputs.js';
import { filterOptions, inputOptions } from './options.js';
import { TOOL } from './tool.js';
export function auditBuilder(y) {
    return filterOptions(inputOptions(y))
        .option('format', { alias: 'f', describe: 'report format (default: text on a terminal, else json)', choices: AUDIT_FORMATS })
        .option('out', { alias: 'o', describe: 'write the report to FILE instead of stdout', type: 'string' })
        .option('fail-on', { describe: 'exit 1 when a finding reaches this severity', choices: ['error', 'warning', 'info', 'none'] })
        .option('rule', { describe: 'set a rule\'s severity: id=off|info|warning|error (repeatable)', type: 'string' })
        .option('config', { describe: 'JSON config file: { "rules": {id: severity}, "failOn", "slowMs" }', type: 'string' })
        .option('slow-ms', { describe: 'slow-response threshold in milliseconds (default 5000)', type: 'number' })
        .example('$0 audit session.ndjson', 'findings on the terminal')
        .example('$0 audit -f sarif -o mcp.sarif logs/*.ndjson', 'SARIF for code scanning')
        .example('$0 audit --fail-on warning --rule slow-response=off log.ndjson', 'CI gate')
        .example('$0 audit -f html -o report.html session.ndjson', 'a self-contained HTML report');
}
export async function runAudit(args, io) {
    const config = args.config ? await loadAuditConfig(args.config) : {};
    const rules = { ...config.rules, ...parseRuleFlags(args.rule) };
    const failOn = args.failOn ?? config.failOn ?? 'error';
    const slowMs = args.slowMs ?? config.slowMs;
    const format = args.format ?? (io.stdout.isTTY && !args.out && 'text' in AUDIT_RENDERERS ? 'text' : 'json');
    const { analyzer, records } = openRun(args, io, { rules, ruleOptions: slowMs === undefined ? {} : { slowMs } });
    const report = await buildAuditReport(analyzer, records, {
        inputs: args.files && args.files.length > 0 ? args.files.map((f) => (f === STDIN_ARG ? '-' : f)) : ['-'],
        failOn,
        ruleSettings: rules,
        tool: TOOL,
    });
    const render = AUDIT_RENDERERS[format];
    const text = render(report, { palette: args.out ? paletteFor(io, false) : paletteFor(io, args.color) });
    if (args.out)
        await writeFile(args.out, text);
    else
        await new Promise((resolve, reject) => io.stdout.write(text, (e) => (e ? reject(e) : resolve())));
    return report.failed ? EXIT.findings : EXIT.ok;
}
const SEVERITIES = new Set(['off', 'info', 'warning', 'error']);
/** `--rule id=severity` flags; an unknown rule id or severity is a usage error. */
export function parseRuleFlags(flags) {
    const out = {};
    for (const flag of flags === undefined ? [] : Array.isArray(flags) ? flags : [flags]) {
        const m = /^([a-z0-9-]+)=([a-z]+)$/.exec(flag.trim());
        if (!m || !SEVERITIES.has(m[2]))
            throw new UsageError(`--rule ${flag}: expected id=off|info|warning|error`);
        out[m[1]] = m[2];
    }
    return checkRuleIds(out, '--rule');
}
//# sourceMappingURL=audit.js.map