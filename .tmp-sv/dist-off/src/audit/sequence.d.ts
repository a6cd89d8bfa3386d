import type { PipelineRecord } from '../types.js';
import type { SequenceStep } from './types.js';
export declare class SequenceKeeper {
    private readonly headSize;
    private readonly tailSize;
    private readonly bodyBytes;
    readonly head: SequenceStep[];
    private readonly ring;
    private next;
    private seen;
    constructor(headSize: number, tailSize: number, bodyBytes: number);
    add(r: PipelineRecord): void;
    finish(): {
        head: SequenceStep[];
        tail: SequenceStep[];
        elided: number;
    };
    private step;
}
