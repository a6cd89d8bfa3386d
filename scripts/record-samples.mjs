#!/usr/bin/env node
// Re-records samples/ from real MCP servers through the official SDK client (run from anywhere).
//
//   node scripts/record-samples.mjs [--http-only | --skip-http]
//
// Needs the built CLI (`npm run build`): each session runs through `mcptrace wrap --out`, and
// samples/everything.envelope.ndjson (server-everything) and samples/memory.envelope.ndjson
// (server-memory) are wrap's captures, byte for byte. everything.ndjson, everything.transcript.txt
// and everything.json are re-framed from the everything capture. The HTTP samples (scripts/http-samples.mjs):
// everything-http.pcap (tcpdump on lo, as root), everything-http.har (Debian's Chromium) and everything-http.curl.txt
// (curl -v); `--skip-http` keeps the ones there are, `--http-only` records only them. Then checks them and prints
// method counts. Progress goes to stderr, the summary to stdout; exit 1 when a check fails.
import { createReadStream, existsSync } from 'node:fs';
import { copyFile, mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { recordCurl, recordHar, recordPcap } from './http-samples.mjs';
import { recordEverything, recordMemory } from './sessions.mjs';
import { analyze, formatCounts, toJsonDocument, toRawNdjson, toTranscript } from './sample-formats.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const samples = join(root, 'samples');

// The whole run is bounded: a wedged server must not hang CI or a developer's shell.
const watchdog = setTimeout(() => {
  process.stderr.write('record: gave up after 180 s\n');
  process.exit(1);
}, 180_000);
watchdog.unref();

async function versionOf(pkg) {
  const json = JSON.parse(await readFile(join(root, 'node_modules', pkg, 'package.json'), 'utf8'));
  return `${pkg} ${json.version}`;
}

// What each everything session must contain (server-to-client requests, notifications, …).
const REQUIRED_EVERYTHING = [
  's2c request sampling/createMessage',
  's2c request elicitation/create',
  's2c request roots/list',
  's2c notification notifications/progress',
  'c2s notification notifications/cancelled',
  's2c notification notifications/resources/updated',
  's2c notification notifications/message',
  'c2s request completion/complete',
  'c2s notification notifications/roots/list_changed',
  'c2s request ping',
];

/** Every line of a written envelope file must parse, as must each embedded wire line. */
async function checkEnvelopeFile(path) {
  const problems = [];
  const lines = (await readFile(path, 'utf8')).split('\n');
  if (lines.pop() !== '') problems.push(`${path}: no final newline`);
  lines.forEach((text, i) => {
    try {
      const record = JSON.parse(text);
      if (record.dir) JSON.parse(record.line);
    } catch (error) {
      problems.push(`${path}:${i + 1}: ${error.message}`);
    }
  });
  return problems;
}

/**
 * An HTTP sample read back by the built analyzer: one session, every answer paired, no invalid record, under 200 KB,
 * and the traffic it is meant to show (progress on a POST's stream, the DELETE that ends the session).
 */
async function checkHttpSample(path) {
  const list = [];
  const { analyze } = await import(join(root, 'dist', 'src', 'analyze-stream.js'));
  const { records } = await analyze(createReadStream(path), { file: path });
  const messages = records.filter((r) => ['request', 'response', 'error', 'notification'].includes(r.kind));
  const size = (await stat(path)).size;
  if (size > 200 * 1024) list.push(`${size} bytes: more than 200 KB`);
  for (const r of records.filter((r) => r.kind === 'invalid'))
    list.push(`${r.source}: invalid record: ${r.findings[0]?.message}`);
  for (const r of messages.filter((r) => (r.kind === 'response' || r.kind === 'error') && r.pair === null))
    list.push(`${r.source}: answer without its request`);
  if (new Set(messages.map((r) => r.session)).size !== 1) list.push('not one session');
  if (!messages.some((r) => r.method === 'notifications/progress')) list.push('missing: notifications/progress');
  if (!records.some((r) => r.event?.name === 'http-delete')) list.push('missing: http-delete');
  return { summary: `${size} bytes, ${records.length} records, ${messages.length} messages`, list };
}

const HTTP_SAMPLES = ['everything-http.pcap', 'everything-http.har', 'everything-http.curl.txt'];

async function main() {
  const [sdk, everything, _memory] = await Promise.all([
    versionOf('@modelcontextprotocol/sdk'),
    versionOf('@modelcontextprotocol/server-everything'),
    versionOf('@modelcontextprotocol/server-memory'),
  ]);
  if (!existsSync(join(root, 'dist', 'cli', 'mcptrace.js')))
    throw new Error('dist/cli/mcptrace.js is missing: run `npm run build` first');
  await mkdir(samples, { recursive: true });
  const stdio = !process.argv.includes('--http-only');
  const http = !process.argv.includes('--skip-http');

  // Captured to a scratch folder first, so a failed recording leaves samples/ as it was.
  const scratch = await mkdtemp(join(tmpdir(), 'mcptrace-record-'));
  const captures = {
    everything: join(scratch, 'everything.envelope.ndjson'),
    memory: join(scratch, 'memory.envelope.ndjson'),
  };
  const everythingRecords = stdio ? await recordEverything(root, captures.everything) : [];
  const memoryRecords = stdio ? await recordMemory(root, captures.memory) : [];
  if (http) {
    process.stderr.write('record: everything over Streamable HTTP, captured by tcpdump\n');
    await recordPcap(root, join(scratch, HTTP_SAMPLES[0]));
    process.stderr.write('record: everything over Streamable HTTP, recorded as HAR by Chromium\n');
    await recordHar(root, join(scratch, HTTP_SAMPLES[1]));
    process.stderr.write('record: everything over Streamable HTTP, tried by hand with curl -v\n');
    await recordCurl(root, join(scratch, HTTP_SAMPLES[2]));
  }

  const out = (name) => join(samples, name);
  if (http) for (const name of HTTP_SAMPLES) await copyFile(join(scratch, name), out(name));
  if (stdio) {
    const recordedAt = everythingRecords[0]?.ts ?? new Date().toISOString();
    await copyFile(captures.everything, out('everything.envelope.ndjson'));
    await copyFile(captures.memory, out('memory.envelope.ndjson'));
    await writeFile(out('everything.ndjson'), toRawNdjson(everythingRecords));
    await writeFile(
      out('everything.transcript.txt'),
      toTranscript(everythingRecords, {
        session: 'everything',
        header: [
          `${everything} over stdio, client ${sdk} (Client), recorded ${recordedAt}`,
          'through mcptrace wrap by scripts/record-samples.mjs; re-framed from samples/everything.envelope.ndjson; times are UTC',
        ],
      }),
    );
    await writeFile(
      out('everything.json'),
      toJsonDocument(
        everythingRecords,
        `${everything} over stdio, client ${sdk}; re-framed from samples/everything.envelope.ndjson (recorded ${recordedAt})`,
      ),
    );
  }
  await rm(scratch, { recursive: true, force: true });

  let failed = false;
  const stdioSamples = [
    ['everything.envelope.ndjson', everythingRecords, REQUIRED_EVERYTHING],
    ['memory.envelope.ndjson', memoryRecords, []],
  ];
  for (const [name, records, required] of stdio ? stdioSamples : []) {
    const { counts, problems, observations } = analyze(records);
    problems.push(...(await checkEnvelopeFile(out(name))));
    for (const key of required) if (!counts.has(key)) problems.push(`missing: ${key}`);
    const messages = records.filter((r) => r.dir).length;
    console.log(`\nsamples/${name}: ${records.length} records, ${messages} messages`);
    console.log(formatCounts(counts));
    for (const note of observations) console.log(`  note: ${note}`);
    for (const problem of problems) console.log(`  PROBLEM: ${problem}`);
    failed ||= problems.length > 0;
  }
  for (const name of http ? HTTP_SAMPLES : []) {
    const problems = await checkHttpSample(out(name));
    console.log(`\nsamples/${name}: ${problems.summary}`);
    for (const problem of problems.list) console.log(`  PROBLEM: ${problem}`);
    failed ||= problems.list.length > 0;
  }
  console.log(failed ? '\nrecord: checks FAILED' : '\nrecord: all checks passed');
  process.exit(failed ? 1 : 0);
}

main().catch((error) => {
  process.stderr.write(`record: ${error?.stack ?? error}\n`);
  process.exit(1);
});
