// The scanner the literal readers share (util.inspect output, Python reprs): a cursor over the text, and comma lists.

/** A text the reader cannot take apart: not the literal it reads. */
export class NotLiteral extends Error {}

const isSpace = (c: number): boolean => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;

/** `n` hex digits after position `at` of `s`: their value. */
export function hexAfter(s: string, at: number, n: number): number {
  const h = s.slice(at + 1, at + 1 + n);
  if (h.length !== n || !/^[0-9a-fA-F]+$/.test(h)) throw new NotLiteral();
  return parseInt(h, 16);
}

export class LiteralCursor {
  /** The position in the text. */
  i = 0;

  constructor(protected readonly s: string) {}

  space(): void {
    while (this.i < this.s.length && isSpace(this.s.charCodeAt(this.i))) this.i++;
  }

  /**
   * Items up to the character `close`, separated by commas (a trailing comma allowed), or (`close` -1) up to the end
   * of the text, separated by white space; `item` reads one at `i`. The opening bracket has been read.
   */
  protected items(close: number, item: () => void): void {
    for (let first = true; ; first = false) {
      this.space();
      if (close < 0 ? this.i >= this.s.length : this.eat(close)) return;
      if (!first && close >= 0 && !this.eat(0x2c /* , */)) throw new NotLiteral();
      this.space();
      if (close >= 0 && this.eat(close)) return;
      item();
    }
  }

  protected eat(c: number): boolean {
    if (this.s.charCodeAt(this.i) !== c) return false;
    this.i++;
    return true;
  }

  /** The match of a sticky pattern at `i` (moved past it), or null. */
  protected sticky(re: RegExp): string | null {
    re.lastIndex = this.i;
    const m = re.exec(this.s);
    if (m === null) return null;
    this.i = re.lastIndex;
    return m[0];
  }
}
