// A log line for a person: pino's JSON line as `18:02:11.237 DEBUG reading input=session.ndjson`, for stderr on a terminal.
//
// pino-pretty does this, but it runs as a transport with a dozen dependencies; the CLI logs a few lines a run, all of
// one shape (level, time, msg, a few fields), so this formatter is its own: one line per record, the fields as
// key=value (objects as compact JSON), control characters escaped (ARCHITECTURE.md principle 7).
import type { Palette, Style } from '../output/color.js';
import { escapeTerminal } from '../output/escape.js';

const LEVELS: Readonly<Record<number, [name: string, style: keyof Palette]>> = {
  10: ['TRACE', 'gray'],
  20: ['DEBUG', 'blue'],
  30: ['INFO', 'green'],
  40: ['WARN', 'yellow'],
  50: ['ERROR', 'red'],
  60: ['FATAL', 'red'],
};

/** The clock time of `ms` on this machine: `HH:MM:SS.mmm`. */
function clock(ms: number): string {
  const d = new Date(ms);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(d.getHours())}:${two(d.getMinutes())}:${two(d.getSeconds())}.${String(d.getMilliseconds()).padStart(3, '0')}`;
}

/** A field's value: a string bare unless it holds a space, `=` or a quote (then JSON-quoted); anything else as JSON. */
function value(v: unknown): string {
  if (typeof v === 'string') return /^[^\s="]+$/.test(v) ? v : JSON.stringify(v);
  return JSON.stringify(v) ?? String(v);
}

/**
 * Whether the message already says a field's value, so the line need not repeat it: a string of 3 characters or more
 * found in it (`input=session.ndjson` after `session.ndjson: read as …`), or an object whose every entry it lists as
 * `key value` (the dialect scores). The JSON line keeps every field.
 */
function toldBy(msg: string, v: unknown): boolean {
  if (typeof v === 'string') return v.length >= 3 && msg.includes(v);
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return false;
  const entries = Object.entries(v);
  return (
    entries.length > 0 &&
    entries.every(([k, x]) => (typeof x === 'string' || typeof x === 'number') && msg.includes(`${k} ${x}`))
  );
}

/** One pino JSON line (with its newline) as one readable line; a line that is not pino's JSON comes back unchanged. */
export function prettyLogLine(line: string, p: Palette): string {
  let rec: Record<string, unknown>;
  try {
    rec = JSON.parse(line) as Record<string, unknown>;
  } catch {
    return escapeTerminal(line.replace(/\n$/, '')) + '\n';
  }
  const { level, time, msg, ...fields } = rec;
  const [name, style] = LEVELS[level as number] ?? [String(level), 'bold' as const];
  const head = [
    typeof time === 'number' ? p.dim(clock(time)) : null,
    (p[style] as Style)(name.padEnd(5)),
    typeof msg === 'string' ? escapeTerminal(msg) : null,
  ];
  const said = typeof msg === 'string' ? msg : '';
  const rest = Object.entries(fields)
    .filter(([, v]) => !toldBy(said, v))
    .map(([k, v]) => `${p.dim(`${escapeTerminal(k)}=`)}${escapeTerminal(value(v))}`);
  return [...head, ...rest].filter((s) => s !== null).join(' ') + '\n';
}
