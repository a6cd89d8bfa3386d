// `mcptrace formats`: lists every input format and host dialect (the format registry) with its family, what writes it and
// one example line.
import type { Argv } from 'yargs';
import { FORMATS } from '../input/formats/index.js';
import { FAMILY_KINDS } from '../input/formats/types.js';
import { escapeTerminal } from '../output/escape.js';
import type { CliIO } from './context.js';
import { writeText } from './writer.js';

export interface FormatsArgs {
  format: 'text' | 'json';
}

export function formatsBuilder(y: Argv) {
  return y
    .option('format', { alias: 'f', describe: 'output format', choices: ['text', 'json'], default: 'text' })
    .example('$0 formats', 'every input format and host log mcptrace reads, with an example line each');
}

export async function runFormats(args: FormatsArgs, io: CliIO): Promise<number> {
  // `kind`: listed with the formats, or with the dialects (another program's own log or capture).
  const rows = FORMATS.map((f) => ({ name: f.name, kind: FAMILY_KINDS[f.family], family: f.family, title: f.title, example: f.example }));
  let text: string;
  if (args.format === 'json') text = JSON.stringify(rows, null, 2) + '\n';
  else {
    const width = Math.max(...rows.map((r) => Math.max(r.name.length, r.family.length + 2)));
    const block = (kind: string, heading: string) =>
      [heading, ...rows.filter((r) => r.kind === kind).map((r) => `  ${r.name.padEnd(width)}  ${r.title}\n  ${`(${r.family})`.padEnd(width)}  ${escapeTerminal(r.example)}`)].join('\n');
    text =
      `${block('format', 'Formats:')}\n\n${block('dialect', 'Host logs (dialects):')}\n\n` +
      'Under each name: its family (who writes it), then an example line.\n' +
      'Detected per input from its first lines (a packet capture from its first bytes); --input-format NAME forces one.\n';
  }
  await writeText(io.stdout, text);
  return 0;
}
