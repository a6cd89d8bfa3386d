// A session as a Mermaid sequence diagram (Client and Server), with log text escaped for Mermaid.
import type { AuditFinding, AuditSession, SequenceStep } from '../../audit/types.js';
import type { Severity } from '../../types.js';
import { escapeTerminal } from '../escape.js';
import { formatMs } from '../../util/numbers.js';
import { truncate } from '../width.js';
import { SEVERITY_RANK } from './parts.js';
import { countOf } from '../../util/plural.js';
import { diagramItems } from './step-groups.js';

/**
 * Characters with a meaning in Mermaid source, as Mermaid entity codes (`#59;`), which render as the
 * character itself. In sequence diagrams `#` starts a comment and `;` ends a statement (the lexer's
 * message text is `[^#\n;]+`), `%%` starts a comment or an `%%{init}%%` directive (which could change
 * the diagram's configuration), `"` delimits strings, `<` `>` `&` would reach the SVG as markup (`<br>`,
 * `<script>`), `{` `}` open blocks, a backtick line could close the Markdown fence around the diagram,
 * and `\` is coded so the `\n` escapes of control characters read the same everywhere. One pass, so the
 * `#` and `;` of an inserted code are never escaped again.
 */
const MERMAID_CODES: Readonly<Record<string, string>> = {
  '#': '#35;',
  ';': '#59;',
  '%': '#37;',
  '"': '#quot;',
  '<': '#lt;',
  '>': '#gt;',
  '&': '#amp;',
  '{': '#123;',
  '}': '#125;',
  '`': '#96;',
  '\\': '#92;',
};
const MERMAID_ACTIVE = /[#;%"<>&{}`\\]/g;

/** Characters of one message or note label. */
const LABEL_WIDTH = 80;

/**
 * Untrusted text as Mermaid label text: control characters made visible first (a newline would end the
 * statement; it shows as `\n`, whose backslash then becomes `#92;`), then Mermaid's active characters
 * as entity codes. Mermaid strips a trailing `;` from lines that contain `style…:…#…;` or
 * `classDef…:…#…;` before it decodes entities, which would break the last code on the line, so those
 * two words get one letter as a code too.
 */
export function escapeMermaid(s: string): string {
  return mermaidCodes(escapeTerminal(s));
}

/** Escaping after `escapeTerminal` (so truncation can measure the visible text in between). */
function mermaidCodes(s: string): string {
  return (
    s
      .replace(MERMAID_ACTIVE, (c) => MERMAID_CODES[c] ?? c)
      .replace(/style/g, 'styl#101;')
      .replace(/classDef/g, 'classDe#102;')
      // Text that starts with `wrap:` or `nowrap:` would be read as a wrapping directive, not shown.
      .replace(/^((?:no-?)?wrap):/i, '$1#58;')
  );
}

const MARK: Readonly<Record<Severity, string>> = { error: '⛔', warning: '⚠', info: 'ℹ' };

function label(s: string, width = LABEL_WIDTH): string {
  return mermaidCodes(truncate(escapeTerminal(s), width));
}

/** Characters of a chain's header note: it names the operation and its times, and spans both lifelines. */
const TITLE_WIDTH = 110;

function idText(id: string | number | null): string {
  return id === null ? '' : typeof id === 'string' ? JSON.stringify(id) : String(id);
}

/** `(id 3, 12ms)` after a response or error; `(id 3)` after a request. */
function suffix(step: SequenceStep): string {
  const parts: string[] = [];
  if (step.id !== null) parts.push(`id ${idText(step.id)}`);
  if (step.latencyMs !== null) parts.push(formatMs(step.latencyMs));
  return parts.length === 0 ? '' : ` (${parts.join(', ')})`;
}

/** One step as Mermaid lines: requests `->>`, responses `-->>`, errors `--x`, notifications `-)`, the rest as notes. */
function stepLines(step: SequenceStep): string[] {
  const from = step.dir === 'c2s' ? 'Client' : 'Server';
  const to = step.dir === 'c2s' ? 'Server' : 'Client';
  const known = step.dir === 'c2s' || step.dir === 's2c';
  // A response's method is its request's; an orphan has none.
  const method = step.method === null ? '' : `${step.method} `;
  // An answer's label is its method and, for a modern request, its place in the operation (audit/sequence.ts).
  const leg = step.method !== null && step.label.startsWith(step.method) ? step.label.slice(step.method.length) : '';
  switch (step.kind) {
    case 'request':
      return known
        ? [`    ${from}->>${to}: ${label(step.label + suffix(step))}`]
        : [`    Note over Client,Server: ${label(`? request ${step.label}${suffix(step)}`)}`];
    case 'response':
      return known
        ? [`    ${from}-->>${to}: ${label(`${method}result${leg}${suffix(step)}`)}`]
        : [`    Note over Client,Server: ${label(`? ${method}result${leg}${suffix(step)}`)}`];
    case 'error':
      return known
        ? [`    ${from}--x${to}: ${label(`${method}error${leg}${suffix(step)}`)}`]
        : [`    Note over Client,Server: ${label(`? ${method}error${leg}${suffix(step)}`)}`];
    case 'notification':
      return known
        ? [`    ${from}-)${to}: ${label(step.label)}`]
        : [`    Note over Client,Server: ${label(`? ${step.label}`)}`];
    case 'invalid':
      return known
        ? [`    ${from}-x${to}: ${label('(invalid message)')}`]
        : [`    Note over Client,Server: ${label('(invalid message)')}`];
    case 'event':
      return [`    Note over Client,Server: ${label(`event ${step.label}`)}`];
    case 'log':
      // Log lines are not kept in sequences (audit/collector.ts): nothing to draw.
      return [];
  }
}

/** A note naming the rules that found something on the step (or just its severity when the findings were not kept). */
function findingNote(step: SequenceStep, findings: readonly AuditFinding[] | undefined): string[] {
  if (findings === undefined || findings.length === 0) {
    return step.severity === null ? [] : [`    Note right of Server: ${MARK[step.severity]} ${step.severity}`];
  }
  let worst: Severity = 'info';
  for (const f of findings) if (SEVERITY_RANK[f.severity] > SEVERITY_RANK[worst]) worst = f.severity;
  const rules = [...new Set(findings.map((f) => f.rule))].join(', ');
  return [`    Note right of Server: ${MARK[worst]} ${label(rules)}`];
}

/**
 * The session's `sequenceDiagram` source (no Markdown fence): the kept head, a note for the elided
 * middle, the kept tail; findings (from `findings`, matched by seq) as notes after their message.
 */
export function renderSequenceMermaid(session: AuditSession, findings: readonly AuditFinding[]): string {
  const bySeq = new Map<number, AuditFinding[]>();
  for (const f of findings) {
    if (f.session !== session.info.key) continue;
    const list = bySeq.get(f.seq);
    if (list) list.push(f);
    else bySeq.set(f.seq, [f]);
  }
  const lines = ['sequenceDiagram', '    participant Client', '    participant Server'];
  for (const item of diagramItems(session.sequence, { nest: true })) {
    const pad = '  '.repeat(item.kind === 'elided' ? 0 : item.depth);
    if (item.kind === 'step')
      lines.push(...[...stepLines(item.step), ...findingNote(item.step, bySeq.get(item.step.seq))].map((l) => pad + l));
    else if (item.kind === 'elided')
      lines.push(`    Note over Client,Server: … ${countOf(item.count, 'message')} elided …`);
    // A chain as one block: a shaded `rect` (translucent, so nested blocks read darker in light and dark themes)
    // headed by a note that names the operation; `rect` takes no label of its own.
    else if (item.kind === 'open')
      lines.push(
        `${pad}    rect rgba(127, 127, 127, 0.12)`,
        `${pad}      Note over Client,Server: ${label(item.continued ? item.group.continued : item.group.title, TITLE_WIDTH)}`,
      );
    else lines.push(`${pad}    end`);
  }
  return lines.join('\n');
}
