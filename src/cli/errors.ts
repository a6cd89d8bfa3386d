// Exit codes, and usage and input errors: reported as one clear line with exit code 2.

/**
 * A usage error. `point`: the message's first line quotes what was typed, and a second line puts a `^` under
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

/** 0 done, 1 findings at or above --fail-on, 2 usage or input error, 3 internal error (a bug in mcptrace). */
export const EXIT = { ok: 0, findings: 1, usage: 2, internal: 3 } as const;
