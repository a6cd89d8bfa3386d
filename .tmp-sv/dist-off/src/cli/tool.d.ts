export declare const TOOL: {
    readonly name: string;
    readonly version: string;
};
