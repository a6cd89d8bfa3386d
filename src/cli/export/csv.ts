// `export --to csv [--out FILE]`: the flat columns of the records (or sessions) table as RFC 4180 CSV, for spreadsheets.
import { createWriteStream } from 'node:fs';
import type { Argv } from 'yargs';
import { csvHeader, csvRow } from '../../export/columnar/csv.js';
import { RECORDS } from '../../export/columnar/record-columns.js';
import { RecordRows } from '../../export/columnar/record-row.js';
import { SESSIONS, SessionTally } from '../../export/columnar/session-rows.js';
import { escapeTerminal } from '../../output/escape.js';
import { UsageError } from '../../util/errors.js';
import { OutputWriter } from '../writer.js';
import { csvParallel } from './csv-jobs.js';
import { exportRecords } from './records.js';
import { sayWrote } from '../wrote.js';
import { countOf } from '../../util/plural.js';
import { runIdOf, type ExportArgs, type ExportTarget } from './target.js';

interface CsvArgs extends ExportArgs {
  table: 'records' | 'sessions';
}

export const csvTarget: ExportTarget = {
  describe: 'csv: the records (or --table sessions) as RFC 4180 CSV to --out FILE or stdout',
  options: <T>(y: Argv<T>) =>
    y.option('table', {
      describe: 'csv: which table: one row per record, or one per session',
      choices: ['records', 'sessions'],
      default: 'records',
      group: 'CSV:',
    }) as unknown as Argv<T>,
  async run(a, io) {
    const args = a as CsvArgs;
    const run = runIdOf(args);
    const file = args.out === undefined ? null : createWriteStream(args.out);
    if (file) {
      await new Promise<void>((resolve, reject) => file.once('open', () => resolve()).once('error', reject)).catch(
        (err: NodeJS.ErrnoException) => {
          throw new UsageError(`--out ${args.out}: cannot write (${err.code ?? err.message})`);
        },
      );
    }
    const end = async (rows: number) => {
      if (!file) return;
      await new Promise<void>((resolve, reject) => file.end((e?: Error | null) => (e ? reject(e) : resolve())));
      await sayWrote(io, args.out!, countOf(rows, 'row'));
    };
    // On a terminal, control characters from the logs are shown escaped (ARCHITECTURE.md principle 7); files get them as they are.
    const terminal = file === null && io.stdout.isTTY;
    // Large input (or --jobs N) in worker threads, but on a terminal (csv-jobs.ts).
    if (!terminal) {
      const rows = await csvParallel(args, io, run, file ?? io.stdout);
      if (rows !== null) return end(rows).then(() => 0);
    }
    const out = new OutputWriter(file ?? io.stdout);
    const shown = terminal ? escapeTerminal : (s: string) => s;
    const rows = new RecordRows(run);
    const tally = new SessionTally(run);
    const records = args.table === 'records';
    let rowCount = 0;
    out.write(csvHeader((records ? RECORDS : SESSIONS).columns as never));
    await exportRecords(args, io, {
      add: (r) => {
        const row = rows.row(r);
        if (records) {
          rowCount++;
          return out.write(shown(csvRow(RECORDS.columns, row)));
        }
        tally.add(row);
      },
      end: async (summary) => {
        if (!records)
          for (const s of tally.rows(summary)) rowCount++, await out.write(shown(csvRow(SESSIONS.columns, s)));
        await out.end();
        await end(rowCount);
      },
    });
    return 0;
  },
};
