import type { Rule } from './types.js';
interface Data {
    method: string;
    code: string;
    name: string;
    expected: number;
}
export declare const resourceNotFoundCode: Rule<Data>;
export {};
