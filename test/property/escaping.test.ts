// Properties of the escapers every text sink uses: no string, however hostile, gets a control character onto the
// terminal, a line break or an unescaped pipe into a Markdown cell, or markup into HTML.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { escapeHtml } from '../../src/output/audit/html-escape.js';
import { escapeJsonForTerminal, escapeTerminal } from '../../src/output/escape.js';
import { escapeMarkdownCell } from '../../src/output/stats-markdown.js';
import { SEED } from './support.js';

/** Strings rich in what attacks terminals and markup. */
const hostile = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 60 }),
  fc.string({
    unit: fc.constantFrom(
      '\x1b',
      '[',
      ']',
      '\x07',
      '\x9b',
      '\x9d',
      '\u202e',
      '\u2028',
      '\n',
      '\r',
      '\t',
      '|',
      '`',
      '<',
      '>',
      '&',
      '"',
      "'",
      '\\',
      '*',
      '_',
      'a',
      '0',
      ';',
    ),
    maxLength: 80,
  }),
  fc.string({ unit: 'binary', maxLength: 60 }),
);

const TERMINAL_ACTIVE = /[\x00-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;

describe('escapers', () => {
  it('escapeTerminal leaves no control, C1, separator or bidi character', () => {
    fc.assert(
      fc.property(hostile, (s) => {
        expect(escapeTerminal(s)).not.toMatch(TERMINAL_ACTIVE);
      }),
      { numRuns: 1000, seed: SEED },
    );
  });

  it('escapeMarkdownCell keeps a cell one line with no cell separator, code span, or HTML', () => {
    fc.assert(
      fc.property(hostile, (s) => {
        const cell = escapeMarkdownCell(s);
        expect(cell).not.toMatch(TERMINAL_ACTIVE);
        // Every |, `, < and > is preceded by an odd run of backslashes (escaped).
        for (let i = 0; i < cell.length; i++) {
          if ('|`<>'.includes(cell[i])) {
            let b = 0;
            for (let j = i - 1; j >= 0 && cell[j] === '\\'; j--) b++;
            expect(b % 2, `${JSON.stringify(cell)} at ${i}`).toBe(1);
          }
        }
      }),
      { numRuns: 1000, seed: SEED },
    );
  });

  it('escapeHtml leaves no tag, attribute quote or entity start from the log', () => {
    fc.assert(
      fc.property(hostile, (s) => {
        expect(escapeHtml(s)).not.toMatch(/[<>"']|&(?!amp;|lt;|gt;|quot;|#39;)/);
      }),
      { numRuns: 1000, seed: SEED },
    );
  });

  it('escapeJsonForTerminal keeps JSON values and leaves nothing a terminal acts on', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (v) => {
        const text = escapeJsonForTerminal(JSON.stringify(v));
        expect(text).not.toMatch(TERMINAL_ACTIVE);
        expect(JSON.parse(text)).toEqual(JSON.parse(JSON.stringify(v)));
      }),
      { numRuns: 500, seed: SEED },
    );
  });
});
