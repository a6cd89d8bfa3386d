// Which rows of the list are on the screen and which is selected: a cursor and the first visible position, kept in
// bounds as the list grows, is filtered or the screen is resized. No rendering: the frame asks for `visible()`.

export class ListView {
  /** The selected position, and the first position on the screen. */
  cursor = 0;
  top = 0;
  /** Stay on the last row as rows come (`--follow`): true until the cursor moves off the end. */
  tail = false;

  constructor(public height: number) {}

  /** The positions on the screen, `from` up to `to` (excluded), for a list of `count`. */
  visible(count: number): { from: number; to: number } {
    this.clamp(count);
    return { from: this.top, to: Math.min(count, this.top + this.height) };
  }

  move(delta: number, count: number): void {
    this.moveTo(this.cursor + delta, count);
  }

  /** Moves the cursor to `pos`, scrolling only as far as it takes to show it. */
  moveTo(pos: number, count: number): void {
    this.cursor = Math.max(0, Math.min(count - 1, pos));
    this.tail = count > 0 && this.cursor === count - 1;
    this.clamp(count);
  }

  /** Moves the cursor to `pos` and shows it a third of the way down (a jump lands with context above it). */
  jumpTo(pos: number, count: number): void {
    const target = Math.max(0, Math.min(count - 1, pos));
    const onScreen = target >= this.top && target < this.top + this.height;
    if (!onScreen) this.top = target - Math.floor(this.height / 3);
    this.moveTo(target, count);
  }

  page(direction: 1 | -1, count: number): void {
    const step = Math.max(1, this.height - 1);
    this.top += direction * step;
    this.moveTo(this.cursor + direction * step, count);
  }

  /** Rows came: with `tail`, the cursor follows to the new last one. */
  grew(count: number): void {
    if (this.tail) this.cursor = count - 1;
    this.clamp(count);
  }

  resize(height: number, count: number): void {
    this.height = Math.max(1, height);
    this.clamp(count);
  }

  private clamp(count: number): void {
    if (count === 0) {
      this.cursor = 0;
      this.top = 0;
      return;
    }
    this.cursor = Math.max(0, Math.min(count - 1, this.cursor));
    if (this.cursor < this.top) this.top = this.cursor;
    if (this.cursor >= this.top + this.height) this.top = this.cursor - this.height + 1;
    this.top = Math.max(0, Math.min(this.top, Math.max(0, count - this.height)));
  }
}
