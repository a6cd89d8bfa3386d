// Lines a host writes twice, through two loggers (Dialect.echoes): the second is an echo of the first, a log record
// whatever it says (Zed's stdio transport repeating an outgoing message; mcp-remote's debugLog adding the time; a
// Python logger with two handlers writing each line twice at the same time).
import type { Dialect } from './types.js';

export class Echoes {
  /** The last host line's text (suffixes stripped) and its time as written: what an echo repeats. */
  private last: { text: string; ts: string | undefined } | null = null;

  /** The reader of a dialect's echoes; null when its host writes no line twice. */
  static of(d: Dialect): Echoes | null {
    return d.echoes === undefined ? null : new Echoes(d.echoes);
  }

  private constructor(private readonly e: NonNullable<Dialect['echoes']>) {}

  /** Whether a host line's text (`ts`: the line's time as written, if any) repeats the host line before it. */
  repeats(text: string, ts: string | undefined): boolean {
    const last = this.last;
    if (last === null || last.text !== text) return false;
    if (this.e.timed === true && (last.ts !== undefined || ts === undefined)) return false;
    if (this.e.sameTime === true && (ts === undefined || last.ts !== ts)) return false;
    return this.e.re === undefined || this.e.re.test(text);
  }

  /** A host line read: whether it is an echo. It is the line the next one may repeat, unless it is an echo itself. */
  seen(text: string, ts: string | undefined): boolean {
    const echo = this.repeats(text, ts);
    this.last = echo && this.e.sameTime === true ? null : { text, ts };
    return echo;
  }
}
