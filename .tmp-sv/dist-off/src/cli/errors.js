// Usage and input errors: reported as one clear line with exit code 2.
export class UsageError extends Error {
    exitCode = 2;
}
export const EXIT = { ok: 0, findings: 1, usage: 2 };
//# sourceMappingURL=errors.js.map