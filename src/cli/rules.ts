// `mcptrace rules [id]`: lists every rule with id, severity, revisions and what it checks, one aligned row each; with an
// id, prints its doc page.
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Argv } from 'yargs';
import { ruleDocUrl } from '../audit/doc-url.js';
import { revisionsText } from '../rules/applies.js';
import { RULES } from '../rules/registry.js';
import type { RuleMeta } from '../rules/types.js';
import { escapeTerminal } from '../output/escape.js';
import { displayWidth, padEnd } from '../output/width.js';
import { wrapCell } from '../output/wrap-cell.js';
import { outputWidth } from './columns.js';
import { WIDTH_OPTION } from './options.js';
import type { CliIO } from './context.js';
import { UsageError } from '../util/errors.js';
import { PACKAGE_ROOT } from '../util/tool.js';
import { writeText } from './writer.js';

/** Narrowest description column; narrower, descriptions go below their rule. */
const MIN_DESCRIPTION = 40;

export interface RulesArgs {
  format: 'text' | 'json';
  width?: number;
  /** One rule: its doc page (the id a finding names). */
  id?: string;
  /** With an id: only the page's path (in the installed package). */
  path?: boolean;
}

export function rulesBuilder(y: Argv) {
  return y
    .positional('id', { describe: 'a rule id (as a finding names it): print its documentation page', type: 'string' })
    .option('path', {
      describe: 'with an id: print only the path of its documentation page',
      type: 'boolean',
      default: false,
    })
    .option('format', { alias: 'f', describe: 'output format', choices: ['text', 'json'], default: 'text' })
    .option('width', WIDTH_OPTION)
    .example('$0 rules', 'every rule, its default severity and what it checks')
    .example('$0 rules -f json', 'with the full descriptions, spec links and doc pages')
    .example('$0 rules orphan-response', "a rule's page: what it checks, the spec clause, a violating and a clean log");
}

/** Words ending in `.` that end no sentence. */
const ABBREVIATIONS = /(?:^|\s|\()(?:e\.g|i\.e|etc|vs|cf)\.$/;

/**
 * The description's first sentence: up to the first `.` `!` `?` outside double quotes that is followed by a space or the
 * end and ends no abbreviation (`e.g.`); a sentence that opens with a quoted sentence keeps the whole quote.
 */
function firstSentence(text: string): string {
  const t = text.trim().replace(/\s+/g, ' ');
  let quoted = false;
  for (let i = 0; i < t.length; i++) {
    const c = t[i]!;
    if (c === '"') quoted = !quoted;
    if (quoted || !'.!?'.includes(c) || (t[i + 1] !== undefined && t[i + 1] !== ' ')) continue;
    if (!ABBREVIATIONS.test(t.slice(0, i + 1))) return t.slice(0, i + 1);
  }
  return t;
}

/** `warning`, or `warning→error` when a later revision raises it (the revision goes in front of the description). */
function severityText(m: RuleMeta): string {
  const later = Object.values(m.severityFrom ?? {});
  return later.length === 0 ? m.severity : [m.severity, ...later].join('→');
}

function descriptionText(m: RuleMeta): string {
  const from = Object.entries(m.severityFrom ?? {}).map(([rev, sev]) => `${sev} from ${rev}`);
  return `${from.length === 0 ? '' : `(${from.join(', ')}) `}${firstSentence(m.description)}`;
}

/**
 * The table: id, severity, revisions, and the description wrapped at words under its column (a hanging indent); on a
 * terminal too narrow for that column, the description goes on the lines below its rule, indented.
 */
function rulesTable(width: number): string {
  const rows = RULES.map((r) => [
    r.meta.id,
    severityText(r.meta),
    revisionsText(r.meta.revisions),
    escapeTerminal(descriptionText(r.meta)),
  ]);
  const head = ['rule', 'severity', 'revisions', 'what it checks'];
  const w = (i: number) => Math.max(...[head, ...rows].map((r) => displayWidth(r[i]!)));
  const indent = [0, 1, 2].reduce((n, i) => n + w(i) + 2, 0);
  const below = width - indent < MIN_DESCRIPTION;
  const lines: string[] = [];
  for (const r of [head, ...rows]) {
    const left = [0, 1, 2].map((i) => padEnd(r[i]!, w(i))).join('  ');
    if (below) {
      lines.push(left.trimEnd());
      if (r !== head)
        lines.push(
          ...wrapCell(r[3]!, width - 4)
            .split('\n')
            .map((l) => `    ${l}`),
        );
      continue;
    }
    const [first, ...rest] = wrapCell(r[3]!, width - indent).split('\n');
    lines.push(`${left}  ${first}`, ...rest.map((l) => ' '.repeat(indent) + l));
  }
  const docs = fileURLToPath(new URL('docs/rules/', PACKAGE_ROOT));
  const foot = `Each rule's page: mcptrace rules <rule> (${docs}<rule>.md). Severities by revision, spec links and whole descriptions: mcptrace rules -f json.`;
  return [...lines, '', wrapCell(foot, Math.max(width, 40))].join('\n') + '\n';
}

export async function runRules(args: RulesArgs, io: CliIO): Promise<number> {
  if (args.id !== undefined) return ruleDoc(args.id, args.path === true, io);
  let text: string;
  if (args.format === 'json') {
    const rows = RULES.map((r) => ({
      id: r.meta.id,
      severity: r.meta.severity,
      severityFrom: r.meta.severityFrom ?? null,
      revisions: r.meta.revisions,
      description: r.meta.description,
      specUrl: r.meta.specUrl,
      docUrl: ruleDocUrl(r.meta.id),
    }));
    text = JSON.stringify(rows, null, 2) + '\n';
  } else text = rulesTable(outputWidth(io, args.width));
  await writeText(io.stdout, text);
  return 0;
}

/** `mcptrace rules ID`: the rule's doc page as shipped in the package (docs/rules/<id>.md), or its path. */
async function ruleDoc(id: string, pathOnly: boolean, io: CliIO): Promise<number> {
  if (!RULES.some((r) => r.meta.id === id)) {
    const near = RULES.map((r) => r.meta.id).filter((r) => r.includes(id) || id.includes(r));
    throw new UsageError(
      `no rule ${id}${near.length ? `; did you mean ${near.join(', ')}?` : ''} (mcptrace rules lists them)`,
    );
  }
  // The page as the package ships it (package.json `files`), wherever npm installed it.
  const file = fileURLToPath(new URL(`docs/rules/${id}.md`, PACKAGE_ROOT));
  if (pathOnly) {
    await writeText(io.stdout, `${file}\n`);
    return 0;
  }
  let page: string;
  try {
    page = await readFile(file, 'utf8');
  } catch (err) {
    throw new UsageError(
      `the documentation of ${id} is missing from this installation: ${file} (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`,
    );
  }
  await writeText(io.stdout, `${page.endsWith('\n') ? page : page + '\n'}`);
  return 0;
}
