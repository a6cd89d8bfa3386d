import type { Rule } from './types.js';
type Data = {
    taskId: string;
    status: string;
    where: string;
    expect: string;
} | {
    taskId: string;
    status: string;
    where: string;
    from: string;
};
export declare const taskInvalidTransition: Rule<Data>;
export {};
