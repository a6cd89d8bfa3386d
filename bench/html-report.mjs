// The HTML audit report of many sessions in a browser: its size, and how long Debian's Chromium takes to open it.
//
//   node bench/html-report.mjs [--sessions 300] [--runs 3] [--before /path/to/a/build/of/main] [--dir /tmp/x]
//
// The log is made here, at run time: every failing host log of test/fixtures/failures/ (their sessions are the ones
// that need attention), and the samples' sessions re-keyed (`"session": "s<N>"` on each envelope line) in one envelope
// NDJSON until the run has `--sessions` sessions. The report is written by the built CLI (`dist/cli/mcptrace.js`, and
// with `--before`, that folder's `dist/cli/mcptrace.js` too), then opened in /usr/bin/chromium through playwright-core,
// a fresh page per run: the time to `DOMContentLoaded`, to first contentful paint and to `load`, medians of `--runs`.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { option } from './args.mjs';
import { median } from './measure.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const CHROMIUM = '/usr/bin/chromium';
// As test/browser/chromium.ts launches it.
const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const FAILURES = join(ROOT, 'test/fixtures/failures');
const SAMPLES = ['samples/everything.envelope.ndjson', 'samples/memory.envelope.ndjson'].map((f) => join(ROOT, f));

function audit(bin, args) {
  const r = spawnSync(process.execPath, [bin, 'audit', ...args], { encoding: 'utf8', maxBuffer: 1 << 30 });
  if (r.status !== 0 && r.status !== 1) throw new Error(`audit exited ${r.status}: ${r.stderr.slice(0, 400)}`);
  return r.stdout;
}

/** The inputs of a run of `sessions` sessions, written under `dir`. */
export function makeLog(dir, sessions, bin) {
  mkdirSync(dir, { recursive: true });
  const failing = readdirSync(FAILURES, { recursive: true })
    .map((f) => join(FAILURES, String(f)))
    .filter((f) => statSync(f).isFile() && !f.endsWith('.diagnosis.json') && !f.endsWith('.md'))
    .sort();
  const diagnosed = JSON.parse(audit(bin, ['-f', 'json', '--fail-on', 'none', ...failing])).diagnoses.filter(
    (d) => d.session !== '',
  ).length;
  const lines = SAMPLES.map((f) =>
    readFileSync(f, 'utf8')
      .split('\n')
      .filter((l) => l.trim() !== ''),
  );
  const out = [];
  for (let k = 0; k < Math.max(0, sessions - diagnosed); k++) {
    for (const l of lines[k % lines.length]) out.push(JSON.stringify({ ...JSON.parse(l), session: `s${k}` }));
  }
  const healthy = join(dir, 'healthy.envelope.ndjson');
  writeFileSync(healthy, out.join('\n') + '\n');
  return { inputs: [...failing, healthy], failing: diagnosed, healthy: Math.max(0, sessions - diagnosed) };
}

async function openTimes(browser, url) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const t0 = Date.now();
  await page.goto(url, { waitUntil: 'load', timeout: 120_000 });
  const wall = Date.now() - t0;
  const t = await page.evaluate(() => {
    const nav = performance.getEntriesByType('navigation')[0];
    const fcp = performance.getEntriesByName('first-contentful-paint')[0];
    return {
      dcl: nav.domContentLoadedEventEnd,
      load: nav.loadEventEnd,
      fcp: fcp ? fcp.startTime : NaN,
      nodes: document.getElementsByTagName('*').length,
    };
  });
  await page.close();
  return { ...t, wall };
}

async function bench(name, bin, inputs, dir, runs, browser, log) {
  const file = join(dir, `${name}.html`);
  audit(bin, ['-f', 'html', '--fail-on', 'none', '-o', file, ...inputs]);
  const bytes = statSync(file).size;
  const url = pathToFileURL(resolve(file)).href;
  const samples = [];
  for (let r = 0; r < runs; r++) {
    samples.push(await openTimes(browser, url));
    log(`  ${name} run ${r + 1}/${runs}: load ${samples.at(-1).load.toFixed(0)} ms`);
  }
  const m = (k) => median(samples.map((s) => s[k]));
  return { name, bytes, dcl: m('dcl'), fcp: m('fcp'), load: m('load'), nodes: m('nodes') };
}

export async function htmlReportBench({
  sessions = 300,
  runs = 3,
  before,
  dir = join(tmpdir(), 'mcptrace-bench-html'),
  log = () => {},
} = {}) {
  const after = join(ROOT, 'dist/cli/mcptrace.js');
  const made = makeLog(dir, sessions, after);
  log(`  ${made.failing} sessions of failing host logs, ${made.healthy} sample sessions`);
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
  try {
    const rows = [];
    if (before)
      rows.push(await bench('before', join(before, 'dist/cli/mcptrace.js'), made.inputs, dir, runs, browser, log));
    rows.push(await bench('after', after, made.inputs, dir, runs, browser, log));
    return { sessions: made.failing + made.healthy, rows };
  } finally {
    await browser.close();
  }
}

export function htmlReportTable({ sessions, rows }) {
  const mb = (b) => (b / 1e6).toFixed(2);
  const out = [
    `${sessions} sessions, Chromium headless, medians of the runs.`,
    '',
    '| build | HTML size (MB) | elements | DOMContentLoaded (ms) | first contentful paint (ms) | load (ms) |',
    '|---|---:|---:|---:|---:|---:|',
    ...rows.map(
      (r) =>
        `| ${r.name} | ${mb(r.bytes)} | ${r.nodes} | ${r.dcl.toFixed(0)} | ${r.fcp.toFixed(0)} | ${r.load.toFixed(0)} |`,
    ),
  ];
  if (rows.length === 2) {
    const [b, a] = rows;
    out.push(
      '',
      `after / before: size ×${(a.bytes / b.bytes).toFixed(3)}, DOMContentLoaded ×${(a.dcl / b.dcl).toFixed(3)}, first paint ×${(a.fcp / b.fcp).toFixed(3)}, load ×${(a.load / b.load).toFixed(3)}`,
    );
  }
  return out.join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const result = await htmlReportBench({
    sessions: option(args, 'sessions', 300),
    runs: option(args, 'runs', 3),
    before: option(args, 'before', undefined),
    dir: option(args, 'dir', join(tmpdir(), 'mcptrace-bench-html')),
    log: (s) => console.error(s),
  });
  console.log(htmlReportTable(result));
}
