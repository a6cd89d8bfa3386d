/** What decides colour: the output stream's TTY flag and the environment (passed in, never read here). */
export interface ColorContext {
    isTTY: boolean | undefined;
    env: Readonly<Record<string, string | undefined>>;
}
/**
 * Colour on or off, in this order (DESIGN principle 7):
 * 1. `NO_COLOR` set to a non-empty value → off (https://no-color.org: "when present and not an empty string").
 * 2. `FORCE_COLOR` set → off when `0` or `false`, else on (an empty value counts as on, as in Node and supports-color).
 * 3. otherwise on exactly when the output is a TTY.
 */
export declare function colorEnabled({ isTTY, env }: ColorContext): boolean;
export type Style = (s: string) => string;
export interface Palette {
    readonly enabled: boolean;
    bold: Style;
    dim: Style;
    red: Style;
    green: Style;
    yellow: Style;
    blue: Style;
    magenta: Style;
    cyan: Style;
    gray: Style;
}
/** A palette whose functions wrap text in ANSI codes when `enabled`, else return it unchanged. */
export declare function createPalette(enabled: boolean): Palette;
/** Convenience: the palette for a stream and environment. */
export declare function paletteFor(ctx: ColorContext): Palette;
