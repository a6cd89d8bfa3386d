// An error in what the user gave: an option, an environment variable, a file named, a collector told to take the
// output. The stage that finds it throws it; the CLI prints its message as one line and exits with 2 (ARCHITECTURE.md
// principle 9).

/**
 * A usage or input error. `point`: the message's first line quotes what was typed, and a second line puts a `^` under
 * `column` of it followed by `note` (a filter expression's mistake).
 */
export class UsageError extends Error {
  constructor(
    message: string,
    readonly point?: { column: number; note: string },
  ) {
    super(message);
  }
}
