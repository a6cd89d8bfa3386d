// Detection of text-log dialects: every dialect scores the first meaningful lines of an input, and the best one wins
// when its cues say enough. A host line scores 1 for its prefix and the weights of its cues; any other line 0, so a
// file that begins with a server's stderr is still read by the host lines after it. Only lines some dialect scored count
// toward SCORED_LINES (a banner or a traceback does not use up the lines), and a server's or bridge's dialect that yields
// to a host (Dialect.yieldTo) never wins at once: the host's frame around its lines may come after them.
import { DIALECTS, type Dialect, type DialectName } from './index.js';
import { lineScore } from './grammar.js';

/** One dialect's score over the lines seen: points, the part of them cues gave, and how many lines were its host lines. */
export interface DialectScore {
  name: DialectName;
  score: number;
  cues: number;
  lines: number;
}

/** Lines some dialect scored, at most, before detection decides. */
export const SCORED_LINES = 50;
/** Meaningful lines judged at most before detection decides, scored or not (a long stderr that no dialect reads). */
export const JUDGED_LINES = 8 * SCORED_LINES;
/** A dialect with this many points and twice those of any other wins at once (a live stream is not held longer). */
const DECISIVE = 15;
/** The fewest points a dialect needs to win at all, with at least one cue among them (a shared prefix is not enough). */
const MIN_SCORE = 5;

/** For each dialect, the indexes of the dialects it yields to (Dialect.yieldTo). */
const YIELDS: readonly (readonly number[])[] = DIALECTS.map((d: Dialect) =>
  (d.yieldTo ?? []).map((name) => DIALECTS.findIndex((x) => x.name === name)).filter((i) => i >= 0),
);

/** For each dialect, whether it yields to a host's dialect: its lines may sit inside that host's frame, so it waits. */
const WAITS: readonly boolean[] = YIELDS.map((ys) => ys.some((j) => DIALECTS[j]!.family === 'host'));

export class DialectScorer {
  private readonly table: DialectScore[] = DIALECTS.map((d) => ({ name: d.name, score: 0, cues: 0, lines: 0 }));

  /** Dialects that a line said the input is not (Dialect.yieldTo): they score nothing from then on. */
  private readonly yielded = new Set<number>();

  /** Lines some dialect scored (a host line of its grammar). */
  scored = 0;

  line(text: string): void {
    const line = DIALECTS.map((d) => lineScore(d, text));
    if (line.some((s) => s.score > 0)) this.scored++;
    for (let i = 0; i < DIALECTS.length; i++) {
      if (this.yielded.has(i)) continue;
      const t = this.table[i]!;
      if (YIELDS[i]!.some((j) => line[j]!.cues > 0)) {
        this.yielded.add(i);
        t.score = 0;
        t.cues = 0;
        continue;
      }
      const s = line[i]!;
      if (s.score === 0) continue;
      t.score += s.score;
      t.cues += s.cues;
      t.lines++;
    }
  }

  /**
   * The input is a JSON document whose first element has the dialect's entry keys (Dialect.entries): the keys are the
   * host's own, so the dialect wins at once (DECISIVE points, counted as a cue).
   */
  entries(name: DialectName): void {
    const t = this.table.find((x) => x.name === name)!;
    t.score += DECISIVE;
    t.cues += DECISIVE;
  }

  /** The highest score so far. */
  get best(): number {
    let best = 0;
    for (const t of this.table) if (t.score > best) best = t.score;
    return best;
  }

  /** The dialect that has won already (DECISIVE points, twice any other's, and it waits for no host), else null. */
  decisive(): DialectName | null {
    const [first, second] = this.ranked();
    if (first === undefined || first.score < DECISIVE || first.cues === 0) return null;
    if (WAITS[DIALECTS.findIndex((d) => d.name === first.name)]) return null;
    return second === undefined || first.score >= 2 * second.score ? first.name : null;
  }

  /** The best dialect once every line to score was scored: MIN_SCORE points with a cue, more than any other; else null. */
  winner(): DialectName | null {
    const [first, second] = this.ranked();
    if (first === undefined || first.score < MIN_SCORE || first.cues === 0) return null;
    return second === undefined || first.score > second.score ? first.name : null;
  }

  /** Every dialect's score, in registry order. */
  scores(): DialectScore[] {
    return this.table.map((t) => ({ ...t }));
  }

  /** Dialects by score, highest first (registry order breaks a tie). */
  private ranked(): DialectScore[] {
    return [...this.table].sort((a, b) => b.score - a.score);
  }
}
