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
    for (const width of [5, 12, 25]) expect(displayWidth(cutAtWord('some words and a-very-long-token', width))).toBeLessThanOrEqual(width);
  });
});

describe('wrapWords', () => {
  const text = 'progress for token 12 after its tools/call request (id 12) was cancelled by the client';

  it('never splits a word, and no line is wider than its room', () => {
    for (const width of [10, 20, 33, 60]) {
      const lines = wrapWords(text, width - 5, width);
      expect(lines.join(' ').split(' ').filter((w) => w !== '')).toEqual(text.split(' '));
      lines.forEach((l, i) => expect(displayWidth(l)).toBeLessThanOrEqual(i === 0 ? width - 5 : width));
    }
  });

  it('splits only a word longer than a whole line', () => {
    expect(wrapWords('see https://example.com/a/very/long/path ok', 12)).toEqual(['see', 'https://exam', 'ple.com/a/ve', 'ry/long/path', 'ok']);
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
    const lines = flowPhrases([{ text: '━━ session 1' }, { text: 'samples/everything.envelope.ndjson' }, { text: '· stdio' }], 40, 2);
    expect(lines).toEqual(['━━ session 1', '  samples/everything.envelope.ndjson', '  · stdio']);
  });
});
