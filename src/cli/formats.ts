// `mcptrace formats`: lists every input format and host dialect (the format registry) with its family, what writes it and
// one example line.
import type { Argv } from 'yargs';
import { FORMATS } from '../input/formats/index.js';
import { FAMILY_KINDS } from '../input/formats/types.js';
import { escapeTerminal } from '../output/escape.js';
import type { CliIO } from './context.js';
import { writeText } from './writer.js';
import { readerWidth } from './columns.js';
import { WIDTH_OPTION } from './options.js';
import { wrapCell } from '../output/wrap-cell.js';

export interface FormatsArgs {
  format: 'text' | 'json';
  width?: number;
}

export function formatsBuilder(y: Argv) {
  return y
    .option('format', { alias: 'f', describe: 'output format', choices: ['text', 'json'], default: 'text' })
    .option('width', WIDTH_OPTION)
    .example('$0 formats', 'every input format and host log mcptrace reads, with an example line each');
}

export async function runFormats(args: FormatsArgs, io: CliIO): Promise<number> {
  // `kind`: listed with the formats, or with the dialects (another program's own log or capture).
  const rows = FORMATS.map((f) => ({
    name: f.name,
    kind: FAMILY_KINDS[f.family],
    family: f.family,
    title: f.title,
    example: f.example,
  }));
  let text: string;
  if (args.format === 'json') text = JSON.stringify(rows, null, 2) + '\n';
  else {
    const width = Math.max(...rows.map((r) => Math.max(r.name.length, r.family.length + 2)));
    // On a terminal (or at --width, or $COLUMNS when piped) the title and the example wrap under their column.
    const fits = readerWidth(io, args.width);
    const column = (t: string) => (fits === undefined ? [t] : wrapCell(t, Math.max(20, fits - width - 4)).split('\n'));
    const row = (r: (typeof rows)[number]) => {
      const title = column(r.title);
      const right = [...title, ...column(escapeTerminal(r.example))];
      // The family beside the example, as the name beside the title.
      return right
        .map((t, i) => `  ${(i === 0 ? r.name : i === title.length ? `(${r.family})` : '').padEnd(width)}  ${t}`)
        .join('\n');
    };
    const block = (kind: string, heading: string) =>
      [heading, ...rows.filter((r) => r.kind === kind).map(row)].join('\n');
    const notes = [
      'Under each name: its family (who writes it), then an example line.',
      'Detected per input from its first lines (a packet capture from its first bytes); --input-format NAME forces one.',
    ];
    text =
      `${block('format', 'Formats:')}\n\n${block('dialect', 'Host logs (dialects):')}\n\n` +
      notes.map((n) => (fits === undefined ? n : wrapCell(n, fits))).join('\n') +
      '\n';
  }
  await writeText(io.stdout, text);
  return 0;
}
