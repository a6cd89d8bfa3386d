// Every line reader and detection take time linear in a line's length, on lines built to make a backtracking pattern
// try every split: a dialect's prefix and the start of one of its patterns, then a long run of spaces, brackets,
// quotes or colons (or of a piece of its own patterns), then a character none of them expects.
//
// No clock limit: each family of lines is read at growing lengths in the same run, and the time of 10 times the
// length must stay under RATIO times the time (a pattern that is quadratic in the line takes 100 times as long; one
// that is linear, 10 times). A step over the ratio is measured again (another test's work or a collection may have
// fallen on it) and fails only when every try is over.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import type { InputFormat } from '../../src/input/index.js';
import { InputDetector } from '../../src/input/detect.js';
import { DIALECTS, type Dialect } from '../../src/input/dialects/index.js';
import { lineReader } from '../../src/input/read.js';
import { matchHostLine } from '../../src/input/dialects/grammar.js';
import type { Frame } from '../../src/types.js';

/** The most 10 times the length may cost, in time: linear is 10, quadratic 100. */
const RATIO = 30;
const TRIES = 3;
/** The runs: the characters the patterns' runs take (and overlap on), alone and before a space. */
const FILLERS = [' ', '\t', '[', ']', '{', '"', "'", ':', '='];
/** What ends the run: a character no pattern's run expects there, a line break `.` does not take, or a suffix's `}`. */
const ENDS = ['x', '\rx', '}'];

/** Every RegExp in a dialect's tables. */
function regexesOf(value: unknown, out: RegExp[] = [], seen = new Set<unknown>()): RegExp[] {
  if (value instanceof RegExp) out.push(value);
  else if (value !== null && typeof value === 'object' && !seen.has(value)) {
    seen.add(value);
    for (const v of Object.values(value)) regexesOf(v, out, seen);
  }
  return out;
}

/**
 * The literal pieces of a pattern's source (escaped characters read as themselves), of 2 characters or more: the
 * start of a marker (`[Local→Remote] `), a word between two runs (`server`), a suffix's opening (` { metadata: {`).
 */
function literals(source: string): string[] {
  const out: string[] = [];
  let cur = '';
  const cut = () => {
    if (cur.length >= 2) out.push(cur);
    cur = '';
  };
  for (let i = 0; i < source.length; i++) {
    const c = source[i]!;
    if (c === '\\') {
      const n = source[++i]!;
      if (/[dDsSwWbBnrtfvu0-9kpPcx]/.test(n)) cut();
      else cur += n;
    } else if (c === '[') {
      cut();
      while (i < source.length && source[i] !== ']') i += source[i] === '\\' ? 2 : 1;
    } else if ('*+?{'.includes(c)) {
      cur = cur.slice(0, -1); // the character quantified is not a literal
      cut();
    } else if ('()|^$.}'.includes(c)) {
      cut();
      if (c === '(' && source[i + 1] === '?')
        i = source[i + 2] === '<' && !'=!'.includes(source[i + 3]!) ? source.indexOf('>', i) : i + 2;
    } else cur += c;
  }
  cut();
  return out;
}

interface Family {
  name: string;
  format: InputFormat;
  /** The run's unit, and what ends the line. */
  filler: string;
  end: string;
  /** The start of a message marker's pattern (or of a line format's record) is before the run. */
  opening: boolean;
  /** Detection judges the line too (a bare run is judged once, with the line formats', not once per dialect). */
  detect: boolean;
  /** The line of this length (about). */
  line(length: number): string;
}

const run = (unit: string, length: number) => unit.repeat(Math.ceil(length / unit.length));

function family(
  format: InputFormat,
  start: string,
  filler: string,
  end: string,
  opening: boolean,
  detect: boolean,
): Family {
  return {
    name: `${format} ${JSON.stringify(start)} + ${JSON.stringify(filler)}… + ${JSON.stringify(end)}`,
    format,
    filler,
    end,
    opening,
    detect,
    line: (n) => start + run(filler, n) + end,
  };
}

const HOSTS = fileURLToPath(new URL('../fixtures/hosts/', import.meta.url));

/**
 * The host prefix of each of a dialect's line grammars, as its fixtures (or its example) write it; with `json`, for its
 * JSON lines (Dialect.jsonLines) too, the line up to its text's opening quote.
 */
function hostPrefixes(d: Dialect, json: boolean): string[] {
  const dir = join(HOSTS, d.name);
  const lines = [
    d.example,
    ...readdirSync(dir)
      .filter((f) => !/\.(json|md)$/.test(f))
      .flatMap((f) => readFileSync(join(dir, f), 'utf8').split('\n')),
  ];
  const byGrammar = new Map<number, string>();
  for (const line of lines) {
    const h = matchHostLine(d, line);
    if (h === null || h.cell !== undefined) continue;
    const isJson = d.jsonLines !== undefined && line.startsWith('{') && line.includes(JSON.stringify(h.text));
    const grammar = isJson ? -1 : h.grammar;
    if (byGrammar.has(grammar) || (isJson && !json)) continue;
    if (isJson) byGrammar.set(grammar, line.slice(0, line.indexOf(JSON.stringify(h.text)) + 1));
    else if (line.endsWith(h.text)) byGrammar.set(grammar, line.slice(0, line.length - h.text.length));
  }
  return [...byGrammar.values()];
}

/** The starts of a string at each boundary between a word, a run of spaces and any other character. */
function cuts(s: string): string[] {
  const kind = (c: string) => (/\w/.test(c) ? 'w' : /\s/.test(c) ? 's' : c);
  const out = [''];
  for (let i = 1; i <= s.length; i++) if (i === s.length || kind(s[i - 1]!) !== kind(s[i]!)) out.push(s.slice(0, i));
  return out;
}

/**
 * A dialect's families. `prefix`: each of its host prefixes cut at every boundary (a line that stops inside the prefix
 * a grammar reads), then each filler. `chars` and `words`: each whole host prefix before the opening literal of each
 * of its patterns (or before nothing), then a run of each filler, or of each literal piece of its patterns and a space
 * (`server` between two runs of a class that holds it, a suffix's ` { metadata: {` that an unanchored pattern tries
 * at every start).
 */
function dialectFamilies(d: Dialect, kind: 'prefix' | 'chars' | 'words'): Family[] {
  // The JSON lines' prefix of a dialect that has no other host line (goose), and not cut: JSON.parse reads a cut
  // object to its end once, like any other text.
  const hosts = hostPrefixes(d, kind !== 'prefix' && d.lines.length === 0);
  const heads = new Set(['']);
  const words = new Set<string>();
  const opening = (re: RegExp) => {
    const l = literals(re.source);
    return re.source.startsWith('^') && l.length > 0 && re.source.slice(1).startsWith(l[0]!.slice(0, 1)) ? l[0]! : null;
  };
  for (const re of regexesOf(d)) {
    for (const w of literals(re.source)) words.add(`${w} `);
    const o = opening(re);
    if (o !== null) heads.add(o);
  }
  const markers = new Set(d.markers.map((m) => opening(m.re)));
  const out: Family[] = [];
  if (kind === 'prefix') {
    for (const start of new Set(hosts.flatMap(cuts)))
      for (const f of FILLERS) for (const end of ENDS) out.push(family(d.name, start, f, end, false, false));
    return out;
  }
  const units = kind === 'chars' ? FILLERS : [...words];
  for (const host of new Set(['', ...hosts])) {
    for (const head of heads) {
      const start = host + head;
      // A bare run is the line formats' (baseFamilies).
      if (start === '' && kind === 'chars') continue;
      for (const f of units)
        for (const end of ENDS) out.push(family(d.name, start, f, end, host !== '' && markers.has(head), true));
    }
  }
  return out;
}

/** mcptrace's own line formats: their markers, events, session breaks and JSON openings, then each filler. */
function baseFamilies(): Family[] {
  const heads: Array<[InputFormat, string]> = [
    ['transcript', ''],
    ['transcript', '-> '],
    ['transcript', '[22:00:00.000] <- '],
    ['transcript', '!! exit'],
    ['transcript', '!! '],
    ['transcript', '=== session '],
    ['transcript', '22:00:00.000 '],
    ['ndjson', '{"jsonrpc":"2.0","method":'],
    ['ndjson', '0'],
    ['envelope', '{"ts":"2026-01-01T00:00:00Z","dir":"c2s","line":'],
    // A message inside a line (carried.ts): after a label, escaped in a quoted value, after brackets of prose.
    ['ndjson', 'MCP: SERVER OUTPUT: {"jsonrpc":"2.0","method":'],
    ['ndjson', 'DEBU request body body="{\\"jsonrpc\\":'],
    ['ndjson', '[a [b [c [d [e [f {"jsonrpc":'],
  ];
  return heads.flatMap(([format, head]) =>
    FILLERS.flatMap((f) => ENDS.map((end) => family(format, head, f, end, head !== '', true))),
  );
}

/** Reads a line as an input of its own, with its format's reader, and detection judges it. */
function readOne(f: Family, text: string, detect: boolean): number {
  const r = lineReader(f.format as Parameters<typeof lineReader>[0], 'long');
  const out: Frame[] = [];
  r.line({ text, line: 1, bytes: text.length }, out);
  r.end(out);
  let n = out.length;
  if (detect && f.detect) {
    const det = new InputDetector();
    det.line(text);
    n += det.final().length;
  }
  return n;
}

/**
 * The CPU time of reading each family's line at this length, in ms: the process's, so that a busy machine's waiting
 * is not counted.
 */
function cpuTimes(families: readonly Family[], length: number, detect: boolean): number[] {
  const lines = families.map((f) => f.line(length));
  let sink = 0;
  for (const l of lines) sink += l.charCodeAt(l.length >> 1); // built (flat) before the clock starts
  const times = lines.map((text, i) => {
    const t0 = process.cpuUsage();
    sink += readOne(families[i]!, text, detect);
    const t = process.cpuUsage(t0);
    return (t.user + t.system) / 1000;
  });
  expect(sink).toBeGreaterThan(0);
  return times;
}

const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);

/** Families that share a filler and an end are measured together: a quadratic one among them owns their time. */
function groups(families: readonly Family[]): Family[][] {
  const by = new Map<string, Family[]>();
  for (const f of families) {
    const k = `${f.filler}\u0000${f.end}`;
    by.set(k, [...(by.get(k) ?? []), f]);
  }
  return [...by.values()];
}

/**
 * The largest time ratio, over the groups of families and each length step, of the step's length to the one before.
 * A group over RATIO is measured again, up to TRIES times, and keeps its smallest ratio (a linear group is under RATIO
 * on some try, a quadratic one on none: a garbage collection or a busy core during one try made a linear transcript
 * family's step 93 times, once, in a full run). Stops at the first step over RATIO: the next would take minutes.
 */
function worstStep(
  families: readonly Family[],
  lengths: readonly number[],
  detect: boolean,
): { ratio: number; at: number; slowest: string } {
  let worst = { ratio: 0, at: 0, slowest: '' };
  cpuTimes(families, lengths[0]!, detect); // warm up
  for (let k = 1; k < lengths.length; k++) {
    for (const g of groups(families)) {
      let best = Infinity;
      let slowest = '';
      for (let t = 0; t < TRIES; t++) {
        const small = sum(cpuTimes(g, lengths[k - 1]!, detect));
        const big = cpuTimes(g, lengths[k]!, detect);
        best = Math.min(best, sum(big) / Math.max(small, 1));
        const i = big.indexOf(Math.max(...big));
        slowest = `${g[i]!.name}: ${big[i]!.toFixed(1)} ms of ${sum(big).toFixed(1)} ms`;
        if (best < RATIO) break;
      }
      if (best > worst.ratio) worst = { ratio: best, at: lengths[k]!, slowest };
    }
    if (worst.ratio >= RATIO) break;
  }
  return worst;
}

const KB = 1000;
const why = (r: { at: number; slowest: string }, n: number) =>
  `${n} lines, step to ${r.at} characters; slowest: ${r.slowest}`;

describe('time linear in the length of a line', () => {
  const four = new Set([' ', '[', '"', ':']);

  for (const d of DIALECTS) {
    test(`${d.name}: the reader and detection, runs of characters and of its patterns' own pieces (1 KB, 10 KB); the reader to 100 KB`, () => {
      for (const kind of ['chars', 'prefix', 'words'] as const) {
        const families = dialectFamilies(d, kind);
        // A dialect of JSON lines only (goose) has no text prefix to cut.
        if (families.length === 0) continue;
        const r = worstStep(families, [KB, 10 * KB], true);
        expect(r.ratio, `${kind}: ${why(r, families.length)}`).toBeLessThan(RATIO);
      }
      const families = dialectFamilies(d, 'chars').filter((f) => four.has(f.filler) && f.end === 'x');
      const r = worstStep(families, [10 * KB, 100 * KB], false);
      expect(r.ratio, why(r, families.length)).toBeLessThan(RATIO);
    });
  }

  test('NDJSON, envelopes, transcripts: the reader and detection, lines of 1 KB and 10 KB; the reader to 100 KB', () => {
    // Detection reads at most 64 KiB of a first line (and lines after it to 1 MiB of input): its JSON probe is linear
    // past that too, but its token per character makes a collection's time lumpy between 10 KB and 100 KB.
    const families = baseFamilies();
    const r = worstStep(families, [KB, 10 * KB], true);
    expect(r.ratio, why(r, families.length)).toBeLessThan(RATIO);
    const reader = worstStep(families, [10 * KB, 100 * KB], false);
    expect(reader.ratio, why(reader, families.length)).toBeLessThan(RATIO);
  });

  test('every reader, a 1 MB line against a 100 KB line: spaces, brackets, quotes, colons after each message marker', () => {
    const families = [...DIALECTS.flatMap((d) => dialectFamilies(d, 'chars')), ...baseFamilies()].filter(
      (f) => f.opening && four.has(f.filler) && f.end === 'x',
    );
    // The steps before 100 KB find a quadratic pattern in a second, where a 1 MB line of it would take minutes.
    const r = worstStep(families, [KB, 10 * KB, 100 * KB, 1000 * KB], false);
    expect(r.ratio, why(r, families.length)).toBeLessThan(RATIO);
  });
});
