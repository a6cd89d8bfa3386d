// The detail pane of the selected record: its lines as the transcript prints them (marks, findings), each finding's
// rule page, its pair, the HTTP exchange that carried it, where the log has it, and the body as `--body pretty` shows it.
import { ruleDocUrl } from '../audit/doc-url.js';
import type { Palette } from '../output/color.js';
import { escapeTerminal } from '../output/escape.js';
import { formatTextRecord, prettyBodyLines } from '../output/text.js';
import type { TextLayout } from '../output/text-layout.js';
import { wrapWords } from '../output/wrap-words.js';
import type { Finding, HttpInfo, PipelineRecord } from '../types.js';
import { answersOf, rowLine } from './row-line.js';

interface DetailInput {
  record: PipelineRecord;
  /** An answer's request (its subject is on the line). */
  request: PipelineRecord | null;
  /** The pair (a request's answer, an answer's request), with its own request when it is an answer. */
  pair: PipelineRecord | null;
  tag: string;
  pairTag: string;
  /** Findings the end of the input added (an unanswered request). */
  endFindings: readonly Finding[];
}

export function detailLines(d: DetailInput, layout: TextLayout, p: Palette): string[] {
  const r = d.record;
  const width = layout.width;
  // The record's lines under the list's, in the same columns (the list's two columns of marks before them).
  const lines = formatTextRecord(r, p, { layout }, { answers: answersOf(r, d.request), session: d.tag })
    .split('\n')
    .map((x) => '  ' + x);
  for (const f of d.endFindings) {
    lines.push(
      ...wrapWords(
        `↳ ${f.severity} ${escapeTerminal(f.rule)}: ${escapeTerminal(f.message)} (at the end of the input)`,
        width - 4,
        width - 6,
      ).map((x, i) => (i === 0 ? '  ' : '    ') + x),
    );
  }
  const rules = [...new Set([...r.findings, ...d.endFindings].map((f) => f.rule))];
  if (rules.length > 0) {
    lines.push('', p.bold('rule pages'));
    for (const id of rules) lines.push(`  ${escapeTerminal(id)}  ${p.cyan(ruleDocUrl(escapeTerminal(id)))}`);
  }
  if (r.kind === 'request' || r.kind === 'response' || r.kind === 'error') {
    lines.push('', p.bold('pair'));
    if (d.pair !== null) lines.push('  ' + rowLine(d.pair, d.pair.kind === 'request' ? null : r, d.pairTag, layout, p));
    else
      lines.push('  ' + p.dim(r.kind === 'request' ? 'no answer in the log (yet)' : 'its request is not in the log'));
  }
  if (r.http !== undefined) lines.push('', p.bold('HTTP'), ...httpLines(r.http, width - 4).map((x) => '  ' + x));
  const at =
    r.wire.lines > 1
      ? `${r.wire.file}:${r.wire.line}-${r.wire.line + r.wire.lines - 1}`
      : `${r.wire.file}:${r.wire.line}`;
  lines.push(
    '',
    p.bold('source') + ' ' + p.dim(escapeTerminal(at) + (r.format === null ? '' : ` (${escapeTerminal(r.format)})`)),
  );
  lines.push('', p.bold('body'), ...prettyBodyLines(r, p, Math.max(10, width - 4)).map((x) => '  ' + x));
  return lines;
}

/** The exchange: `POST /mcp → 200 text/event-stream`, then the MCP headers the request carried. */
function httpLines(h: HttpInfo, width: number): string[] {
  // A request's own record has no status: its body was read before the answer came.
  const head = [`${escapeTerminal(h.method)} ${escapeTerminal(h.path)}`];
  if (h.status !== null) head.push(`→ ${h.status}`);
  if (h.contentType !== null) head.push(escapeTerminal(h.contentType));
  if (h.exchange !== null) head.push(`exchange ${h.exchange}`);
  head.push(`on ${escapeTerminal(h.conn)}`);
  if (h.stream !== null) head.push(`${h.stream} stream`);
  if (h.eventId !== null) head.push(`event id ${escapeTerminal(h.eventId)}`);
  const headers: [string, string | null | undefined][] = [
    ['Mcp-Session-Id', h.sessionId],
    ['MCP-Protocol-Version', h.protocolVersion],
    ['Accept', h.accept],
    ['Last-Event-ID', h.lastEventId],
    ['Mcp-Method', h.mcpMethod],
    ['Mcp-Name', h.mcpName],
    ['answer Mcp-Session-Id', h.answerSessionId],
  ];
  const out = wrapWords(head.join(' '), width, width);
  for (const [name, value] of headers)
    if (value !== null && value !== undefined)
      out.push(...wrapWords(`${name}: ${escapeTerminal(value)}`, width, width));
  for (const [name, value] of Object.entries(h.mcpParams ?? {}))
    out.push(...wrapWords(`Mcp-Param-${escapeTerminal(name)}: ${escapeTerminal(value)}`, width, width));
  if (h.afterClientClose) out.push('the answer reached the wire after the client closed the connection');
  if (h.lengthConflict)
    out.push(
      `Transfer-Encoding ${escapeTerminal(h.lengthConflict.transferEncoding)} beside Content-Length ${escapeTerminal(h.lengthConflict.contentLength ?? '(none)')}`,
    );
  return out;
}
