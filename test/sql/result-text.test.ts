// mcptrace sql's result as a terminal table: fitted to the terminal's width, log text escaped, nulls shown as NULL.
import { describe, expect, it } from 'vitest';
import { createPalette } from '../../src/output/color.js';
import { formatResultCsv, formatResultTable } from '../../src/sql/result-text.js';
import { displayWidth } from '../../src/output/width.js';

const result = {
  columns: ['server', 'tool', 'calls', 'message'],
  rows: [
    [
      'mcp-servers/everything',
      'trigger-long-running-operation',
      7,
      '{"result":{"content":[{"type":"text","text":"Long running operation done"}]}}',
    ],
    ['memory-server', 'evil\u001b[31m', 12, null],
  ],
};

describe('sql result table', () => {
  it.each([40, 60, 80, 200])(
    'fits a %i-column terminal; numbers right-aligned; control characters escaped',
    (width) => {
      const text = formatResultTable(result, createPalette(false), { width });
      const lines = text.trimEnd().split('\n');
      for (const l of lines) expect(displayWidth(l)).toBeLessThanOrEqual(width);
      expect(text).not.toContain('\u001b');
      expect(lines[2]).toMatch(/│ +7 │/);
      expect(lines.at(-1)).toBe('2 rows');
      if (width >= 200) expect(text).toContain('trigger-long-running-operation');
    },
  );

  it('without a width (not a terminal): cells up to 60 columns; CSV leaves nulls empty', () => {
    expect(formatResultTable(result, createPalette(false))).toContain('│ NULL ');
    expect(formatResultCsv(result)).toBe(
      'server,tool,calls,message\r\nmcp-servers/everything,trigger-long-running-operation,7,"{""result"":{""content"":[{""type"":""text"",""text"":""Long running operation done""}]}}"\r\nmemory-server,\u001b[31m,12,\r\n'.replace(
        '\u001b[31m',
        'evil\u001b[31m',
      ),
    );
  });
});
