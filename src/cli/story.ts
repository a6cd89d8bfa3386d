// `mcptrace story LOG REQUEST`: one request's story — its progress, log messages, cancellation, MRTR legs, tasks, the
// other side's requests while it ran, its answer, the findings and marks on each, as a timeline with the times of
// each step. The request is named by its JSON-RPC id, by a record of the transcript (`#41`), or as the Nth call of a
// tool (`--tool NAME --nth N`) or request of a method (`--method M --nth N`).
import type { Argv } from 'yargs';
import { Diagnoser } from '../diagnose/diagnoser.js';
import { nearest } from '../filter/suggest.js';
import { escapeJsonForTerminal, escapeTerminal } from '../output/escape.js';
import { storyToJson } from '../output/story-json.js';
import { formatStoryText } from '../output/story-text.js';
import { requestTitle } from '../output/story-words.js';
import { findRequests, nearestIds, parseRequestArg, type StoryQuery } from '../story/find.js';
import { storyOf } from '../story/story.js';
import type { PipelineRecord, Side } from '../types.js';
import { outputWidth } from './columns.js';
import { openRun, paletteFor, type CliIO, type RunArgs } from './context.js';
import { UsageError } from '../util/errors.js';
import { inputOptions, WIDTH_OPTION } from './options.js';
import { positiveInteger } from './numeric-options.js';
import { ruleOptions, ruleSettings, type RuleArgs } from './rule-options.js';
import { writeText } from './writer.js';

export interface StoryArgs extends RuleArgs {
  file: string;
  request?: string;
  method?: string;
  tool?: string;
  nth?: number;
  session?: string;
  from?: Side;
  format: 'text' | 'json';
  body?: boolean;
  width?: number;
  color?: boolean;
  inputFormat?: RunArgs['inputFormat'];
  maxPending: number;
  maxSessions?: number;
  maxMessageBytes?: number;
  logLevel: string;
}

export function storyBuilder(y: Argv) {
  return ruleOptions(inputOptions(y, { files: null, follow: false }))
    .positional('file', { describe: 'the log to read; - for stdin', type: 'string' })
    .positional('request', {
      describe:
        'the request: its JSON-RPC id (5, "abc"), or #N for the record numbered N in the transcript (the request, or a record of its story)',
      type: 'string',
    })
    .option('tool', { describe: 'the first tools/call of this tool (--nth N: the Nth)', type: 'string' })
    .option('method', { describe: 'the first request of this method (--nth N: the Nth)', type: 'string' })
    .option('nth', {
      describe: 'with --tool or --method: the Nth such request in the log',
      type: 'number',
      coerce: positiveInteger('nth'),
    })
    .option('session', {
      describe: 'the session, as the transcript names it (━━ session 1): an id is per session',
      type: 'string',
    })
    .option('from', { describe: 'the side that sent the request: an id is per sender', choices: ['client', 'server'] })
    .option('format', { alias: 'f', describe: 'output format', choices: ['text', 'json'], default: 'text' })
    .option('body', { describe: "with -f json: each step's message", type: 'boolean', default: false })
    .option('width', WIDTH_OPTION)
    .example('$0 story samples/everything.envelope.ndjson 12', 'the story of the request with id 12')
    .example("$0 story samples/everything.envelope.ndjson '#41'", 'the story of the request recorded as #41')
    .example('$0 story --tool echo --nth 2 log.ndjson', 'the second call of the tool echo')
    .example('$0 story -f json log.ndjson 7 --session 2', 'request 7 of session 2, as JSON');
}

/** One line per candidate request, as the transcript names it. */
function candidateLine(r: PipelineRecord): string {
  const from = r.dir === 'c2s' ? 'client' : r.dir === 's2c' ? 'server' : '?';
  return `  #${r.seq}  session ${r.session}  from ${from}  id ${JSON.stringify(r.id)}  ${requestTitle(r)}  (${r.source})`;
}

function queryOf(args: StoryArgs): StoryQuery {
  const q: StoryQuery = args.request === undefined ? {} : parseRequestArg(args.request);
  if (args.request === undefined && args.tool === undefined && args.method === undefined) {
    throw new UsageError(
      'story: name the request: its id, #N (a record of the transcript), --tool NAME or --method NAME',
    );
  }
  if (args.nth !== undefined && args.tool === undefined && args.method === undefined)
    throw new UsageError('story: --nth counts the calls of --tool or the requests of --method');
  if (args.tool !== undefined) q.tool = args.tool;
  if (args.method !== undefined) q.method = args.method;
  if (args.nth !== undefined) q.nth = args.nth;
  if (args.session !== undefined) q.session = args.session;
  if (args.from !== undefined) q.from = args.from;
  return q;
}

/** What the query asked for, in words, for the message that says nothing matched. */
function asked(q: StoryQuery): string {
  const what =
    q.seq !== undefined
      ? `record #${q.seq}`
      : q.id !== undefined
        ? `id ${q.id}`
        : q.tool !== undefined
          ? `call ${q.nth ?? 1} of tool ${q.tool}`
          : `request ${q.nth ?? 1} of ${q.method}`;
  const where = [
    q.session === undefined ? '' : `in session ${q.session}`,
    q.from === undefined ? '' : `from the ${q.from}`,
  ].filter((x) => x !== '');
  return [what, ...where].join(' ');
}

export async function runStory(args: StoryArgs, io: CliIO): Promise<number> {
  const query = queryOf(args);
  const settings = await ruleSettings(args);
  const diagnoser = new Diagnoser({ slowMs: settings.ruleOptions.slowMs, maxLive: args.maxSessions });
  const run: RunArgs = {
    files: [args.file],
    inputFormat: args.inputFormat,
    maxPending: args.maxPending,
    maxSessions: args.maxSessions,
    maxMessageBytes: args.maxMessageBytes,
    logLevel: args.logLevel,
  };
  const records: PipelineRecord[] = [];
  const mark = (r: PipelineRecord) => {
    const marks = diagnoser.observe(r);
    if (marks) r.marks = marks;
  };
  const { batches } = openRun(
    run,
    io,
    { rules: settings.rules, ruleOptions: settings.ruleOptions },
    undefined,
    mark,
    (f) => diagnoser.wentWrong(f),
  );
  // A story is made of messages and the marks a failure leaves: a host's other lines are not kept.
  for await (const batch of batches)
    for (const r of batch) if ((r.kind !== 'log' && r.kind !== 'event') || r.marks !== undefined) records.push(r);
  const found = findRequests(records, query) as PipelineRecord[];
  if (found.length === 0) {
    const other = query.id === undefined ? [] : findRequests(records, { id: query.id });
    const near =
      query.id !== undefined && other.length === 0
        ? nearestIds(
            records.filter((r) => query.session === undefined || r.session === query.session),
            query.id,
            nearest,
          )
        : [];
    const elsewhere = other
      .map((r) => `#${r.seq} of session ${r.session}, from the ${r.dir === 's2c' ? 'server' : 'client'}`)
      .slice(0, 5);
    const hint =
      elsewhere.length > 0
        ? `; id ${query.id} is ${elsewhere.join('; ')}`
        : near.length > 0
          ? `; nearest ids: ${near.join(', ')}`
          : query.seq !== undefined
            ? '; give the number of a request, an answer, or a record that names its request'
            : '';
    io.stderr.write(`mcptrace: story: no request matches ${escapeTerminal(asked(query))}${escapeTerminal(hint)}\n`);
    return 1;
  }
  if (found.length > 1) {
    const sessions = new Set(found.map((r) => r.session)).size;
    const dirs = new Set(found.map((r) => r.dir)).size;
    const how = [sessions > 1 ? '--session' : '', dirs > 1 ? '--from' : '', "'#N'"].filter((x) => x !== '').join(', ');
    io.stderr.write(
      `mcptrace: story: ${escapeTerminal(asked(query))} names ${found.length} requests; choose one with ${how}:\n`,
    );
    for (const r of found) io.stderr.write(`${escapeTerminal(candidateLine(r))}\n`);
    return 1;
  }
  const story = storyOf(
    records.filter((r) => r.session === found[0]!.session),
    found[0]!.seq,
  )!;
  if (args.format === 'json') {
    const text = JSON.stringify(storyToJson(story, { body: args.body === true }), null, 2) + '\n';
    await writeText(io.stdout, io.stdout.isTTY ? escapeJsonForTerminal(text) : text);
  } else await writeText(io.stdout, formatStoryText(story, paletteFor(io, args.color), outputWidth(io, args.width)));
  return 0;
}
