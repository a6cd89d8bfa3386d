// Runs one command as a whole process and measures its wall time and peak resident set size.
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, existsSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const GNU_TIME = '/usr/bin/time';
const hasGnuTime = existsSync(GNU_TIME) && spawnSync(GNU_TIME, ['-f', '%M %U %S', 'true']).status === 0;

/**
 * Wall time (ms, measured here around the whole process), CPU time (user + system, s, all threads) and peak RSS
 * (KiB): from GNU time's `%U %S %M` (the kernel's rusage, ru_maxrss for the RSS) when /usr/bin/time exists, else from polling /proc/PID/status VmHWM (a high-water mark, so polling
 * misses at most the growth of the last few milliseconds). stdout goes to /dev/null; stderr is returned.
 */
export function measure(cmd, args, { env } = {}) {
  return new Promise((resolve, reject) => {
    const devnull = openSync('/dev/null', 'w');
    const timeOut = join(tmpdir(), `mcptrace-bench-time-${process.pid}-${Math.random().toString(36).slice(2)}`);
    const argv = hasGnuTime ? [GNU_TIME, ['-f', '%M %U %S', '-o', timeOut, cmd, ...args]] : [cmd, args];
    const t0 = process.hrtime.bigint();
    const child = spawn(argv[0], argv[1], { stdio: ['ignore', devnull, 'pipe'], env: env ?? process.env });
    closeSync(devnull);
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (d) => (stderr += d));
    let hwm = 0;
    const poll = hasGnuTime
      ? null
      : setInterval(() => {
          try {
            const m = /VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'));
            if (m) hwm = Math.max(hwm, Number(m[1]));
          } catch {}
        }, 5);
    child.on('error', reject);
    child.on('close', (code) => {
      const ms = Number(process.hrtime.bigint() - t0) / 1e6;
      if (poll) clearInterval(poll);
      let rssKiB = hwm;
      let cpuS = NaN;
      if (hasGnuTime) {
        try {
          const lines = readFileSync(timeOut, 'utf8').trim().split('\n');
          const [rss, user, sys] = lines[lines.length - 1].split(' ').map(Number);
          rssKiB = rss;
          cpuS = user + sys;
        } catch {}
        rmSync(timeOut, { force: true });
      }
      resolve({ code, ms, rssKiB, cpuS, stderr });
    });
  });
}

export function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  const n = s.length;
  return n === 0 ? NaN : n % 2 ? s[(n - 1) / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
}

/** Nearest-rank percentile of a list of numbers. */
export function percentile(xs, p) {
  const s = [...xs].sort((a, b) => a - b);
  if (s.length === 0) return NaN;
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))];
}
