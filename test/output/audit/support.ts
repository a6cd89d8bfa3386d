// Shared by the audit renderer tests: a hostile log, fixture lookup, report building with limits, and output checkers.
import { readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AnalyzerOptions } from '../../../src/analyzer.js';
import type { AuditLimits } from '../../../src/audit/collector.js';
import type { AuditReport } from '../../../src/audit/types.js';
import type { Severity } from '../../../src/types.js';
import { reportOf } from '../../helpers/audit.js';
import { tempDir } from '../../helpers/temp.js';

export const SAMPLE = 'samples/everything.envelope.ndjson';
const VIOLATIONS = 'test/fixtures/violations';

/** Every `bad.*` log of the violation fixtures (one per rule), as `[rule, path]`. */
export function badFixtures(): Array<[string, string]> {
  return readdirSync(VIOLATIONS)
    .sort()
    .flatMap((rule) => {
      const bad = readdirSync(join(VIOLATIONS, rule)).find((f) => f.startsWith('bad.'));
      return bad === undefined ? [] : [[rule, join(VIOLATIONS, rule, bad)] as [string, string]];
    });
}

/** The bad log of one rule's fixtures. */
export function bad(rule: string): string {
  const hit = badFixtures().find(([r]) => r === rule);
  if (!hit) throw new Error(`no bad fixture for ${rule}`);
  return hit[1];
}

/** Like `reportOf`, with the collector's limits set (sequence head/tail, findings, sessions). */
export async function reportWithLimits(
  files: string[],
  limits: Partial<AuditLimits>,
  opts: AnalyzerOptions & { failOn?: Severity | 'none' } = {},
): Promise<AuditReport> {
  return reportOf(files, { ...opts, limits });
}

/**
 * Text that must not break any report: Markdown table and code (`|`, backticks), HTML (`<script>`), XML
 * (`]]>`, quotes, control characters), Mermaid (`#`, `;`, `%%{init}%%`, `style`), terminal (ESC, BEL,
 * bidi override), and line structure (LF, CR).
 */
export const EVIL = 'x|y`z\n<script>alert(1)</script>]]>"\'#;%%{init}%% style a:#f00; \x1b[2J\x07\u202eend\r\\|&amp;';

/**
 * Writes an envelope log whose session key, client and server names, tool name, error message, log level,
 * method, request id and an invalid line all carry EVIL, in a file whose name is hostile too.
 * Returns its path.
 */
export function writeEvilLog(): string {
  const dir = tempDir('evil-log');
  const file = join(dir, 'ev|il`<b>#1 "x"\x1b.ndjson');
  const t = (i: number) => `2026-01-01T00:00:0${i}.000Z`;
  const m = (i: number, dir: string, message: unknown) => JSON.stringify({ ts: t(i), dir, session: EVIL, message });
  const lines = [
    m(0, 'c2s', {
      jsonrpc: '2.0',
      id: 0,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: EVIL, version: '1' } },
    }),
    m(1, 's2c', {
      jsonrpc: '2.0',
      id: 0,
      result: {
        protocolVersion: '2025-06-18',
        capabilities: { tools: {}, logging: {} },
        serverInfo: { name: EVIL, version: EVIL },
      },
    }),
    m(2, 'c2s', { jsonrpc: '2.0', method: 'notifications/initialized' }),
    m(3, 'c2s', { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: EVIL, arguments: {} } }),
    m(4, 's2c', { jsonrpc: '2.0', id: 2, error: { code: -32602, message: EVIL } }),
    m(5, 'c2s', { jsonrpc: '2.0', id: 3, method: 'logging/setLevel', params: { level: EVIL } }),
    m(6, 's2c', { jsonrpc: '2.0', id: 3, result: {} }),
    m(7, 'c2s', { jsonrpc: '2.0', id: EVIL, method: EVIL }),
    JSON.stringify({ ts: t(8), dir: 'c2s', session: EVIL, line: `{"broken": ${EVIL}` }),
  ];
  writeFileSync(file, lines.join('\n') + '\n');
  return file;
}

/** Characters no text report may print raw: C0 but LF, DEL, C1, line/paragraph separators, bidi controls. */
export const TERMINAL_UNSAFE = /[\x00-\x09\x0b-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;

/** Number of `|` in a Markdown table line that GFM splits cells on (not backslash-escaped). */
export function cellSeparators(line: string): number {
  let n = 0;
  for (let i = 0; i < line.length; i++) {
    if (line[i] === '\\') i++;
    else if (line[i] === '|') n++;
  }
  return n;
}

/** Markdown tables outside code fences: runs of consecutive lines starting with `|`. */
export function markdownTables(md: string): string[][] {
  const tables: string[][] = [];
  let current: string[] | null = null;
  let fenced = false;
  for (const line of md.split('\n')) {
    if (line.startsWith('```')) fenced = !fenced;
    if (!fenced && line.startsWith('|')) {
      if (current === null) tables.push((current = []));
      current.push(line);
    } else {
      current = null;
    }
  }
  return tables;
}

/** Problems with the tables: a row with another cell count than its header, or a missing delimiter row. */
export function tableProblems(md: string): string[] {
  const out: string[] = [];
  for (const t of markdownTables(md)) {
    const want = cellSeparators(t[0]!);
    if (t.length < 2 || !/^\|( ---:? \|)+$/.test(t[1]!)) out.push(`no delimiter row under ${t[0]}`);
    for (const row of t) if (cellSeparators(row) !== want) out.push(`cells differ from header: ${row}`);
  }
  return out;
}

/** The bodies of the ```mermaid blocks. */
export function mermaidBlocks(md: string): string[][] {
  const blocks: string[][] = [];
  let current: string[] | null = null;
  for (const line of md.split('\n')) {
    if (current === null && line === '```mermaid') current = [];
    else if (current !== null && line === '```') {
      blocks.push(current);
      current = null;
    } else if (current !== null) current.push(line);
  }
  if (current !== null) throw new Error('unterminated mermaid block');
  return blocks;
}

/** Label text: no raw Mermaid-active character, every `#` starts an entity code, every `;` ends one. */
const LABEL = String.raw`(?:[^#;%"<>&{}\x60\\\n\r]|#(?:\d+|[a-z]+);)+`;
const MERMAID_LINE = new RegExp(
  String.raw`^(?:sequenceDiagram|    participant (?:Client|Server)|    (?:Client|Server)(?:->>|-->>|--x|-x|-\))(?:Client|Server): ${LABEL}|    Note (?:over Client,Server|right of Server): ${LABEL})$`,
);

/** Lines of a mermaid block that do not match the shapes the renderer may emit. */
export function mermaidProblems(lines: readonly string[]): string[] {
  const out = lines.filter(
    (l) => !MERMAID_LINE.test(l) || /^\s*(?:wrap|nowrap):/i.test(l.split(': ').slice(1).join(': ')),
  );
  if (lines[0] !== 'sequenceDiagram') out.unshift('does not start with sequenceDiagram');
  return out;
}

/** Mermaid entity codes back to characters (what Mermaid shows). */
export function decodeMermaid(s: string): string {
  const named: Record<string, string> = { quot: '"', lt: '<', gt: '>', amp: '&' };
  return s.replace(/#(\d+|[a-z]+);/g, (m, code: string) =>
    /^\d+$/.test(code) ? String.fromCodePoint(Number(code)) : (named[code] ?? m),
  );
}
