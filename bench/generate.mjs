// Benchmark data: large, realistic MCP logs made from the recorded samples, in raw NDJSON, envelope NDJSON and transcript form.
//
// A generated log is a run of sessions, alternating the two recordings (server-everything, server-memory). Each
// session is its recording's handshake, then its operation traffic repeated `copies` times, then its shutdown events.
// Copy k shifts every numeric request id, cancelled `requestId` and progress token by k × 1000 (in both directions)
// and suffixes task ids, so pairing, progress and task tracking stay right, and moves its times on by the length of
// the recording, so latencies stay real and times keep increasing. Every message is real traffic; only ids and times
// change.
//
//   node bench/generate.mjs [--size 10m,100m,1g] [--dir DIR] [--formats ndjson,envelope,transcript,claude-desktop,unique,real] [--copies N] [--force]
//
// Files: DIR/<size>.ndjson, DIR/<size>.envelope.ndjson, DIR/<size>.transcript.txt (DIR defaults to $TMPDIR/mcptrace-bench),
// and with `unique`, DIR/<size>.unique.ndjson: raw NDJSON whose payloads all differ (no schema verdict is cached);
// with `real`, DIR/<size>.real.ndjson: raw NDJSON whose bytes are mostly large results, as in a real session. In it,
// every request whose answer is a heavy result (a `tools/call` or `resources/read` result of REAL_HEAVY_BYTES or more:
// in server-everything's recording get-tiny-image's and get-annotated-message's base64 PNG, the extension.md
// resource's long text) is sent REAL_REPEATS more times beside the recorded one, each repeat with its own id (the
// recorded id + r × 100 within the copy's id space) and the recorded times (the repeats are in flight together, their
// answers follow the recorded answer), so that large results carry most of the file's bytes. The results are as
// recorded: a repeated payload is a cached schema verdict (`unique` is the other end).
// A file is kept when it exists with the same generator version and options (see the .meta.json next to it).
import {
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  statSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { toRawNdjson, toTranscript } from '../scripts/sample-formats.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const GENERATOR_VERSION = 2;
const ID_STEP = 1000;

/** Envelope NDJSON: one record per line, keys as recorded (ts, dir|event, …), as `wrap --out` writes them. */
const toEnvelopeNdjson = (records) => records.map((r) => JSON.stringify(r) + '\n').join('');

export const FORMATS = {
  ndjson: { ext: 'ndjson', render: (records) => toRawNdjson(records) },
  // Raw NDJSON in which no two payloads are alike (a counter in each params' and result's `_meta`), as in a real
  // session whose tool results and resources differ: no schema verdict is ever cached. Not in the default set.
  unique: { ext: 'unique.ndjson', render: (records) => toRawNdjson(records.map(uniquePayload)) },
  // Raw NDJSON weighted toward the heavy results of a real session (images as base64, long texts, resource contents):
  // see REAL_REPEATS. Not in the default set.
  real: { ext: 'real.ndjson', expand: (records) => realWeighted(records), render: (records) => toRawNdjson(records) },
  envelope: { ext: 'envelope.ndjson', render: (records) => toEnvelopeNdjson(records) },
  transcript: {
    ext: 'transcript.txt',
    render: (records, session, first, opening) => transcript(records, session, first, opening),
  },
  // A Claude Desktop per-server log (generation 2, README "Reading your host's log"), with its noise: launch lines,
  // the command dump, the server's stderr (a banner, a logging line every 25 messages) and the close lines.
  'claude-desktop': {
    ext: 'claude-desktop.log',
    render: (records, session, _first, opening) => claudeDesktop(records, session, opening),
  },
};

export const DEFAULT_DIR = join(tmpdir(), 'mcptrace-bench');

/** `10m` → 10,000,000 bytes (decimal units, as MB/s are reported). */
export function parseSize(s) {
  const m = /^(\d+(?:\.\d+)?)\s*([kmg]?)b?$/i.exec(String(s).trim());
  if (!m) throw new Error(`bad size ${s}: use e.g. 10m, 100m, 1g`);
  const mult = { '': 1, k: 1e3, m: 1e6, g: 1e9 }[m[2].toLowerCase()];
  return Math.round(Number(m[1]) * mult);
}

/** A recording split into handshake (up to `notifications/initialized`), operation traffic and shutdown events. */
function loadRecording(file) {
  const records = readFileSync(join(ROOT, 'samples', file), 'utf8')
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => JSON.parse(l));
  const init = records.findIndex((r) => r.line && JSON.parse(r.line).method === 'notifications/initialized');
  let tailStart = records.length;
  while (tailStart > 0 && records[tailStart - 1].event) tailStart--;
  const head = records.slice(0, init + 1);
  const body = records.slice(init + 1, tailStart).map((r) => (r.line ? { ...r, message: JSON.parse(r.line) } : r));
  const tail = records.slice(tailStart);
  const t0 = Date.parse(body[0].ts);
  const t1 = Date.parse(body[body.length - 1].ts);
  return { name: file.split('.')[0], head, body, tail, span: t1 - t0 + 1 };
}

const shiftTs = (ts, ms) => (ms === 0 ? ts : new Date(Date.parse(ts) + ms).toISOString());

/** A copy of a message with ids, progress tokens and task ids moved into copy k's own space. */
function shiftMessage(v, k, key) {
  if (Array.isArray(v)) return v.map((x) => shiftMessage(x, k, null));
  if (v !== null && typeof v === 'object') {
    const out = {};
    for (const [name, x] of Object.entries(v)) out[name] = shiftMessage(x, k, name);
    return out;
  }
  if ((key === 'id' || key === 'requestId' || key === 'progressToken') && typeof v === 'number') return v + k * ID_STEP;
  if ((key === 'progressToken' || key === 'taskId') && typeof v === 'string') return `${v}-${k}`;
  return v;
}

/** Copy k of a recording's operation traffic. */
function bodyCopy(rec, k, offsetMs) {
  return rec.body.map((r) => {
    if (!r.message) return { ...r, ts: shiftTs(r.ts, offsetMs) };
    const line = k === 0 ? r.line : JSON.stringify(shiftMessage(r.message, k, null));
    return { ts: shiftTs(r.ts, offsetMs), dir: r.dir, line };
  });
}

let payloads = 0;

/** A record whose message's params and result carry `_meta.bench`, a number no other payload has. */
function uniquePayload(r) {
  if (!r.line) return r;
  const m = JSON.parse(r.line);
  for (const part of ['params', 'result']) {
    const v = m[part];
    if (v !== null && typeof v === 'object' && !Array.isArray(v))
      m[part] = { ...v, _meta: { ...v._meta, bench: ++payloads } };
  }
  return { ...r, line: JSON.stringify(m) };
}

const REAL_REPEATS = 8;
const REAL_HEAVY_BYTES = 1000;
const REAL_HEAVY_METHODS = new Set(['tools/call', 'resources/read']);

/**
 * Records with every heavy client request (its answer a `tools/call` or `resources/read` result of REAL_HEAVY_BYTES or
 * more, answered right after it) and its answer sent REAL_REPEATS more times: request r's id is the recorded one + r × 100
 * (the recordings' ids stay under 100, a copy's id space is ID_STEP wide); times as recorded.
 */
function realWeighted(records) {
  const out = [];
  for (let i = 0; i < records.length; i++) {
    const r = records[i];
    out.push(r);
    const answer = records[i + 1];
    if (r.dir !== 'c2s' || answer?.dir !== 's2c' || answer.line.length < REAL_HEAVY_BYTES) continue;
    const req = JSON.parse(r.line);
    const res = JSON.parse(answer.line);
    if (!REAL_HEAVY_METHODS.has(req.method) || typeof req.id !== 'number' || res.id !== req.id || !('result' in res))
      continue;
    const ids = Array.from({ length: REAL_REPEATS }, (_, n) => req.id + (n + 1) * 100);
    for (const id of ids) out.push({ ...r, line: JSON.stringify({ ...req, id }) });
    out.push(answer);
    i++;
    for (const id of ids) out.push({ ...answer, line: JSON.stringify({ ...res, id }) });
  }
  return out;
}

/** Transcript lines of part of a session; only its first part opens it with `=== session NAME ===`. */
function transcript(records, session, first, opening) {
  const header = first
    ? [`mcptrace benchmark data (bench/generate.mjs v${GENERATOR_VERSION}) from the recorded samples; times are UTC`]
    : [];
  const text = toTranscript(records, { session, header });
  return opening ? text : text.slice(text.indexOf('\n') + 1);
}

const CLAUDE_EVENTS = {
  'stdin-closed': 'Client transport closed',
  'stdout-closed': 'Server transport closed',
  exit: 'Shutting down server...',
};
let stderrCount = 0;

/** Claude Desktop lines of part of a session: its first part is a launch (a new session of the server). */
function claudeDesktop(records, session, opening) {
  const server = session.replace(/-\d+$/, '');
  const out = [];
  const host = (ts, text, suffix = ' { metadata: undefined }') => out.push(`${ts} [${server}] [info] ${text}${suffix}`);
  const ts0 = records[0]?.ts ?? new Date(0).toISOString();
  if (opening) {
    host(ts0, 'Initializing server...');
    host(ts0, `Using MCP server command: /usr/local/bin/npx with args and path: {`, '');
    out.push(
      '  metadata: {',
      `    args: [ '-y', '@modelcontextprotocol/server-${server}', [length]: 2 ],`,
      "    paths: [ '/usr/local/bin', '/usr/bin', '/bin', [length]: 3 ]",
      '  }',
      '} %o',
    );
    host(ts0, 'Server started and connected successfully');
    out.push(`${server} MCP server running on stdio`);
  }
  for (const r of records) {
    if (r.line) {
      host(r.ts, `Message from ${r.dir === 'c2s' ? 'client' : 'server'}: ${r.line}`);
      if (++stderrCount % 25 === 0) out.push(`[${server}] handled ${stderrCount} messages`);
    } else if (r.event && CLAUDE_EVENTS[r.event]) host(r.ts, CLAUDE_EVENTS[r.event]);
  }
  return out.join('\n') + '\n';
}

/**
 * Writes one log of about `size` bytes: whole sessions of `copies` operation copies each; the last session stops
 * adding copies once the size is reached (then ends with its shutdown events).
 */
export function generate(file, format, size, copies) {
  const recordings = [loadRecording('everything.envelope.ndjson'), loadRecording('memory.envelope.ndjson')];
  const fmt = FORMATS[format];
  const tmp = `${file}.partial`;
  const fd = openSync(tmp, 'w');
  let written = 0;
  let messages = 0;
  let sessions = 0;
  let clock = 0; // ms added to the recorded times, so that sessions follow one another
  const put = (recorded, name, first, opening) => {
    const records = fmt.expand ? fmt.expand(recorded) : recorded;
    const text = fmt.render(records, name, first, opening);
    written += writeSync(fd, text);
    messages += records.filter((r) => r.dir).length;
  };
  try {
    while (written < size) {
      const rec = recordings[sessions % recordings.length];
      sessions++;
      const name = `${rec.name}-${sessions}`;
      const session = rec.head.map((r) => ({ ...r, ts: shiftTs(r.ts, clock) }));
      let k = 0;
      for (; k < copies && (k === 0 || written < size); k++) {
        session.push(...bodyCopy(rec, k, clock + k * rec.span));
        put(session.splice(0), name, sessions === 1 && k === 0, k === 0);
      }
      const tailShift = clock + (k - 1) * rec.span;
      put(
        rec.tail.map((r) => ({ ...r, ts: shiftTs(r.ts, tailShift) })),
        name,
        false,
        false,
      );
      clock += k * rec.span + 60_000;
    }
  } finally {
    closeSync(fd);
  }
  renameSync(tmp, file);
  return { bytes: written, messages, sessions };
}

/** The data file for a size and format, generated unless an up-to-date one exists. */
export function ensureData({ dir = DEFAULT_DIR, size, format, copies = 50, force = false, log = () => {} }) {
  mkdirSync(dir, { recursive: true });
  const label = typeof size === 'string' ? size.toLowerCase() : String(size);
  const bytes = parseSize(size);
  const file = join(dir, `${label}.${FORMATS[format].ext}`);
  const metaFile = `${file}.meta.json`;
  const want = { version: GENERATOR_VERSION, size: bytes, format, copies };
  if (!force && existsSync(file) && existsSync(metaFile)) {
    const meta = JSON.parse(readFileSync(metaFile, 'utf8'));
    if (
      meta.version === want.version &&
      meta.size === want.size &&
      meta.format === want.format &&
      meta.copies === want.copies &&
      statSync(file).size === meta.bytes
    ) {
      return { file, ...meta };
    }
  }
  log(`generating ${file} …`);
  const t = Date.now();
  const result = generate(file, format, bytes, copies);
  const meta = { ...want, ...result };
  writeFileSync(metaFile, JSON.stringify(meta, null, 2) + '\n');
  log(
    `  ${(result.bytes / 1e6).toFixed(1)} MB, ${result.messages} messages, ${result.sessions} sessions in ${((Date.now() - t) / 1000).toFixed(1)} s`,
  );
  return { file, ...meta };
}

function parseArgs(argv) {
  const opts = {
    sizes: ['10m', '100m'],
    dir: DEFAULT_DIR,
    formats: ['ndjson', 'envelope', 'transcript'],
    copies: 50,
    force: false,
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const next = () => argv[++i];
    if (a === '--size' || a === '--sizes') opts.sizes = next().split(',');
    else if (a === '--dir') opts.dir = next();
    else if (a === '--formats' || a === '--format') opts.formats = next().split(',');
    else if (a === '--copies') opts.copies = Number(next());
    else if (a === '--force') opts.force = true;
    else throw new Error(`unknown option ${a}`);
  }
  for (const f of opts.formats)
    if (!FORMATS[f]) throw new Error(`unknown format ${f}: ${Object.keys(FORMATS).join(', ')}`);
  return opts;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const opts = parseArgs(process.argv.slice(2));
  for (const size of opts.sizes) {
    for (const format of opts.formats) {
      const d = ensureData({
        dir: opts.dir,
        size,
        format,
        copies: opts.copies,
        force: opts.force,
        log: (m) => process.stderr.write(m + '\n'),
      });
      process.stdout.write(`${d.file}\t${d.bytes}\t${d.messages}\n`);
    }
  }
}
