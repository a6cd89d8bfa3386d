import type { Side } from '../types.js';
import type { CapabilityRow } from './types.js';
/** Dotted paths of everything a capabilities object declares (`experimental` contents are free-form). */
export declare function declaredPaths(caps: Record<string, unknown> | null): string[];
export declare class CapabilityMatrix {
    private readonly rows;
    /** Records one message that depended on `side`'s capability `path`. */
    use(side: Side, path: string, negotiated: boolean | null): void;
    /** Rows for everything used, plus everything declared and never used. */
    finish(client: Record<string, unknown> | null, server: Record<string, unknown> | null): CapabilityRow[];
    private row;
}
