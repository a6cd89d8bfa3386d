// `npm test`'s first step (the `pretest` script): makes sure of the programs outside npm that the tests run, so that
// `npm install` then `npm test` passes on a fresh Debian machine with nothing installed by hand.
//
// Every tool present: prints nothing. Some missing: installs their Debian packages with apt-get (as root, or through
// `sudo -n` where that needs no password), saying so in one line; when it cannot, or when MCPTRACE_SYSTEM_TOOLS=check
// forbids installing, stops with one line naming the packages and the command that installs them.
// `node scripts/system-tools.mjs --list` prints the table.
//
// test/code/system-tools.test.ts fails when a test runs a program that is not in SYSTEM_TOOLS, so a new one cannot
// be forgotten here.
import { spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { delimiter, isAbsolute, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The programs the tests run, the Debian package of each, and what needs it. `tool` is a name looked up on PATH, or
 * an absolute path where the tests use one.
 */
export const SYSTEM_TOOLS = [
  {
    tool: '/usr/bin/chromium',
    pkg: 'chromium',
    for: 'the HTML report and HAR in a real browser (test/browser, test/capture/har-browser)',
  },
  { tool: 'tcpdump', pkg: 'tcpdump', for: 'real packet captures on the loopback (test/capture)' },
  {
    tool: 'tshark',
    pkg: 'tshark',
    for: 'checking what mcptrace reads of a capture (test/capture, test/export/otlp-connection)',
  },
  { tool: 'editcap', pkg: 'wireshark-common', for: 'pcap ⇄ pcapng conversions of real captures (test/capture)' },
  { tool: 'curl', pkg: 'curl', for: 'real `curl -v` transcripts (test/capture/curl-real)' },
  {
    tool: 'openssl',
    pkg: 'openssl',
    for: 'the certificate of an https target (test/cli/proxy, test/export/otlp-endpoint)',
  },
  {
    tool: 'protoc',
    pkg: 'protobuf-compiler',
    for: 'decoding the OTLP protobuf that export sends (test/export/otlp-*)',
  },
  { tool: 'zstd', pkg: 'zstd', for: 'real zstd-compressed logs (test/input/content, test/cli/compressed)' },
  { tool: 'script', pkg: 'bsdutils', for: 'a pseudo-terminal for colour and width tests (test/helpers/pty)' },
  {
    tool: 'tmux',
    pkg: 'tmux',
    for: 'the explorer driven by keys in a real terminal, its screen read back (test/helpers/tmux, test/explore)',
  },
];

/** Whether `tool` (a name on PATH, or an absolute path) is an executable file here. */
export function hasTool(tool, env = process.env) {
  const candidates = isAbsolute(tool)
    ? [tool]
    : (env.PATH ?? '')
        .split(delimiter)
        .filter(Boolean)
        .map((d) => join(d, tool));
  return candidates.some((p) => {
    try {
      accessSync(p, constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}

/** The packages of the tools that are missing, each once, in the table's order. */
export function missingPackages(tools = SYSTEM_TOOLS, env = process.env) {
  return [...new Set(tools.filter((t) => !hasTool(t.tool, env)).map((t) => t.pkg))];
}

/** How apt-get can be run here: directly as root, through `sudo -n`, or not at all (null). */
function aptRunner() {
  if (process.env.MCPTRACE_SYSTEM_TOOLS === 'check' || !hasTool('apt-get')) return null;
  if (process.getuid?.() === 0) return [];
  if (hasTool('sudo') && spawnSync('sudo', ['-n', 'true'], { stdio: 'ignore' }).status === 0) return ['sudo', '-n'];
  return null;
}

function aptGet(prefix, args) {
  const [cmd, ...rest] = [...prefix, 'apt-get', ...args];
  const r = spawnSync(cmd, rest, {
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return {
    ok: r.status === 0,
    tail: `${r.stderr ?? ''}${r.stdout ?? ''}`.trim().split('\n').filter(Boolean).slice(-1)[0] ?? '',
  };
}

function main() {
  if (process.argv.includes('--list')) {
    for (const t of SYSTEM_TOOLS)
      console.log(
        `${t.tool.padEnd(18)} ${(hasTool(t.tool) ? 'found' : 'MISSING').padEnd(8)} ${t.pkg.padEnd(18)} ${t.for}`,
      );
    return 0;
  }
  const missing = missingPackages();
  if (missing.length === 0) return 0;
  const command = `sudo apt-get update && sudo apt-get install -y ${missing.join(' ')}`;
  const runner = aptRunner();
  if (runner === null) {
    console.error(
      `npm test: the tests need these system packages, which are missing: ${missing.join(' ')} — install them with \`${command}\` (Debian/Ubuntu; \`node scripts/system-tools.mjs --list\` says what each is for)`,
    );
    return 1;
  }
  console.error(`npm test: installing the system packages the tests need: ${missing.join(' ')} (apt-get)`);
  // The package lists may be missing or stale on a fresh machine: update first, as Debian's images ship without them.
  const update = aptGet(runner, ['update', '-qq']);
  const install = update.ok ? aptGet(runner, ['install', '-y', '-qq', ...missing]) : update;
  const still = missingPackages();
  if (!install.ok || still.length > 0) {
    console.error(
      `npm test: could not install ${(still.length ? still : missing).join(' ')} with apt-get (${install.tail || 'no word from apt-get'}) — install them with \`${command}\``,
    );
    return 1;
  }
  return 0;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) process.exitCode = main();
