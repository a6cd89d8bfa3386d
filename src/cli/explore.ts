// `mcptrace explore`: the records of a log in a full-screen terminal view (src/explore/): the list, the detail of a
// message, the filter line, jumps, the sessions and the diagnosis. Needs a terminal; `--follow` keeps the list live.
import { openSync } from 'node:fs';
import { basename } from 'node:path';
import { PassThrough } from 'node:stream';
import { ReadStream } from 'node:tty';
import type { Argv } from 'yargs';
import { Diagnoser } from '../diagnose/diagnoser.js';
import { evidenceLines, quoteEvidence } from '../diagnose/quote.js';
import type { SessionDiagnosis } from '../diagnose/types.js';
import { Explorer } from '../explore/explorer.js';
import { parseQuery } from '../explore/filter-scan.js';
import { composeFrame } from '../explore/frame.js';
import { RecordIndex } from '../explore/record-index.js';
import { Screen, type TerminalIn } from '../explore/screen.js';
import { RecordSpill } from '../explore/spill.js';
import type { Finding, SessionInfo } from '../types.js';
import { openRun, paletteFor, type CliIO, type RunArgs } from './context.js';
import { UsageError } from '../util/errors.js';
import { STDIN_ARG } from './inputs.js';
import { inputOptions } from './options.js';
import { ruleOptions, ruleSettings, type RuleArgs } from './rule-options.js';
import { readSourceLines } from './source-lines.js';

export interface ExploreArgs extends RunArgs, RuleArgs {
  /** The filter line's expression at start. */
  where?: string;
  color?: boolean;
}

export function exploreBuilder(y: Argv) {
  return ruleOptions(inputOptions(y))
    .option('where', {
      alias: 'Y',
      describe: 'start with this filter (the --where language, docs/filter.md); / changes it',
      type: 'string',
    })
    .example(
      '$0 explore session.ndjson',
      'browse the messages: Enter opens one, / filters, n the next finding, ? the keys',
    )
    .example('$0 explore --follow capture.ndjson', 'the list grows as the capture does');
}

/** How long records may wait before the screen shows them, while a log is read. */
const DRAW_MS = 50;
const SIGNAL_EXIT = { SIGINT: 130, SIGTERM: 143, SIGHUP: 129 } as const;

/** The view takes the terminal: without one as stdout, `what` is refused in one line that says what to do `instead`. */
export function requireTerminal(io: CliIO, what: string, instead: string): void {
  if (io.stdout.isTTY !== true) throw new UsageError(`${what} needs a terminal and stdout is not one: ${instead}`);
}

/** `title`: what the title line names instead of the files (`proxy --explore`: the URL to give the host). */
export async function runExplore(args: ExploreArgs, io: CliIO, title = titleOf(args.files)): Promise<number> {
  requireTerminal(io, 'explore', 'use mcptrace annotate for the transcript in a file or a pipe');
  if (args.where !== undefined) {
    const q = parseQuery(args.where);
    if (!q.ok) throw new UsageError(`--where ${args.where}`, { column: '--where '.length + q.column, note: q.message });
  }
  const settings = await ruleSettings(args);
  const diagnoser = new Diagnoser({ slowMs: settings.ruleOptions.slowMs, maxLive: args.maxSessions });
  // What the run says on stderr (input notes, a followed file's news) would scribble over the screen: it is kept and
  // written once the terminal is given back.
  const notes: Buffer[] = [];
  const stderr = new PassThrough();
  stderr.on('data', (b: Buffer) => notes.push(b));
  const stop = new AbortController();
  const follow = args.follow === true;
  const { analyzer, batches } = openRun(
    { ...args, where: undefined },
    { ...io, stderr },
    { rules: settings.rules, ruleOptions: settings.ruleOptions },
    follow ? stop.signal : undefined,
    (r) => {
      const marks = diagnoser.observe(r);
      if (marks) r.marks = marks;
    },
    (f) => diagnoser.wentWrong(f),
  );

  const index = new RecordIndex();
  const spill = new RecordSpill();
  const endFindings = new Map<number, Finding[]>();
  let finalDiagnosis: SessionDiagnosis[] | null = null;
  const sessionsNow = () =>
    index.sessions.map((s) => analyzer.session(s.key)).filter((s): s is SessionInfo => s !== undefined);
  const explorer = new Explorer(
    {
      index,
      read: (row) => spill.read(row),
      sessionInfo: (key) => analyzer.session(key),
      diagnosis: () => finalDiagnosis ?? diagnoser.finish({ sessions: sessionsNow(), open: analyzer.snapshot().open }),
      endFindings: (seq) => endFindings.get(seq) ?? [],
    },
    paletteFor(io, args.color),
    title,
  );
  explorer.status = follow ? 'following' : 'reading';
  if (args.where !== undefined) {
    explorer.key('/');
    explorer.prompt!.text = args.where;
    explorer.key('return');
  }

  const keysIn: TerminalIn =
    (io.stdin as TerminalIn).isTTY === true ? (io.stdin as TerminalIn) : new ReadStream(openSync('/dev/tty', 'r'));
  let finish!: (code: number | Error) => void;
  const ended = new Promise<number>((resolve, reject) => {
    finish = (x) => (x instanceof Error ? reject(x) : resolve(x));
  });
  const guard =
    <A extends unknown[]>(f: (...a: A) => void) =>
    (...a: A) => {
      try {
        f(...a);
      } catch (err) {
        finish(err as Error);
      }
    };
  let drawTimer: NodeJS.Timeout | null = null;
  let working = false;
  const draw = guard(() => {
    if (drawTimer !== null) clearTimeout(drawTimer);
    drawTimer = null;
    screen.draw(composeFrame(explorer, screen.width, screen.height));
    if (!working && explorer.scan !== null && !explorer.scan.done) {
      working = true;
      setImmediate(step);
    }
  });
  const step = guard(() => {
    working = false;
    explorer.work();
    draw();
  });
  const soon = () => {
    drawTimer ??= setTimeout(draw, DRAW_MS);
  };
  const screen = new Screen(
    io.stdout,
    keysIn,
    guard((name) => {
      if (explorer.key(name)) finish(0);
      else draw();
    }),
    draw,
  );
  const onSignal = (sig: keyof typeof SIGNAL_EXIT) => finish(SIGNAL_EXIT[sig]);
  for (const sig of Object.keys(SIGNAL_EXIT) as (keyof typeof SIGNAL_EXIT)[]) process.on(sig, onSignal);
  if (io.stop) io.stop.addEventListener('abort', () => finish(0));

  let quitting = false;
  const reading = (async () => {
    for await (const batch of batches) {
      for (const r of batch) {
        spill.append(r);
        index.add(r);
      }
      explorer.grew();
      soon();
      if (quitting) return;
      await new Promise((resolve) => setImmediate(resolve));
    }
    if (quitting) return;
    const summary = analyzer.summary();
    for (const f of summary.findings) {
      const row = index.rowOfSeq(f.seq);
      if (row < 0) continue;
      index.addFindings(row, [f]);
      endFindings.set(f.seq, [...(endFindings.get(f.seq) ?? []), f]);
    }
    const diagnosis = diagnoser.finish(summary);
    const lines = await readSourceLines(evidenceLines(diagnosis));
    quoteEvidence(diagnosis, (file, n) => lines.get(file)?.get(n));
    finalDiagnosis = diagnosis;
    explorer.status = 'done';
    explorer.grew();
    draw();
  })().catch((err: Error) => finish(err));

  try {
    screen.start();
    draw();
    return await ended;
  } finally {
    quitting = true;
    stop.abort();
    if (drawTimer !== null) clearTimeout(drawTimer);
    screen.restore();
    for (const sig of Object.keys(SIGNAL_EXIT) as (keyof typeof SIGNAL_EXIT)[]) process.off(sig, onSignal);
    if (keysIn !== io.stdin) keysIn.destroy();
    await reading.catch(() => {});
    spill.close();
    for (const b of notes) io.stderr.write(b);
  }
}

function titleOf(files: readonly string[] | undefined): string {
  // The file's name without its folders: the title has room for little else beside the counts.
  const names = (files ?? []).map((f) => (f === STDIN_ARG ? 'stdin' : basename(f)));
  if (names.length === 0) return 'stdin';
  return names.length === 1 ? names[0]! : `${names[0]} and ${names.length - 1} more`;
}
