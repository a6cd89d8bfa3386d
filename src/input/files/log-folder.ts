// A folder named as an input: the logs in it (and in its subfolders), each log with its rotations read oldest first as
// one input, the inputs in the time order of their first lines. Which names are logs, and which files a host's own
// folder holds, are data (LOG_NAME, HOST_FOLDERS); docs/formats.md, "Folders and rotated logs", says the rules.
import { createReadStream } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { inputContent } from './content.js';
import { isoTime } from '../shared/time.js';

/** Names of files read from a folder: logs, JSON lines, captures; rotated (`.1`, `.old`) and compressed ones too. */
const LOG_NAME = /\.(?:log|jsonl|ndjson|json|txt|har|pcap|pcapng|cap)(?:\.\d+|\.old)?(?:\.(?:gz|zst|xz|bz2))?$/i;

interface HostFolder {
  host: string;
  /** A folder is the host's when one of its files has such a name. */
  mark: RegExp;
  /** The files of it that are read; the others are passed over, for `why`. */
  read: RegExp;
  why: string;
}

/**
 * Hosts whose log folder holds more than the logs to read (test/fixtures/hosts/claude-desktop/SOURCES.md): Claude
 * Desktop writes each server's lines to `mcp-server-NAME.log` and the same lines again, all servers interleaved, to
 * `mcp.log` (read both and every session is there twice); `main.log` and the window logs hold no MCP traffic. A folder
 * with `mcp.log` alone (the first releases wrote no per-server file) is read as that.
 */
const HOST_FOLDERS: readonly HostFolder[] = [
  {
    host: 'Claude Desktop',
    mark: /^mcp-server-.+\.log$/,
    read: /^mcp-server-.+\.log/,
    why: 'mcp.log repeats the per-server logs; the app and window logs hold no MCP traffic',
  },
  {
    host: 'Claude Desktop',
    mark: /^mcp\.log$/,
    read: /^mcp\d*\.log/,
    why: 'the app and window logs hold no MCP traffic',
  },
];

/** One input of a folder: the files read one after the other as one stream, oldest first (a log's rotations, then the log). */
interface FolderLog {
  files: string[];
}

/** What a folder gives: its inputs in order, and what was passed over (said at `--log-level info`). */
interface FolderLogs {
  logs: FolderLog[];
  /** Files passed over, by folder: not named as logs, or not a host's log files (`why`). */
  skipped: { folder: string; files: number; why: string }[];
}

/** Bytes of a file's content looked at for its first time. */
const TIME_PEEK_BYTES = 64 * 1024;
/** An ISO 8601 date and time, as host logs start their lines. */
const ISO_IN_TEXT = /\d{4}-\d\d-\d\d[T ]\d\d:\d\d:\d\d(?:[.,]\d+)?(?:Z|[+-]\d\d:?\d\d)?/;

/**
 * The logs of `folder`, walked down (entries whose name starts with `.` are passed over). Each log and its rotations
 * (`x.log.1`, `x.log.2.gz`, `x.log.old`, `x1.log` next to `x.log`) are one input, read oldest first so that a session the
 * rotation cut stays whole; inputs come in the order of their first time (the first ISO time in a file's first 64 KiB,
 * else the time it was last written), then by name.
 */
export async function folderLogs(folder: string): Promise<FolderLogs> {
  const out: FolderLogs = { logs: [], skipped: [] };
  const keyed: { key: number; name: string; files: string[] }[] = [];
  await walk(folder, out, keyed);
  keyed.sort((a, b) => a.key - b.key || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  out.logs = keyed.map((k) => ({ files: k.files }));
  return out;
}

async function walk(
  folder: string,
  out: FolderLogs,
  keyed: { key: number; name: string; files: string[] }[],
): Promise<void> {
  const entries = (await readdir(folder, { withFileTypes: true })).filter((e) => !e.name.startsWith('.'));
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const names = entries.filter((e) => e.isFile()).map((e) => e.name);
  const host = HOST_FOLDERS.find((h) => names.some((n) => h.mark.test(n)));
  const logs = names.filter((n) => LOG_NAME.test(n) && (host === undefined || host.read.test(n)));
  const notLogs = names.filter((n) => !LOG_NAME.test(n)).length;
  const notHosts = names.length - logs.length - notLogs;
  if (notLogs > 0) out.skipped.push({ folder, files: notLogs, why: 'not named as logs' });
  if (notHosts > 0) out.skipped.push({ folder, files: notHosts, why: `${host!.host}'s folder: ${host!.why}` });
  for (const chain of rotations(logs)) {
    const files = chain.map((n) => join(folder, n));
    const times = await Promise.all(files.map(firstTime));
    // Oldest first: by first time, then by the rotation's place (higher numbers are older, the log itself newest).
    const order = files.map((_, i) => i).sort((a, b) => times[a]! - times[b]! || rank(chain[b]!) - rank(chain[a]!));
    keyed.push({ key: times[order[0]!]!, name: files[order[order.length - 1]!]!, files: order.map((i) => files[i]!) });
  }
  for (const e of entries) if (e.isDirectory()) await walk(join(folder, e.name), out, keyed);
}

/** A rotated name's parts: the log it rotates (`mcp.log` for `mcp.log.2.gz`, `mcp1.log`), and its number (0 for the log). */
function rotationOf(name: string): { log: string; n: number } {
  const plain = name.replace(/\.(?:gz|zst|xz|bz2)$/i, '');
  const dotted = /^(.*)\.(\d+|old)$/i.exec(plain);
  if (dotted) return { log: dotted[1]!, n: dotted[2]!.toLowerCase() === 'old' ? 1 : Number(dotted[2]) };
  const numbered = /^(.*\D)(\d{1,2})(\.[a-z]+)$/i.exec(plain);
  if (numbered) return { log: numbered[1]! + numbered[3]!, n: Number(numbered[2]) };
  return { log: plain, n: 0 };
}

/** Higher for an older rotation by its name alone (`x.log.2` before `x.log.1` before `x.log`). */
function rank(name: string): number {
  return rotationOf(name).n;
}

/**
 * The folder's log names grouped: each log with the files that rotate it. `x1.log` rotates `x.log` only when `x.log` is
 * there (else it is a log of its own: a server named `web3`); `x.log.1` always rotates `x.log`.
 */
function rotations(names: readonly string[]): string[][] {
  const present = new Set(names.map((n) => n.replace(/\.(?:gz|zst|xz|bz2)$/i, '')));
  const groups = new Map<string, string[]>();
  for (const n of names) {
    const r = rotationOf(n);
    const plain = n.replace(/\.(?:gz|zst|xz|bz2)$/i, '');
    const dotted = /\.(?:\d+|old)$/i.test(plain);
    const key = r.n === 0 || dotted || present.has(r.log) ? r.log : plain;
    const g = groups.get(key);
    if (g) g.push(n);
    else groups.set(key, [n]);
  }
  return [...groups.values()];
}

/** The first ISO time in the first 64 KiB of a file's content (a gzip file's decompressed), else when it was last written. */
async function firstTime(file: string): Promise<number> {
  let text = '';
  const stream = createReadStream(file, { highWaterMark: TIME_PEEK_BYTES, end: TIME_PEEK_BYTES * 4 });
  try {
    for await (const c of inputContent(stream)) {
      text += typeof c === 'string' ? c : Buffer.from(c).toString('latin1');
      if (text.length >= TIME_PEEK_BYTES) break;
    }
  } catch {
    // Unreadable here: the reader will say so.
  } finally {
    stream.destroy();
  }
  const m = ISO_IN_TEXT.exec(text.slice(0, TIME_PEEK_BYTES));
  const ms = m ? isoTime(m[0]).tsMs : null;
  if (ms !== null) return ms;
  try {
    return (await stat(file)).mtimeMs;
  } catch {
    return Number.MAX_SAFE_INTEGER;
  }
}
