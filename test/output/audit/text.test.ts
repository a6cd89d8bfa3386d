// The text audit report: session headers, findings by severity with positions and links, traffic, latencies, verdict, colour.
import { describe, expect, it } from 'vitest';
import type { AuditReport } from '../../../src/audit/types.js';
import { createPalette } from '../../../src/output/color.js';
import { countFindings, slowest } from '../../../src/output/audit/parts.js';
import { renderAuditText } from '../../../src/output/audit/text.js';
import { formatCount, formatMs } from '../../../src/util/numbers.js';
import { reportOf } from '../../helpers/audit.js';
import { stripSgr } from '../../helpers/records.js';
import { bad, badFixtures, reportWithLimits, SAMPLE } from './support.js';

const plain = { palette: createPalette(false) };
const color = { palette: createPalette(true) };

/** The lines of each severity group: `errors (N)` then the finding lines until the next group or blank line. */
function markers(text: string): { error: number; warning: number; info: number } {
  const lines = text.split('\n');
  return {
    error: lines.filter((l) => l.startsWith('   ✖ ')).length,
    warning: lines.filter((l) => l.startsWith('   ▲ ')).length,
    info: lines.filter((l) => l.startsWith('   ℹ ')).length,
  };
}

function lastLine(text: string): string {
  const lines = text.trimEnd().split('\n');
  return lines[lines.length - 1]!;
}

describe('renderAuditText', () => {
  it('heads each session with client, server, versions, revision, transport and file', async () => {
    const report = await reportOf(bad('duplicate-request-id'));
    const info = report.sessions[0]!.info;
    const text = renderAuditText(report, plain);
    expect(info.clientInfo?.name).toBeTypeOf('string');
    expect(text).toContain(`━━ session ${info.key} ${info.file} · ${info.transport}`);
    expect(text).toContain(
      `client ${info.clientInfo!.name} ${info.clientInfo!.version} → server ${info.serverInfo!.name} ${info.serverInfo!.version}`,
    );
    expect(text).toContain(`revision ${info.negotiatedRevision}`);
  });

  it('shows both revisions when the server negotiated another one', async () => {
    const report = await reportOf(bad('version-mismatch'));
    const info = report.sessions[0]!.info;
    expect(info.requestedRevision).not.toBe(info.negotiatedRevision);
    expect(renderAuditText(report, plain)).toContain(
      `revision requested ${info.requestedRevision ?? '?'} → negotiated ${info.negotiatedRevision ?? '?'}`,
    );
  });

  it.each(badFixtures())('lists every finding of %s once, in its severity group', async (_rule, file) => {
    const report = await reportOf(file);
    expect(report.findingsOmitted).toBe(0);
    expect(markers(renderAuditText(report, plain))).toEqual(report.totals);
  });

  it('puts errors before warnings before info, each finding with position, summary, message, doc and spec', async () => {
    // invalid-jsonrpc has errors and an orphan warning; its first finding made info gives all three groups, info first in seq order.
    const base = await reportOf(bad('invalid-jsonrpc'));
    const findings = base.findings.map((f, k) => (k === 0 ? { ...f, severity: 'info' as const } : f));
    const report: AuditReport = { ...base, findings, totals: countFindings(findings) };
    expect(report.totals.error).toBeGreaterThan(0);
    expect(report.totals.warning).toBeGreaterThan(0);
    expect(report.totals.info).toBeGreaterThan(0);
    const text = renderAuditText(report, plain);
    // A group of one says `error (1)`, `warning (1)`.
    const e = text.search(/ {3}errors? \(/);
    const w = text.search(/ {3}warnings? \(/);
    const i = text.indexOf('   info (');
    expect(e).toBeGreaterThan(0);
    expect(w).toBeGreaterThan(e);
    expect(i).toBeGreaterThan(w);
    expect(text).toContain(`   ${report.totals.error === 1 ? 'error' : 'errors'} (${report.totals.error})`);
    const lines = text.split('\n');
    for (const f of report.findings) {
      const head = lines.findIndex(
        (l, k) => l.includes(` ${f.file}:${f.line}  #${f.seq}`) && lines[k + 1] === `     ${f.rule}: ${f.message}`,
      );
      expect(head, `${f.rule} ${f.message}`).toBeGreaterThanOrEqual(0);
      expect(lines[head]).toMatch(/^ {3}[✖▲ℹ] /);
      const spec = report.rules.find((r) => r.id === f.rule)!.specUrl;
      expect(lines[head + 2]).toBe(`     ${f.docUrl} · ${spec}`);
      // Grouping: the finding sits below its own severity header and no other header in between.
      const groupHead = lines
        .slice(0, head)
        .reverse()
        .find((l) => /^ {3}(errors?|warnings?|info) \(/.test(l));
      expect(groupHead).toMatch(new RegExp(`^ {3}${f.severity === 'info' ? 'info' : `${f.severity}s?`} \\(`));
    }
  });

  it('summarises the record a finding is on: arrow, kind, id, method', async () => {
    const report = await reportOf(bad('invalid-jsonrpc'));
    const f = report.findings.find((x) => x.kind === 'request')!;
    expect(f).toBeDefined();
    const id = typeof f.id === 'string' ? JSON.stringify(f.id) : String(f.id);
    expect(renderAuditText(report, plain)).toContain(
      `${f.file}:${f.line}  #${f.seq} ${f.dir === 'c2s' ? '→' : '←'} req ${id} ${f.method}`,
    );
  });

  it('says "no findings" for a clean session', async () => {
    const report = await reportOf('test/fixtures/violations/orphan-response/good.txt');
    expect(report.findings).toEqual([]);
    expect(renderAuditText(report, plain)).toContain('✓ no findings');
  });

  it('prints the lifecycle/operation split and the slowest methods and tools by p95', async () => {
    const report = await reportOf(SAMPLE);
    const text = renderAuditText(report, plain);
    const { lifecycle, operation } = report.stats;
    expect(text).toContain(`lifecycle ${formatCount(lifecycle.messages)} messages`);
    expect(text).toContain(`operation ${formatCount(operation.messages)} messages`);
    const methods = slowest(report.stats.methods, 5);
    const tools = slowest(report.stats.tools, 5);
    expect(methods.length).toBeGreaterThan(1);
    expect(tools.length).toBeGreaterThan(0);
    const section = text.slice(text.indexOf('slowest methods (p95)'));
    const rows = section
      .split('\n')
      .slice(1, 1 + methods.length)
      .map((l) => l.trim().split(/\s+/)[0]);
    expect(rows).toEqual(methods.map(([m]) => m));
    // Sorted by p95, slowest first.
    const p95 = methods.map(([, m]) => m.latencyMs.p95!);
    expect([...p95].sort((a, b) => b - a)).toEqual(p95);
    expect(section).toContain(`p95 ${formatMs(methods[0]![1].latencyMs.p95).padStart(7)}`);
    expect(text).toContain('slowest tools (p95)');
    expect(text).toContain(tools[0]![0]);
  });

  it('adds a per-session traffic line when there are several sessions', async () => {
    const one = renderAuditText(await reportOf(SAMPLE), plain);
    expect(one).not.toContain('   traffic lifecycle');
    const two = await reportOf([SAMPLE, bad('orphan-response')]);
    expect(two.stats.sessions.length).toBe(2);
    expect(
      renderAuditText(two, plain)
        .split('\n')
        .filter((l) => l.startsWith('   traffic lifecycle')),
    ).toHaveLength(2);
  });

  it('ends with the totals and the verdict at --fail-on', async () => {
    // orphan-response/bad has warnings and no errors.
    const file = bad('orphan-response');
    const at = async (failOn: 'error' | 'warning' | 'none') => {
      const r = await reportOf(file, { failOn });
      return { r, last: lastLine(renderAuditText(r, plain)) };
    };
    const error = await at('error');
    expect(error.r.totals.error).toBe(0);
    expect(error.r.totals.warning).toBeGreaterThan(0);
    expect(error.last).toContain(`0 errors, ${error.r.totals.warning} warning`);
    expect(error.last).toMatch(/— passed at --fail-on error$/);
    expect((await at('warning')).last).toMatch(/— FAILED at --fail-on warning$/);
    expect((await at('none')).last).toMatch(/— not gated \(--fail-on none\)$/);
  });

  it('says how many findings were not listed', async () => {
    const report = await reportWithLimits([bad('invalid-jsonrpc')], { findings: 1 });
    expect(report.findingsOmitted).toBeGreaterThan(0);
    expect(lastLine(renderAuditText(report, plain))).toContain(`(${report.findingsOmitted} findings not listed)`);
  });

  it('lists findings of sessions past the session limit under a short header', async () => {
    const report = await reportWithLimits([bad('orphan-response'), bad('invalid-jsonrpc')], { sessions: 1 });
    expect(report.sessions).toHaveLength(1);
    const text = renderAuditText(report, plain);
    expect(text).toContain('(details not kept: session limit)');
    expect(markers(text)).toEqual(report.totals);
  });

  it('colours through the palette only: plain has no escape codes, colour is plain plus SGR', async () => {
    const report: AuditReport = await reportOf([SAMPLE, bad('invalid-jsonrpc')]);
    const p = renderAuditText(report, plain);
    const c = renderAuditText(report, color);
    expect(p).not.toContain('\x1b');
    expect(c).toContain('\x1b[31m');
    expect(c.replace(/\x1b\[[0-9;]*m/g, '')).not.toContain('\x1b');
    expect(stripSgr(c)).toBe(p);
  });
});

describe('renderAuditText on a terminal of a given width', () => {
  it('wraps messages at words under a hanging indent and never cuts a link', async () => {
    const report = await reportOf([SAMPLE, bad('invalid-jsonrpc')]);
    for (const width of [80, 120]) {
      const text = renderAuditText(report, { ...plain, width });
      const urls = new Set([...report.rules.map((r) => r.specUrl), ...report.findings.map((f) => f.docUrl)]);
      for (const line of text.split('\n')) {
        const url = line.trim();
        if (urls.has(url) || /^https:\/\/\S+$/.test(url)) continue; // a link alone on its line, whole
        if (
          line.startsWith('mcptrace ') ||
          line.startsWith('━━ session') ||
          line.startsWith('   client ') ||
          /passed|FAILED/.test(line)
        )
          continue;
        expect(line.length, `${width}: ${line}`).toBeLessThanOrEqual(width);
      }
      // Every finding's message is there, whole, once its lines are joined again.
      const joined = text.replace(/\n {7}/g, ' ');
      for (const f of report.findings.slice(0, 20)) expect(joined).toContain(`${f.rule}: ${f.message}`);
    }
  });

  it('a message broken after a / reads back whole: no space put in where the line ended', async () => {
    const report = await reportOf([bad('subscription-notification')]);
    const messages = report.findings.map((f) => f.message).filter((m) => m.includes('/'));
    expect(messages.length).toBeGreaterThan(3);
    for (const width of [60, 72, 80, 100]) {
      const text = renderAuditText(report, { ...plain, width });
      // A line may end at a space (gone) or after a break character (kept, no space added).
      const escaped = (m: string) =>
        m
          .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
          .replace(/ /g, '\\s+')
          .replace(/([/#@-])/g, '$1(?:\\n\\s+)?');
      for (const m of messages) expect(text, `${width}: ${m}`).toMatch(new RegExp(escaped(m)));
    }
  });
});
