// Lines a host writes twice, through two loggers (Dialect.echoes): the second is an echo of the first, a log record
// whatever it says (Zed's stdio transport repeating an outgoing message; mcp-remote's debugLog adding the time).
import type { Dialect } from './types.js';

export class Echoes {
  /** The last host line's text (suffixes stripped) and whether it had a time: what an echo repeats. */
  private last: { text: string; timed: boolean } | null = null;

  /** The reader of a dialect's echoes; null when its host writes no line twice. */
  static of(d: Dialect): Echoes | null {
    return d.echoes === undefined ? null : new Echoes(d.echoes);
  }

  private constructor(private readonly e: NonNullable<Dialect['echoes']>) {}

  /** Whether a host line's text (`timed`: the line has a time) repeats the host line before it. */
  repeats(text: string, timed: boolean): boolean {
    const last = this.last;
    if (last === null || last.text !== text) return false;
    if (this.e.timed === true && (last.timed || !timed)) return false;
    return this.e.re === undefined || this.e.re.test(text);
  }

  /** A host line read: whether it is an echo. It is the line the next one may repeat. */
  seen(text: string, timed: boolean): boolean {
    const echo = this.repeats(text, timed);
    this.last = { text, timed };
    return echo;
  }
}
