import type { Rule } from './types.js';
type Status = 'missing' | 'not-string' | 'unknown' | 'prerelease' | 'future';
interface Data {
    side: 'client' | 'server';
    status: Status;
    /** The value as sent (JSON text), when there is one. */
    value: string | null;
}
export declare const unknownProtocolVersion: Rule<Data>;
export {};
