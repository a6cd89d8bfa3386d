/** `echo`, `demo://x 3/10` …; '' when the method has no subject or the params lack it. Not escaped. */
export declare function subjectOf(method: string | null, message: unknown): string;
