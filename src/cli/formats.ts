// `mcptrace formats`: lists every input format and host dialect with what writes it and one example line.
import type { Argv } from 'yargs';
import { formatInfos } from '../input/format-info.js';
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
  const rows = formatInfos();
  let text: string;
  if (args.format === 'json') text = JSON.stringify(rows, null, 2) + '\n';
  else {
    const width = Math.max(...rows.map((r) => r.name.length));
    const block = (kind: string, heading: string) =>
      [heading, ...rows.filter((r) => r.kind === kind).map((r) => `  ${r.name.padEnd(width)}  ${r.title}\n  ${' '.repeat(width)}  ${escapeTerminal(r.example)}`)].join('\n');
    text = `${block('format', 'Formats:')}\n\n${block('dialect', 'Host logs (dialects):')}\n\nDetected per input from its first lines (a packet capture from its first bytes); --input-format NAME forces one.\n`;
  }
  await writeText(io.stdout, text);
  return 0;
}
