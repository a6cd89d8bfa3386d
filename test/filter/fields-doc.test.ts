// docs/filter.md's table of fields names every field the language reads, with its type, and no other.
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { FIELDS } from '../../src/filter/fields.js';

it('docs/filter.md lists every field with its type', () => {
  const doc = readFileSync(new URL('../../docs/filter.md', import.meta.url), 'utf8');
  const table = doc.slice(doc.indexOf('## Fields'), doc.indexOf('\n## ', doc.indexOf('## Fields') + 1));
  const rows = [...table.matchAll(/^\| `([^`]+)` \| (\w+) \|/gm)].map((m) => [m[1], m[2]]);
  expect(rows).toEqual(FIELDS.map((f) => [f.name, f.type === 'enum' ? 'word' : f.type]));
});
