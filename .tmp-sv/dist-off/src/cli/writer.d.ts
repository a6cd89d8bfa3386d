import type { Writable } from 'node:stream';
export declare class OutputWriter {
    private readonly out;
    private buf;
    private size;
    private scheduled;
    private waiting;
    constructor(out: Writable);
    /** Queues text; resolves at once unless the destination is full (then after it drains). */
    write(text: string): Promise<void> | void;
    flush(): Promise<void> | void;
    /** Writes what is left and waits until the destination took it. */
    end(): Promise<void>;
}
