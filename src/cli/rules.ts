// `mcptrace rules [id]`: lists every rule with id, severity, revisions and doc link; with an id, prints its doc page.
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Argv } from 'yargs';
import { ruleDocUrl } from '../audit/doc-url.js';
import { severityFor } from '../rules/engine.js';
import { RULES } from '../rules/registry.js';
import type { CliIO } from './context.js';
import { writeText } from './writer.js';
import { UsageError } from './errors.js';
import { PACKAGE_ROOT } from './tool.js';

export interface RulesArgs {
  format: 'text' | 'json';
  /** One rule: its doc page (the id a finding names). */
  id?: string;
  /** With an id: only the page's path (in the installed package). */
  path?: boolean;
}

export function rulesBuilder(y: Argv) {
  return y
    .positional('id', { describe: 'a rule id (as a finding names it): print its documentation page', type: 'string' })
    .option('path', { describe: 'with an id: print only the path of its documentation page', type: 'boolean', default: false })
    .option('format', { alias: 'f', describe: 'output format', choices: ['text', 'json'], default: 'text' })
    .example('$0 rules', 'every rule, its default severity and where it is documented')
    .example('$0 rules orphan-response', "a rule's page: what it checks, the spec clause, a violating and a clean log");
}

export async function runRules(args: RulesArgs, io: CliIO): Promise<number> {
  if (args.id !== undefined) return ruleDoc(args.id, args.path === true, io);
  const rows = RULES.map((r) => ({
    id: r.meta.id,
    severity: r.meta.severity,
    severityFrom: r.meta.severityFrom ?? null,
    revisions: r.meta.revisions,
    description: r.meta.description,
    specUrl: r.meta.specUrl,
    docUrl: ruleDocUrl(r.meta.id),
  }));
  let text: string;
  if (args.format === 'json') text = JSON.stringify(rows, null, 2) + '\n';
  else {
    const width = Math.max(...rows.map((r) => r.id.length));
    text = rows
      .map((r) => {
        const sev = r.severityFrom
          ? `${r.severity}→${Object.entries(r.severityFrom).map(([rev]) => `${severityFor(RULES.find((x) => x.meta.id === r.id)!, rev)} from ${rev}`).join(', ')}`
          : r.severity;
        const revs = r.revisions === 'all' ? 'all revisions' : r.revisions.join(', ');
        return `${r.id.padEnd(width)}  ${sev.padEnd(8)}  ${revs}\n${' '.repeat(width + 2)}${r.docUrl} · ${r.specUrl}`;
      })
      .join('\n') + '\n';
  }
  await writeText(io.stdout, text);
  return 0;
}

/** `mcptrace rules ID`: the rule's doc page as shipped in the package (docs/rules/<id>.md), or its path. */
async function ruleDoc(id: string, pathOnly: boolean, io: CliIO): Promise<number> {
  if (!RULES.some((r) => r.meta.id === id)) {
    const near = RULES.map((r) => r.meta.id).filter((r) => r.includes(id) || id.includes(r));
    throw new UsageError(`no rule ${id}${near.length ? `; did you mean ${near.join(', ')}?` : ''} (mcptrace rules lists them)`);
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
    throw new UsageError(`the documentation of ${id} is missing from this installation: ${file} (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`);
  }
  await writeText(io.stdout, `${page.endsWith('\n') ? page : page + '\n'}`);
  return 0;
}
