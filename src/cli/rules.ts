// `mcptrace rules`: lists every rule with id, severity, revisions and doc link.
import type { Argv } from 'yargs';
import { ruleDocUrl } from '../audit/doc-url.js';
import { severityFor } from '../rules/engine.js';
import { RULES } from '../rules/registry.js';
import type { CliIO } from './context.js';
import { writeText } from './writer.js';

export interface RulesArgs {
  format: 'text' | 'json';
}

export function rulesBuilder(y: Argv) {
  return y
    .option('format', { alias: 'f', describe: 'output format', choices: ['text', 'json'], default: 'text' })
    .example('$0 rules', 'every rule, its default severity and where it is documented');
}

export async function runRules(args: RulesArgs, io: CliIO): Promise<number> {
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
