// The audit report as JUnit XML for CI dashboards: a test suite per session, its diagnosis as a test case, then a test
// case per active rule (skipped where it cannot apply).
import type { AuditFinding, AuditReport, AuditSession } from '../../audit/types.js';
import type { Severity } from '../../types.js';
import { noMessagesText } from '../input-notes.js';
import { whyNotApplicable } from '../../audit/applicability.js';
import {
  bodyNotes,
  findingsBySession,
  notLoggedNotes,
  reachesFailOn,
  SEVERITY_RANK,
  type SessionFindings,
} from './parts.js';
import { xmlAttr, xmlText } from './xml.js';
import type { RenderContext } from './renderers.js';
import { countOf } from '../../util/plural.js';
import type { SessionDiagnosis } from '../../diagnose/types.js';
import { headline, headlineText } from '../diagnosis-parts.js';

/** Characters of the failure `message` attribute (dashboards show it on one line). */
const MESSAGE_WIDTH = 500;

interface Case {
  rule: string;
  failures: AuditFinding[];
  other: AuditFinding[];
  /** Why the rule cannot apply to the session (`<skipped>`), or null. */
  skipped: string | null;
}

/** Seconds between a session's first and last kept message with a time; 0 when the log has no times. */
function sessionSeconds(s: AuditSession | null): number {
  if (s === null) return 0;
  const times = [...s.sequence.head, ...s.sequence.tail]
    .filter((x) => x.ts !== null)
    .map((x) => Date.parse(x.ts!))
    .filter(Number.isFinite);
  if (times.length < 2) return 0;
  return (Math.max(...times) - Math.min(...times)) / 1000;
}

function findingLine(f: AuditFinding): string {
  return `${f.file}:${f.line} [${f.severity}] ${f.message} (record #${f.seq})`;
}

function cut(s: string, width: number): string {
  return s.length > width ? s.slice(0, width - 1) + '…' : s;
}

/**
 * A test case per rule: it fails when the rule had findings at or above `failOn` in the session, so the
 * dashboard agrees with the exit code (ARCHITECTURE.md principle 9). Findings below `failOn` (and all of them with
 * `--fail-on none`) do not fail the case; they are listed in its `<system-out>`, so nothing is hidden. A rule that
 * cannot apply to the session (another revision's, or an HTTP rule in a stdio session) is skipped, with the reason,
 * rather than passed; one that found something is never skipped.
 */
function cases(g: SessionFindings, report: AuditReport): Case[] {
  const byRule = new Map<string, Case>();
  const info = g.session?.info ?? null;
  for (const r of report.rules)
    byRule.set(r.id, {
      rule: r.id,
      failures: [],
      other: [],
      skipped: info === null ? null : whyNotApplicable(r, info),
    });
  for (const f of g.findings) {
    let c = byRule.get(f.rule);
    if (!c) {
      c = { rule: f.rule, failures: [], other: [], skipped: null };
      byRule.set(f.rule, c);
    }
    c.skipped = null;
    (reachesFailOn(f.severity, report.failOn) ? c.failures : c.other).push(f);
  }
  return [...byRule.values()];
}

function testcase(c: Case): string[] {
  const open = `    <testcase name="${xmlAttr(c.rule)}" classname="${xmlAttr(`mcptrace.${c.rule}`)}" time="0"`;
  if (c.skipped !== null) return [`${open}><skipped message="${xmlAttr(c.skipped)}"/></testcase>`];
  if (c.failures.length === 0 && c.other.length === 0) return [`${open}/>`];
  const lines = [`${open}>`];
  if (c.failures.length > 0) {
    let worst: Severity = 'info';
    for (const f of c.failures) if (SEVERITY_RANK[f.severity] > SEVERITY_RANK[worst]) worst = f.severity;
    const n = c.failures.length;
    const message = cut(`${countOf(n, 'finding')}: ${c.failures[0]!.message}`, MESSAGE_WIDTH);
    lines.push(
      `      <failure message="${xmlAttr(message)}" type="${worst}">${xmlText(c.failures.map(findingLine).join('\n'))}</failure>`,
    );
  }
  if (c.other.length > 0) lines.push(`      <system-out>${xmlText(c.other.map(findingLine).join('\n'))}</system-out>`);
  lines.push('    </testcase>');
  return lines;
}

/** The name of each session's diagnosis case (no rule has this id). */
const DIAGNOSIS_CASE = 'diagnosis';

/**
 * Whether the session's diagnosis fails its case: as the exit code does, a failed session at every `--fail-on` but
 * `none`, a degraded one only at `--fail-on degraded`.
 */
function diagnosisFails(s: SessionDiagnosis, report: AuditReport): boolean {
  if (report.failOn === 'none') return false;
  return s.verdict === 'failed' || (s.verdict === 'degraded' && report.failOn === 'degraded');
}

/** Every cause of the session with its side, and the log's lines that show it (`file:line  words`). */
function diagnosisText(s: SessionDiagnosis): string {
  return s.diagnoses
    .flatMap((d) => [
      `${d.cause} [${d.impact === 'note' ? 'note' : d.side}]: ${d.summary}`,
      ...d.evidence.map((e) => `  ${e.source}  ${e.text}`),
    ])
    .join('\n');
}

/**
 * The session's diagnosis as a test case: it fails with the headline cause (message) and the evidence (text) when the
 * session fails the run; otherwise it passes, with what was found (a degraded session's headline, a note) in its
 * `<system-out>`.
 */
function diagnosisCase(s: SessionDiagnosis, report: AuditReport): { lines: string[]; failed: boolean } {
  const open = `    <testcase name="${DIAGNOSIS_CASE}" classname="mcptrace.${DIAGNOSIS_CASE}" time="0"`;
  if (s.diagnoses.length === 0) return { lines: [`${open}/>`], failed: false };
  if (!diagnosisFails(s, report))
    return {
      lines: [
        `${open}>`,
        `      <system-out>${xmlText(`${s.verdict}\n${diagnosisText(s)}`)}</system-out>`,
        '    </testcase>',
      ],
      failed: false,
    };
  const message = cut(`${s.verdict}: ${headlineText(s)}`, MESSAGE_WIDTH);
  return {
    lines: [
      `${open}>`,
      `      <failure message="${xmlAttr(message)}" type="${headline(s)?.cause ?? s.verdict}">${xmlText(diagnosisText(s))}</failure>`,
      '    </testcase>',
    ],
    failed: true,
  };
}

function properties(g: SessionFindings): string[] {
  const props: Array<[string, string | null | undefined]> = [
    ['session', g.key],
    ['file', g.file],
  ];
  if (g.session !== null) {
    const i = g.session.info;
    const peer = (p: typeof i.clientInfo) =>
      typeof p?.name === 'string' ? [p.name, typeof p.version === 'string' ? p.version : ''].join(' ').trim() : null;
    props.push(
      ['client', peer(i.clientInfo)],
      ['server', peer(i.serverInfo)],
      ['requestedRevision', i.requestedRevision],
      ['negotiatedRevision', i.negotiatedRevision],
      ['transport', i.transport],
    );
    props.push(['serverName', i.server], ['onlySide', i.onlySide]);
  }
  return [
    '    <properties>',
    ...props
      .filter((p): p is [string, string] => typeof p[1] === 'string')
      .map(([k, v]) => `      <property name="${k}" value="${xmlAttr(v)}"/>`),
    '    </properties>',
  ];
}

/** Text inside an XML comment: `--` may not appear in one. */
function xmlComment(text: string): string {
  return xmlText(text).replace(/--/g, '- -');
}

/** The `junit` audit format. Ends with a newline. */
export function renderAuditJunit(report: AuditReport, _ctx?: RenderContext): string {
  const suites: string[] = [];
  let tests = 0;
  let failures = 0;
  let skipped = 0;
  let time = 0;
  const diagnoses = new Map(report.diagnoses.map((d) => [d.session, d]));
  for (const g of findingsBySession(report)) {
    const cs = cases(g, report);
    const diagnosis = diagnoses.get(g.key);
    diagnoses.delete(g.key);
    // The session's diagnosis first, as every report leads with what happened.
    const dc = diagnosis === undefined ? null : diagnosisCase(diagnosis, report);
    const failed = cs.filter((c) => c.failures.length > 0).length + (dc?.failed ? 1 : 0);
    const skips = cs.filter((c) => c.skipped !== null).length;
    const secs = sessionSeconds(g.session);
    const count = cs.length + (dc === null ? 0 : 1);
    tests += count;
    failures += failed;
    skipped += skips;
    time += secs;
    suites.push(
      `  <testsuite name="${xmlAttr(`session ${g.key} · ${g.file}`)}" tests="${count}" failures="${failed}" errors="0" skipped="${skips}" time="${secs.toFixed(3)}">`,
      ...properties(g),
      ...(dc?.lines ?? []),
      ...cs.flatMap(testcase),
      '  </testsuite>',
    );
  }
  // Sessions the diagnosis found where the rules saw none (a host's log with no message, the lines outside any session).
  for (const d of diagnoses.values()) {
    const dc = diagnosisCase(d, report);
    tests += 1;
    failures += dc.failed ? 1 : 0;
    const name = d.session === '' ? 'outside any session' : `session ${d.session}`;
    suites.push(
      `  <testsuite name="${xmlAttr(name)}" tests="1" failures="${dc.failed ? 1 : 0}" errors="0" skipped="0" time="0.000">`,
      ...(d.server === null
        ? []
        : [
            '    <properties>',
            `      <property name="serverName" value="${xmlAttr(d.server)}"/>`,
            '    </properties>',
          ]),
      ...dc.lines,
      '  </testsuite>',
    );
  }
  // Inputs with no MCP message: a test case each, failed under --fail-on-empty, so the dashboard agrees with the exit.
  const empty = report.empty ?? [];
  if (empty.length > 0) {
    const failed = report.failOnEmpty ? empty.length : 0;
    tests += empty.length;
    failures += failed;
    suites.push(
      `  <testsuite name="inputs" tests="${empty.length}" failures="${failed}" errors="0" skipped="0" time="0.000">`,
      ...empty.map((e) => {
        const text = xmlAttr(noMessagesText(e.file, e.lines, e.unread));
        const open = `    <testcase name="${xmlAttr(e.file)}" classname="mcptrace.no-mcp-messages" time="0">`;
        return report.failOnEmpty
          ? `${open}<failure message="${text}" type="error">${text} (--fail-on-empty)</failure></testcase>`
          : `${open}<system-out>${text}</system-out></testcase>`;
      }),
      '  </testsuite>',
    );
  }
  const name = xmlAttr(`${report.tool.name} audit`);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="${name}" tests="${tests}" failures="${failures}" errors="0" skipped="${skipped}" time="${time.toFixed(3)}">`,
    ...(report.findingsOmitted > 0
      ? [`  <!-- ${countOf(report.findingsOmitted, 'finding')} past the report's limit are counted but not listed -->`]
      : []),
    ...[...bodyNotes(report), ...notLoggedNotes(report)].map((n) => `  <!-- ${xmlComment(n.text)} -->`),
    ...suites,
    '</testsuites>',
    '',
  ].join('\n');
}
