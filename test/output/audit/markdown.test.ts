// The markdown audit report: verdict, tables that hold together, findings, capability matrix and the Mermaid sequence.
import { describe, expect, it } from 'vitest';
import type { AuditReport, SequenceStep } from '../../../src/audit/types.js';
import { createPalette } from '../../../src/output/color.js';
import { renderAuditMarkdown } from '../../../src/output/audit/markdown.js';
import { escapeMermaid, renderSequenceMermaid } from '../../../src/output/audit/mermaid.js';
import { escapeTerminal } from '../../../src/output/escape.js';
import { reportOf } from '../../helpers/audit.js';
import {
  bad,
  badFixtures,
  cellSeparators,
  decodeMermaid,
  markdownTables,
  mermaidBlocks,
  mermaidProblems,
  reportWithLimits,
  SAMPLE,
  tableProblems,
} from './support.js';

const ctx = { palette: createPalette(false) };
const render = (r: AuditReport) => renderAuditMarkdown(r, ctx);

/** The rows (after header and delimiter) of the table whose header starts with `head`. */
function rowsOf(md: string, head: string): string[][] {
  return markdownTables(md)
    .filter((t) => t[0]!.startsWith(head))
    .map((t) => t.slice(2));
}

describe('renderAuditMarkdown', () => {
  it.each([['sample', SAMPLE], ...badFixtures()])('keeps every table of %s rectangular', async (_name, file) => {
    const md = render(await reportOf(file));
    expect(markdownTables(md).length).toBeGreaterThan(2);
    expect(tableProblems(md)).toEqual([]);
  });

  it('opens with the verdict at --fail-on and the totals', async () => {
    const file = bad('orphan-response');
    const at = async (failOn: 'error' | 'warning' | 'none') => render(await reportOf(file, { failOn })).split('\n')[2];
    expect(await at('error')).toMatch(
      /^✅ \*\*Passed\*\* at `--fail-on error` · 0 errors, \d+ warnings?, 0 info · 1 session · /,
    );
    expect(await at('warning')).toMatch(/^❌ \*\*Failed\*\* at `--fail-on warning`/);
    expect(await at('none')).toMatch(/^➖ \*\*Not gated\*\*/);
  });

  it('lists the rules with findings, with counts, spec link and doc path', async () => {
    const report = await reportOf(bad('invalid-jsonrpc'));
    const rows = rowsOf(render(report), '| rule |')[0]!;
    const withFindings = Object.keys(report.byRule).sort();
    expect(withFindings.length).toBeGreaterThan(0);
    expect(rows).toHaveLength(withFindings.length);
    for (const id of withFindings) {
      const rule = report.rules.find((r) => r.id === id)!;
      expect(
        rows.some(
          (r) =>
            r.startsWith(`| [${id}](${rule.specUrl}) |`) &&
            r.includes(`| ${report.byRule[id]} |`) &&
            r.endsWith(`| ${rule.docUrl} |`),
        ),
      ).toBe(true);
    }
  });

  it('has one findings row per finding of the session, errors first', async () => {
    const base = await reportOf([bad('invalid-jsonrpc'), bad('orphan-response')]);
    // The first finding made info, so a session has info before errors and warnings in seq order.
    const report: AuditReport = {
      ...base,
      findings: base.findings.map((f, k) => (k === 0 ? { ...f, severity: 'info' as const } : f)),
    };
    expect(
      new Set(report.findings.filter((f) => f.session === report.sessions[0]!.info.key).map((f) => f.severity)).size,
    ).toBe(3);
    const tables = rowsOf(render(report), '| severity | where |');
    expect(tables).toHaveLength(report.sessions.length);
    report.sessions.forEach((s, k) => {
      const mine = report.findings.filter((f) => f.session === s.info.key);
      const rows = tables[k]!;
      expect(rows).toHaveLength(mine.length);
      const sev = rows.map((r) => r.split(' | ')[0]!.replace(/^\| \S+ /, ''));
      const rank = { error: 0, warning: 1, info: 2 } as Record<string, number>;
      expect(sev.map((x) => rank[x])).toEqual([...sev.map((x) => rank[x]!)].sort());
      for (const f of mine) expect(rows.some((r) => r.includes(`| ${f.file}:${f.line} | #${f.seq}`))).toBe(true);
    });
  });

  it('cuts the findings table at 100 rows per session and says how many more', async () => {
    const report = await reportOf(bad('invalid-jsonrpc'));
    const f = report.findings[0]!;
    const many: AuditReport = { ...report, findings: Array.from({ length: 130 }, (_, k) => ({ ...f, seq: k + 1 })) };
    const md = render(many);
    expect(rowsOf(md, '| severity | where |')[0]).toHaveLength(100);
    expect(md).toContain('… and 30 more findings in this session');
  });

  it('marks capabilities declared and never used, and used without being declared', async () => {
    const report = await reportOf([SAMPLE, bad('capability-not-negotiated')]);
    const md = render(report);
    const tables = rowsOf(md, '| side | capability |');
    expect(tables).toHaveLength(report.sessions.length);
    let neverUsed = 0;
    let undeclared = 0;
    let throughChildren = 0;
    report.sessions.forEach((s, k) => {
      const rows = tables[k]!;
      expect(rows).toHaveLength(s.capabilities.length);
      s.capabilities.forEach((c, j) => {
        const cells = rows[j]!.slice(2, -2).split(' | ');
        expect(cells[0]).toBe(c.side);
        expect(cells[1]).toBe(c.path);
        expect(cells[2]).toBe(
          c.declared === null ? '❔ unknown (handshake not seen)' : c.declared ? '✅ yes' : '❌ no',
        );
        if (c.declared === true && c.used === 0 && c.usedBelow === 0) {
          neverUsed++;
          expect(cells[3]).toBe('⚠️ 0 — declared, never used');
        } else if (c.used === 0 && c.usedBelow > 0) {
          throughChildren++;
          expect(cells[3]).toBe(
            `0 — used through its sub-capabilities (${c.usedBelow} ${c.usedBelow === 1 ? 'message' : 'messages'})`,
          );
        } else expect(cells[3]).toBe(String(c.used));
        if (c.usedUndeclared > 0) {
          undeclared++;
          expect(cells[4]).toBe(`❌ ${c.usedUndeclared} — used undeclared`);
        } else expect(cells[4]).toBe('0');
      });
    });
    expect(neverUsed).toBeGreaterThan(0);
    expect(throughChildren).toBeGreaterThan(0);
    expect(undeclared).toBeGreaterThan(0);
  });

  it('draws each session as a sequence diagram with the right arrow per kind', async () => {
    const report = await reportOf([SAMPLE, bad('invalid-jsonrpc')]);
    const blocks = mermaidBlocks(render(report));
    expect(blocks).toHaveLength(report.sessions.length);
    report.sessions.forEach((s, k) => {
      const lines = blocks[k]!;
      expect(mermaidProblems(lines)).toEqual([]);
      expect(lines.slice(0, 3)).toEqual(['sequenceDiagram', '    participant Client', '    participant Server']);
      const steps: SequenceStep[] = [...s.sequence.head, ...s.sequence.tail];
      const known = (x: SequenceStep) => x.dir === 'c2s' || x.dir === 's2c';
      const count = (re: RegExp) => lines.filter((l) => re.test(l)).length;
      expect(count(/^ {4}(Client|Server)->>/)).toBe(steps.filter((x) => x.kind === 'request' && known(x)).length);
      expect(count(/^ {4}(Client|Server)-->>/)).toBe(steps.filter((x) => x.kind === 'response' && known(x)).length);
      expect(count(/^ {4}(Client|Server)--x/)).toBe(steps.filter((x) => x.kind === 'error' && known(x)).length);
      expect(count(/^ {4}(Client|Server)-\)/)).toBe(steps.filter((x) => x.kind === 'notification' && known(x)).length);
      expect(count(/^ {4}Note over Client,Server: event /)).toBe(steps.filter((x) => x.kind === 'event').length);
      // c2s goes Client → Server.
      const firstReq = steps.find((x) => x.kind === 'request' && x.dir === 'c2s');
      if (firstReq)
        expect(lines).toContain(
          `    Client->>Server: ${escapeMermaid(firstReq.label)}${firstReq.id === null ? '' : ` (id ${JSON.stringify(firstReq.id)})`}`,
        );
    });
    expect(report.sessions[0]!.sequence.head.length).toBeGreaterThan(10);
  });

  it('marks findings on the diagram after their message', async () => {
    const report = await reportOf(bad('invalid-jsonrpc'));
    const lines = mermaidBlocks(render(report))[0]!;
    const notes = lines.filter((l) => l.startsWith('    Note right of Server: '));
    const seqs = new Set(report.findings.map((f) => f.seq));
    expect(notes).toHaveLength(seqs.size);
    expect(notes.some((n) => n === '    Note right of Server: ⛔ invalid-jsonrpc')).toBe(true);
    expect(notes.some((n) => n.includes('orphan-response'))).toBe(true);
  });

  it('shows the elided middle of a long session between head and tail', async () => {
    const report = await reportWithLimits([SAMPLE], { sequenceHead: 5, sequenceTail: 3 });
    const s = report.sessions[0]!;
    expect(s.sequence.elided).toBeGreaterThan(0);
    const lines = renderSequenceMermaid(s, []).split('\n');
    const at = lines.indexOf(`    Note over Client,Server: … ${s.sequence.elided} messages elided …`);
    expect(at).toBe(3 + 5);
    expect(lines.length - at - 1).toBe(3);
    expect(render(report)).toContain(`Sequence diagram: ${5 + 3 + s.sequence.elided} messages, 8 shown`);
  });

  it('has no elision note when the whole session was kept', async () => {
    const report = await reportOf(bad('invalid-jsonrpc'));
    expect(report.sessions[0]!.sequence.elided).toBe(0);
    expect(renderSequenceMermaid(report.sessions[0]!, report.findings)).not.toContain('elided');
  });

  it('counts cell separators only where GFM splits cells', () => {
    expect(cellSeparators('| a \\| b | c |')).toBe(3);
    expect(tableProblems('| a | b |\n| --- | --- |\n| x \\| y | z |')).toEqual([]);
    expect(tableProblems('| a | b |\n| --- | --- |\n| x | y | z |')).toHaveLength(1);
  });
});

describe('escapeMermaid', () => {
  const hostile =
    'a;b#c %%{init: {"theme":"dark"}}%% <br/>"q" & `t` {x}\nnext\\n wrap: style s:#f00; classDef c fill:#f00;';

  it('leaves no character with a meaning in Mermaid, and nothing that ends the line', () => {
    const e = escapeMermaid(hostile);
    expect(e).not.toMatch(/[%"<>&{}`\n\r\\]/);
    // Every # starts an entity code and every ; ends one.
    expect(e.replace(/#(\d+|[a-z]+);/g, '')).not.toMatch(/[#;]/);
    expect(e).not.toMatch(/style|classDef/);
  });

  it('renders back to the text as the terminal would show it', () => {
    expect(decodeMermaid(escapeMermaid(hostile))).toBe(escapeTerminal(hostile));
  });

  it('defuses a leading wrap: directive', () => {
    expect(escapeMermaid('wrap:x')).toBe('wrap#58;x');
    expect(escapeMermaid('NoWrap:x')).toBe('NoWrap#58;x');
    expect(escapeMermaid('a wrap:x')).toBe('a wrap:x');
  });
});

describe('renderAuditMarkdown: What happened', () => {
  const CRASH = 'test/fixtures/failures/claude-desktop/mcp-server-notes-search-crash-x3.log';

  it("leads with a row per session (verdict, server, headline cause, side), then each failed session's causes and evidence", async () => {
    const out = render(await reportOf(CRASH));
    const happened = out.indexOf('### What happened');
    expect(happened).toBeGreaterThan(0);
    expect(happened).toBeLessThan(out.indexOf('### Findings by rule'));
    expect(out.split('\n')[2]).toMatch(/^❌ \*\*Failed\*\* 3 sessions failed · /);
    const rows = rowsOf(out, '| verdict | session |')[0]!;
    expect(rows).toHaveLength(3);
    expect(rows[0]).toMatch(
      /^\| ❌ failed \| notes-search \| notes-search \| server-exited: notes-search exited before answering initialize: AttributeError: 'NoneType' object has no attribute 'tools\\_changed' \| server \| `[^`]+crash-x3\.log:44` \|$/,
    );
    expect(rows[2]).toMatch(/\| spawn-failed: .* \| client \|/);
    expect(out).toContain('#### ❌ notes-search (session notes-search#2)');
    expect(out).toContain(
      '- **spawn-failed** (side: client, docs/causes/spawn-failed.md): the server could not be started',
    );
    expect(out).toMatch(
      /\n {2}```\n {2}\S+crash-x3\.log:44 {2}AttributeError: 'NoneType' object has no attribute 'tools_changed'\n/,
    );
    expect(tableProblems(out)).toEqual([]);
  });

  it('quotes hostile evidence so that no table breaks and no fence closes early', async () => {
    const base = await reportOf(CRASH);
    const evil = 'a | b `x` ``` c\n| d <b>&amp;</b> \u001b[31m';
    const report: AuditReport = {
      ...base,
      diagnoses: base.diagnoses.map((s) => ({
        ...s,
        diagnoses: s.diagnoses.map((d) => ({
          ...d,
          summary: evil,
          evidence: d.evidence.map((e) => ({ ...e, source: `x|y\`:${e.seq}`, text: evil })),
        })),
      })),
    };
    const out = render(report);
    expect(tableProblems(out)).toEqual([]);
    // The evidence block: a fence of four backticks, the text whole with the newline and escape made visible.
    expect(out).toContain('  ````\n  x|y`:');
    expect(out).toContain('  a | b `x` ``` c\\n| d <b>&amp;</b> \\x1b[31m\n  ````');
    // The where cell: a code span longer than the backtick inside, its bar escaped.
    expect(out).toMatch(/\| ``x\\\|y`:\d+`` \|\n/);
    expect(out).not.toContain('\u001b');
  });

  it('has no What happened without a diagnosis', async () => {
    const report = await reportOf(SAMPLE);
    expect(render({ ...report, diagnoses: [] })).not.toContain('What happened');
  });
});
