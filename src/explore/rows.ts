// The rows the list shows: every record, or those a filter kept (in order); positions in the list ↔ rows of the index.

export class RowSet {
  /** Null: every row (position = row). */
  private constructor(
    private readonly kept: Uint32Array | null,
    private readonly all: () => number,
  ) {}

  static every(count: () => number): RowSet {
    return new RowSet(null, count);
  }

  static only(rows: Uint32Array): RowSet {
    return new RowSet(rows, () => rows.length);
  }

  get filtered(): boolean {
    return this.kept !== null;
  }

  get count(): number {
    return this.kept === null ? this.all() : this.kept.length;
  }

  row(pos: number): number {
    return this.kept === null ? pos : this.kept[pos]!;
  }

  /** The position of `row`, or of the first row after it that is kept (-1: none is). */
  positionAtOrAfter(row: number): number {
    if (this.kept === null) return row < this.all() ? row : -1;
    let lo = 0;
    let hi = this.kept.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.kept[mid]! < row) lo = mid + 1;
      else hi = mid;
    }
    return lo < this.kept.length ? lo : -1;
  }

  /** The position of `row` when it is kept, else -1. */
  positionOf(row: number): number {
    const pos = this.positionAtOrAfter(row);
    return pos >= 0 && this.row(pos) === row ? pos : -1;
  }
}
