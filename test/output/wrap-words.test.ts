// Cutting and wrapping text for the transcript without splitting words.
import { describe, expect, it } from 'vitest';
import { displayWidth } from '../../src/output/width.js';
import { cutAtWord, flowPhrases, wrapDense, wrapWords } from '../../src/output/wrap-words.js';

describe('cutAtWord', () => {
  it('keeps text that fits and cuts after the last whole word or path part, with …', () => {
    expect(cutAtWord('echo', 10)).toBe('echo');
    expect(cutAtWord('mcptrace recorder: user cancelled', 22)).toBe('mcptrace recorder:…');
    expect(cutAtWord('demo://resource/static/document/architecture.md', 30)).toBe('demo://resource/static/…');
  });

  it('cuts inside a word only when a word break would give up more than a third of the width', () => {
    expect(cutAtWord('ab ' + 'x'.repeat(40), 20)).toBe('ab ' + 'x'.repeat(16) + '…');
    for (const width of [5, 12, 25])
      expect(displayWidth(cutAtWord('some words and a-very-long-token', width))).toBeLessThanOrEqual(width);
  });
});

describe('wrapWords', () => {
  const text = 'progress for token 12 after its tools/call request (id 12) was cancelled by the client';

  it('never splits a word, and no line is wider than its room', () => {
    for (const width of [10, 20, 33, 60]) {
      const lines = wrapWords(text, width - 5, width);
      expect(
        lines
          .join(' ')
          .split(' ')
          .filter((w) => w !== ''),
      ).toEqual(text.split(' '));
      lines.forEach((l, i) => expect(displayWidth(l)).toBeLessThanOrEqual(i === 0 ? width - 5 : width));
    }
  });

  it('splits only a word longer than a whole line', () => {
    expect(wrapWords('see https://example.com/a/very/long/path ok', 12)).toEqual([
      'see',
      'https://exam',
      'ple.com/a/ve',
      'ry/long/path',
      'ok',
    ]);
  });
});

describe('wrapDense', () => {
  it('breaks compact JSON after a comma, colon or bracket, not inside a value', () => {
    const json = '{"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{}}}';
    const lines = wrapDense(json, 40);
    expect(lines.join('')).toBe(json);
    for (const l of lines) expect(l.length).toBeLessThanOrEqual(40);
    // Every line but the last ends where JSON may break.
    for (const l of lines.slice(0, -1)) expect(l).toMatch(/[,:{[]$/);
    expect(lines.length).toBeGreaterThan(1);
  });
});

describe('flowPhrases', () => {
  it('moves a phrase that does not fit to the next line, indented', () => {
    const lines = flowPhrases(
      [{ text: '━━ session 1' }, { text: 'samples/everything.envelope.ndjson' }, { text: '· stdio' }],
      40,
      2,
    );
    expect(lines).toEqual(['━━ session 1', '  samples/everything.envelope.ndjson', '  · stdio']);
  });
});

describe('wrapDense on a long body', () => {
  /** The least CPU time of three runs of `f`, in ms. */
  const cpuMs = (f: () => unknown) => {
    let best = Infinity;
    for (let i = 0; i < 3; i++) {
      const t = process.cpuUsage();
      f();
      const d = process.cpuUsage(t);
      best = Math.min(best, (d.user + d.system) / 1000);
    }
    return best;
  };

  it('takes time linear in the text: 10 times the text, about 10 times the work (it measured the whole rest per line)', () => {
    // `annotate --body full` of a 12.8 MB tool result ran for minutes: quadratic, 100 times the work for 10 times the text.
    const text = (n: number) => `{"text":"${'lorem ipsum, '.repeat(n)}"}`;
    wrapDense(text(2_000), 78); // warm up
    const small = Math.max(
      cpuMs(() => wrapDense(text(2_000), 78)),
      0.05,
    );
    const big = cpuMs(() => wrapDense(text(20_000), 78));
    expect(big / small, `${small.toFixed(2)} ms → ${big.toFixed(2)} ms`).toBeLessThan(40);
  });

  it('keeps every character and every line within the width: wide characters, emoji, a grapheme longer than the window', () => {
    const zalgo = `a${'\u0301'.repeat(3_000)}b`; // one grapheme of 3,001 code units: wider than any window of code units
    for (const text of [
      '漢字かな交じり文, '.repeat(400),
      '👩‍👩‍👧‍👦 family, '.repeat(300),
      `${'x'.repeat(5_000)}${zalgo}${'y'.repeat(100)}`,
    ]) {
      const lines = wrapDense(text, 40);
      expect(lines.join('')).toBe(text);
      for (const l of lines) expect(displayWidth(l)).toBeLessThanOrEqual(40);
    }
  });
});
