// Time to the first byte of `annotate`'s output, the whole run's time and its peak RSS, per `--jobs` (docs/performance.md,
// "`annotate --jobs`: the records' output in workers"):
//
//   node bench/first-byte.mjs [--bin dist/cli/mcptrace.js] [--runs 3] [--jobs 1,2,default] [--head] FILE...
//
// `--head`: stdout is closed at the first byte (as `| head -c 1` does); the time the run took to end then is shown
// instead of the whole run's (EPIPE must end it quickly).
import { spawn } from 'node:child_process';
import { join, dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const argv = process.argv.slice(2);
const take = (name, usual) => {
  const i = argv.indexOf(name);
  if (i === -1) return usual;
  const [v] = argv.splice(i, 2).slice(1);
  return v;
};
const bin = resolve(take('--bin', join(ROOT, 'dist/cli/mcptrace.js')));
const runs = Number(take('--runs', '3'));
const jobsList = take('--jobs', '1,2,default').split(',');
const headAt = argv.indexOf('--head');
const head = headAt !== -1;
if (head) argv.splice(headAt, 1);

/** One run: ms to the first byte of stdout, ms to its end, peak RSS in KiB (GNU time). */
function once(file, jobs) {
  const args = [bin, 'annotate', '-f', 'ndjson', file, ...(jobs === 'default' ? [] : ['--jobs', jobs])];
  return new Promise((done, fail) => {
    const t0 = process.hrtime.bigint();
    const ms = () => Number(process.hrtime.bigint() - t0) / 1e6;
    const child = spawn('/usr/bin/time', ['-f', '%M', process.execPath, ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let first = null;
    let stderr = '';
    child.stdout.on('data', () => {
      if (first === null) {
        first = ms();
        if (head) child.stdout.destroy();
      }
    });
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', fail);
    child.on('close', (code) => {
      const rss = Number(stderr.trim().split('\n').at(-1));
      done({ first, total: ms(), rss, code });
    });
  });
}

const range = (xs) => `${Math.min(...xs).toFixed(0)}-${Math.max(...xs).toFixed(0)}`;
for (const file of argv) {
  const rows = new Map(jobsList.map((j) => [j, []]));
  // Alternating the settings, run by run (the machine's noise falls on all of them alike).
  for (let r = 0; r < runs; r++) for (const j of jobsList) rows.get(j).push(await once(file, j));
  for (const [j, xs] of rows) {
    const first = range(xs.map((x) => x.first ?? Number.NaN));
    const total = range(xs.map((x) => x.total));
    const rss = range(xs.map((x) => x.rss / 1024));
    console.log(
      `${file} --jobs ${j}: first byte ${first} ms, ${head ? 'ended' : 'total'} ${total} ms, peak RSS ${rss} MiB, exit ${xs.map((x) => x.code).join(',')}`,
    );
  }
}
