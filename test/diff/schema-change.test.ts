// What a schema change does to callers: the JSON Schemas the SDK's zod shapes give (z.number() → number,
// .int() → integer, .optional() → not required, z.enum → enum).
import { describe, expect, it } from 'vitest';
import { ignoring, diffJson } from '../../src/diff/json-diff.js';
import { inputChanges, outputChanges } from '../../src/diff/schema-change.js';

const obj = (properties: Record<string, unknown>, required: string[] = []) => ({
  type: 'object',
  properties,
  required,
});

describe('input schema changes', () => {
  it('narrowed types, removed enum values, new required arguments break callers; widened ones do not', () => {
    const a = obj(
      { n: { type: 'number' }, unit: { type: 'string', enum: ['eur', 'usd', 'gbp'] }, q: { type: ['string', 'null'] } },
      ['n'],
    );
    const b = obj(
      {
        n: { type: 'integer' },
        unit: { type: 'string', enum: ['eur', 'usd'] },
        q: { type: 'string' },
        k: { type: 'string' },
      },
      ['n', 'unit', 'k'],
    );
    expect(inputChanges(a, b)).toEqual([
      { what: 'required argument k added', breaking: true },
      { what: 'argument unit became required', breaking: true },
      { what: 'argument n: type number → integer (narrowed)', breaking: true },
      { what: 'argument unit: values "gbp" no longer accepted', breaking: true },
      { what: 'argument q: type string|null → string (narrowed)', breaking: true },
    ]);
    expect(inputChanges(b, a).filter((c) => c.breaking)).toEqual([{ what: 'argument k removed', breaking: true }]);
  });

  it('integer → number is a widening; description-only changes are named, not breaking', () => {
    expect(inputChanges(obj({ n: { type: 'integer' } }), obj({ n: { type: 'number' } }))).toEqual([
      { what: 'argument n: type integer → number', breaking: false },
    ]);
    expect(
      inputChanges(obj({ n: { type: 'number', description: 'a' } }), obj({ n: { type: 'number', description: 'b' } })),
    ).toEqual([{ what: 'input schema changed (descriptions or keywords)', breaking: false }]);
  });

  it('output fields removed or retyped break readers', () => {
    expect(
      outputChanges(obj({ id: { type: 'string' }, n: { type: 'number' } }), obj({ n: { type: 'string' } })).map((c) => [
        c.what,
        c.breaking,
      ]),
    ).toEqual([
      ['output field id removed', true],
      ['output field n: type number → string', true],
    ]);
  });
});

describe('result differences', () => {
  it('names the paths that changed, and sets aside the ignored ones', () => {
    const a = { content: [{ type: 'text', text: 'at 10:00' }], meta: { timestamp: 1, id: 'x' } };
    const b = { content: [{ type: 'text', text: 'at 10:01' }], meta: { timestamp: 2, id: 7 }, extra: true };
    expect(diffJson(a, b, ignoring([]), 10).changes).toEqual([
      { path: 'content.0.text', kind: 'value' },
      { path: 'meta.timestamp', kind: 'value' },
      { path: 'meta.id', kind: 'type' },
      { path: 'extra', kind: 'added' },
    ]);
    expect(diffJson(a, b, ignoring(['content.*.text', '**.timestamp']), 10).changes.map((c) => c.path)).toEqual([
      'meta.id',
      'extra',
    ]);
    expect(diffJson(a, b, ignoring([]), 2)).toMatchObject({ more: true });
  });
});
