// A mistake in a filter expression: what is wrong, and the column it starts at.

export class FilterError extends Error {
  constructor(
    message: string,
    /** 0-based offset in the expression where the mistake starts. */
    readonly column: number,
  ) {
    super(message);
  }
}
