// colorEnabled honours NO_COLOR, FORCE_COLOR and TTY in that order; a disabled palette returns text unchanged.
import { describe, expect, it } from 'vitest';
import { colorEnabled, createPalette, paletteFor } from '../../src/output/color.js';

describe('colorEnabled', () => {
  it.each([
    [{ isTTY: true, env: {} }, true],
    [{ isTTY: false, env: {} }, false],
    [{ isTTY: undefined, env: {} }, false],
    [{ isTTY: true, env: { NO_COLOR: '1' } }, false],
    [{ isTTY: true, env: { NO_COLOR: '' } }, true],
    [{ isTTY: true, env: { NO_COLOR: '1', FORCE_COLOR: '1' } }, false],
    [{ isTTY: false, env: { FORCE_COLOR: '1' } }, true],
    [{ isTTY: false, env: { FORCE_COLOR: '' } }, true],
    [{ isTTY: false, env: { FORCE_COLOR: '3' } }, true],
    [{ isTTY: true, env: { FORCE_COLOR: '0' } }, false],
    [{ isTTY: true, env: { FORCE_COLOR: 'false' } }, false],
    [{ isTTY: true, env: { FORCE_COLOR: 'FALSE' } }, false],
  ])('%j → %s', (ctx, expected) => {
    expect(colorEnabled(ctx)).toBe(expected);
  });
});

describe('palette', () => {
  it('returns text unchanged when disabled', () => {
    const p = createPalette(false);
    for (const f of [p.bold, p.dim, p.red, p.green, p.yellow, p.blue, p.magenta, p.cyan, p.gray])
      expect(f('x')).toBe('x');
    expect(paletteFor({ isTTY: true, env: { NO_COLOR: 'yes' } }).red('x')).toBe('x');
  });

  it('wraps text in SGR codes that close only what they open', () => {
    const p = createPalette(true);
    expect(p.red('x')).toBe('\x1b[31mx\x1b[39m');
    expect(p.bold('x')).toBe('\x1b[1mx\x1b[22m');
    expect(p.dim(p.red('x'))).toBe('\x1b[2m\x1b[31mx\x1b[39m\x1b[22m');
    expect(p.red('')).toBe('');
    expect(paletteFor({ isTTY: false, env: { FORCE_COLOR: '1' } }).green('x')).toContain('\x1b[32m');
  });
});
