// A hostile log (pipes, backticks, newlines, <script>, ]]>, quotes, Mermaid syntax, control characters) through every audit format.
import { rmSync } from 'node:fs';
import { basename, dirname } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditReport } from '../../../src/audit/types.js';
import { createPalette } from '../../../src/output/color.js';
import { renderAuditJunit } from '../../../src/output/audit/junit.js';
import { renderAuditMarkdown } from '../../../src/output/audit/markdown.js';
import { renderAuditSarif } from '../../../src/output/audit/sarif.js';
import { renderAuditText } from '../../../src/output/audit/text.js';
import { escapeTerminal } from '../../../src/output/escape.js';
import { reportOf } from '../../helpers/audit.js';
import { stripSgr } from '../../helpers/records.js';
import {
  decodeMermaid,
  EVIL,
  markdownTables,
  mermaidBlocks,
  mermaidProblems,
  TERMINAL_UNSAFE,
  tableProblems,
  writeEvilLog,
} from './support.js';
import { elements, parseXml } from './xml-check.js';

const plain = { palette: createPalette(false) };
const color = { palette: createPalette(true) };
let file: string;
let report: AuditReport;

beforeAll(async () => {
  file = writeEvilLog();
  report = await reportOf(file, { failOn: 'warning' });
});

afterAll(() => rmSync(dirname(file), { recursive: true, force: true }));

describe('the hostile log', () => {
  it('puts raw hostile text into session, peers, tool name and finding messages (so the checks below mean something)', () => {
    expect(report.sessions[0]!.info.key).toBe(EVIL);
    expect(report.sessions[0]!.info.clientInfo?.name).toBe(EVIL);
    expect(Object.keys(report.stats.tools)).toContain(EVIL);
    expect(
      report.findings.some(
        (f) => f.message.includes('\x1b') && f.message.includes('\n') && f.message.includes('<script>'),
      ),
    ).toBe(true);
    expect(report.findings.length).toBeGreaterThanOrEqual(3);
    expect(report.failed).toBe(true);
  });
});

describe('text', () => {
  it('prints no control character, only SGR escapes, and every line of its own', () => {
    const p = renderAuditText(report, plain);
    const c = renderAuditText(report, color);
    expect(p).not.toMatch(TERMINAL_UNSAFE);
    expect(c.replace(/\x1b\[[0-9;]*m/g, '')).not.toMatch(TERMINAL_UNSAFE);
    expect(stripSgr(c)).toBe(p);
    // The hostile session key is on the header line, made visible.
    expect(p).toContain(`━━ session ${escapeTerminal(EVIL)}`);
    // One finding block per finding: the hostile newline did not add lines.
    expect(p.split('\n').filter((l) => /^ {3}[✖▲ℹ] /.test(l))).toHaveLength(report.findings.length);
  });
});

describe('markdown', () => {
  let md: string;
  beforeAll(() => {
    md = renderAuditMarkdown(report, plain);
  });

  it('keeps every table rectangular and every row on one line', () => {
    expect(tableProblems(md)).toEqual([]);
    const findingRows = markdownTables(md)
      .find((t) => t[0]!.startsWith('| severity | where |'))!
      .slice(2);
    expect(findingRows).toHaveLength(report.findings.length);
    const toolRows = markdownTables(md)
      .find((t) => t[0]!.startsWith('| tool |'))!
      .slice(2);
    expect(toolRows).toHaveLength(1);
  });

  it("lets no HTML, code span or control character through but the log's words quoted in our own blocks and spans", () => {
    // The evidence's fenced blocks (closed only by a fence as long as the opening one) and the where cells' code spans
    // hold the log's words as they are: nothing in them is HTML. Outside them and our own <details>/<summary>, every <
    // is backslash-escaped (shown, not parsed as HTML).
    const withoutSpans = (row: string) =>
      row.replace(/\| (`+) [^\n]*? \1 \|/g, '| |').replace(/\| (`+)[^ `][^\n]*?[^ `]?\1 \|/g, '| |');
    const ours = md
      .replace(/^( *)(`{3,})\n[\s\S]*?\n\1\2$/gm, '')
      .split('\n')
      .map(withoutSpans)
      .join('\n')
      .replace(/<\/?(details|summary)>/g, '')
      .replace(/\\./g, '');
    expect(ours).not.toContain('<');
    expect(md).not.toMatch(TERMINAL_UNSAFE);
    expect(markdownTables(md).length).toBeGreaterThan(0);
    for (const t of markdownTables(md))
      for (const row of t) expect(withoutSpans(row).replace(/\\./g, '')).not.toMatch(/[`<>&]/);
    expect(md).toContain('\\<script\\>');
  });

  it('keeps the Mermaid diagram to its grammar and shows the hostile text as written', () => {
    const blocks = mermaidBlocks(md);
    expect(blocks).toHaveLength(1);
    const lines = blocks[0]!;
    expect(mermaidProblems(lines)).toEqual([]);
    expect(lines.join('\n')).not.toMatch(/%%|<|style|classDef/);
    const tool = lines.find((l) => l.startsWith('    Client->>Server: tools/call '))!;
    expect(tool).toBeDefined();
    expect(decodeMermaid(tool)).toContain(`tools/call ${escapeTerminal(EVIL).slice(0, 40)}`);
    // Findings are noted on the diagram even on hostile records.
    expect(lines.filter((l) => l.startsWith('    Note right of Server: ')).length).toBeGreaterThan(0);
  });
});

describe('sarif', () => {
  it('is JSON that keeps messages exactly and gives the file as a URI reference', () => {
    const log = JSON.parse(renderAuditSarif(report, plain));
    const results = log.runs[0].results as Array<Record<string, any>>;
    // The diagnosis's results first, then the findings'.
    const causes = report.diagnoses.flatMap((s) => s.diagnoses.map((d) => d.summary));
    expect(causes.length).toBeGreaterThan(0);
    expect(results.map((r) => r.message.text)).toEqual([...causes, ...report.findings.map((f) => f.message)]);
    for (const r of results) {
      const uri: string = r.locations[0].physicalLocation.artifactLocation.uri;
      expect(uri).toMatch(/^file:\/\/\/(?:[A-Za-z0-9\-._~:/!$&'()*+,;=@]|%[0-9A-F]{2})*$/);
      expect(decodeURIComponent(uri.slice('file://'.length))).toBe(file);
      expect(uri.endsWith(encodeURIComponent(basename(file)))).toBe(true);
    }
    expect(results.map((r) => r.properties.session)).toEqual(results.map(() => EVIL));
  });
});

describe('junit', () => {
  it('is well-formed XML 1.0 that reads back the findings with control characters made visible', () => {
    const xml = renderAuditJunit(report, plain);
    expect(xml).not.toMatch(/[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u202a-\u202e]/);
    expect(xml).not.toContain('<script>');
    expect(xml).not.toMatch(/\]\]>/);
    const root = parseXml(xml);
    const suite = elements(root, 'testsuite')[0]!;
    // Tab, LF and CR survive as references; other controls, bidi overrides and separators show as escapes.
    const visible = (s: string) =>
      s.replace(/[\x1b\x07\u202e]/g, (c) => ({ '\x1b': '\\x1b', '\x07': '\\x07', '\u202e': '\\u202e' })[c]!);
    expect(suite.attrs.name).toBe(`session ${visible(EVIL)} · ${visible(file)}`);
    const failures = elements(root, 'failure');
    expect(failures.length).toBeGreaterThan(0);
    const shown = [...failures.map((f) => f.text), ...elements(root, 'system-out').map((s) => s.text)].join('\n');
    expect(shown).toContain('<script>alert(1)</script>]]>"\'');
    expect(shown).toContain('\\x1b[2J\\x07');
    expect(shown).toContain('\r');
    expect(failures.reduce((n, f) => n + f.text.split('\n').length, 0)).toBeGreaterThan(0);
  });
});
