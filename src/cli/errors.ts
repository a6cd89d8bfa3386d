// Exit codes. A usage or input error (util/errors.ts) is reported as one clear line with exit code 2.

/** 0 done, 1 findings at or above --fail-on, 2 usage or input error, 3 internal error (a bug in mcptrace). */
export const EXIT = { ok: 0, findings: 1, usage: 2, internal: 3 } as const;
