export declare class UsageError extends Error {
    readonly exitCode = 2;
}
export declare const EXIT: {
    readonly ok: 0;
    readonly findings: 1;
    readonly usage: 2;
};
