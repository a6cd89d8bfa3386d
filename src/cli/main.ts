// Command-line entry: parses arguments with yargs and dispatches to a command; returns the exit code.
import yargs from 'yargs';
import { annotateBuilder, runAnnotate, type AnnotateArgs } from './annotate.js';
import { processIO, type CliIO } from './context.js';
import { EXIT, UsageError } from './errors.js';
import { runStats, statsBuilder, type StatsArgs } from './stats.js';

const EPILOG = 'Input formats: raw NDJSON, envelope NDJSON, pcap-style transcripts, JSON documents (detected per file).\nDocs: README.md';

export async function main(argv: readonly string[], io: CliIO = processIO()): Promise<number> {
  let exitCode: number = EXIT.ok;
  const debug = argv.includes('--debug');
  const fail = (message: string): void => {
    io.stderr.write(`mcptrace: ${message}\n`);
    exitCode = EXIT.usage;
  };
  const run = (fn: () => Promise<number>) => async () => {
    try {
      exitCode = await fn();
    } catch (err) {
      if (err instanceof UsageError) return fail(err.message);
      if (debug) io.stderr.write(`${(err as Error).stack ?? String(err)}\n`);
      fail(`internal error: ${(err as Error).message} (run with --debug for details)`);
    }
  };
  let pending: Promise<void> | undefined;
  const parser = yargs([...argv])
    .scriptName('mcptrace')
    .usage('$0 <command> [options] [files..]\n\nRead MCP session logs and explain them.')
    .command(
      ['annotate [files..]', '$0 [files..]'],
      'print the annotated transcript (text, ndjson, json)',
      annotateBuilder,
      (a) => {
        pending = run(() => runAnnotate(a as unknown as AnnotateArgs, io))();
      },
    )
    .command('stats [files..]', 'traffic statistics: lifecycle vs operation, methods, latency, pairing', statsBuilder, (a) => {
      pending = run(() => runStats(a as unknown as StatsArgs, io))();
    })
    .strict()
    .recommendCommands()
    .help()
    .alias('h', 'help')
    .version()
    .epilog(EPILOG)
    .wrap(Math.min(110, process.stdout.columns ?? 100))
    .exitProcess(false)
    .fail((msg, err) => {
      fail(msg ?? err?.message ?? 'invalid arguments');
    });
  let helpOrVersion = false;
  await parser.parseAsync(argv as string[], {}, (err, _parsed, output) => {
    if (output && !err) {
      io.stdout.write(output + '\n');
      helpOrVersion = true;
    }
  });
  if (pending) await pending;
  return helpOrVersion ? EXIT.ok : exitCode;
}
