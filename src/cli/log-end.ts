// `--since 5m`, `--until 5m`: a duration before the log's end, which is the latest record time over all the inputs.
// It takes a first pass over the inputs (every record read, only the latest time kept), then the run reads them as
// usual with the duration turned into a time (docs/filter.md "Shortcuts").
import { Analyzer } from '../analyzer.js';
import { analyzeStreamBatches } from '../analyze-stream.js';
import { laterTime, timeBefore, timeParts, type TimeParts } from '../filter/time.js';
import { durationMs } from '../filter/units.js';
import { NO_RULES } from '../rules/registry.js';
import type { CliIO, RunArgs } from './context.js';
import { UsageError } from '../util/errors.js';
import { resolveInputs, STDIN_ARG } from './inputs.js';

const FLAGS = ['since', 'until'] as const;

/** Whether `--since` or `--until` is a duration (the log's end is needed); a usage error where there is no end to read first. */
export function needsLogEnd(args: RunArgs): boolean {
  const given = FLAGS.filter((f) => args[f] !== undefined && durationMs(args[f]!) !== null);
  if (given.length === 0) return false;
  const flag = `--${given[0]} ${args[given[0]!]}`;
  if (args.follow)
    throw new UsageError(
      `${flag}: a duration before the log's end cannot be used with --follow (the log has no end yet): give a time instead (--${given[0]} 10:32)`,
    );
  const files = args.files ?? [];
  if (files.length === 0 || files.some((f) => f === '-' || f === STDIN_ARG)) {
    throw new UsageError(
      `${flag}: a duration before the log's end needs a file to read twice, not stdin: save it to a file, or give a time instead (--${given[0]} 10:32)`,
    );
  }
  return true;
}

/**
 * `args` with a duration in `--since`/`--until` turned into the time that long before the log's end, found by reading
 * every input once with the same readers (rules off). A log with no time at all: a usage error.
 */
export async function atLogEnd<T extends RunArgs>(args: T, io: CliIO): Promise<T> {
  if (!needsLogEnd(args)) return args;
  const analyzer = new Analyzer({
    inputFormat: args.inputFormat,
    maxPending: args.maxPending,
    maxSessions: args.maxSessions,
    maxMessageBytes: args.maxMessageBytes,
    rules: NO_RULES,
  });
  let end: TimeParts | null = null;
  for (const input of await resolveInputs(args.files, io.stdin)) {
    for await (const batch of analyzeStreamBatches(analyzer, input.open, input.name)) {
      for (let i = 0; i < batch.length; i++) {
        const ts = batch[i]!.ts;
        const t = ts === null ? null : timeParts(ts);
        if (t !== null) end = laterTime(end, t);
      }
    }
  }
  const out = { ...args };
  for (const flag of FLAGS) {
    const ms = args[flag] === undefined ? null : durationMs(args[flag]);
    if (ms === null) continue;
    if (end === null)
      throw new UsageError(`--${flag} ${args[flag]}: the log has no record time, so no end to count back from`);
    out[flag] = timeBefore(end, ms);
  }
  return out;
}
