// A tiny ANSI colour palette; whether colour is on is decided once by the caller (NO_COLOR, FORCE_COLOR, TTY).

/** What decides colour: the output stream's TTY flag and the environment (passed in, never read here). */
interface ColorContext {
  isTTY: boolean | undefined;
  env: Readonly<Record<string, string | undefined>>;
}

/**
 * Colour on or off, in this order (ARCHITECTURE.md principle 7):
 * 1. `NO_COLOR` set to a non-empty value → off (https://no-color.org: "when present and not an empty string").
 * 2. `FORCE_COLOR` set → off when `0` or `false`, else on (an empty value counts as on, as in Node and supports-color).
 * 3. otherwise on exactly when the output is a TTY.
 */
export function colorEnabled({ isTTY, env }: ColorContext): boolean {
  const noColor = env.NO_COLOR;
  if (noColor !== undefined && noColor !== '') return false;
  const force = env.FORCE_COLOR;
  if (force !== undefined) return !(force === '0' || force.toLowerCase() === 'false');
  return isTTY === true;
}

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

/** SGR open/close pairs; each style closes only what it opened, so styles nest. */
const CODES = {
  bold: [1, 22],
  dim: [2, 22],
  red: [31, 39],
  green: [32, 39],
  yellow: [33, 39],
  blue: [34, 39],
  magenta: [35, 39],
  cyan: [36, 39],
  gray: [90, 39],
} as const;

const identity: Style = (s) => s;

function style(open: number, close: number): Style {
  const o = `\x1b[${open}m`;
  const c = `\x1b[${close}m`;
  // Empty strings stay empty so padding arithmetic and `trimEnd` see no stray codes.
  return (s) => (s === '' ? s : o + s + c);
}

/** A palette whose functions wrap text in ANSI codes when `enabled`, else return it unchanged. */
export function createPalette(enabled: boolean): Palette {
  const make = (name: keyof typeof CODES): Style => (enabled ? style(CODES[name][0], CODES[name][1]) : identity);
  return {
    enabled,
    bold: make('bold'),
    dim: make('dim'),
    red: make('red'),
    green: make('green'),
    yellow: make('yellow'),
    blue: make('blue'),
    magenta: make('magenta'),
    cyan: make('cyan'),
    gray: make('gray'),
  };
}

/** Convenience: the palette for a stream and environment. */
export function paletteFor(ctx: ColorContext): Palette {
  return createPalette(colorEnabled(ctx));
}
