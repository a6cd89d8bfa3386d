// No dead exports: every export of src/ and bin/ is imported by another file (the library entry's are public).
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { declaredExports, unusedExports } from './exports.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

describe('exports', () => {
  it('finds the names a module declares as exported', () => {
    const text = [
      'export function a() {}',
      'export async function b() {}',
      'export const c = 1;',
      'export interface D {}',
      'export type E = string;',
      'export class F {}',
      'export abstract class G {}',
      'const h = 1, i = 2;',
      'export { h, i as j };',
      "export { k } from './k.js';",
      'function notExported() {}',
    ].join('\n');
    expect(declaredExports(text).sort()).toEqual(['D', 'E', 'F', 'G', 'a', 'b', 'c', 'h', 'j']);
  });

  it('every export of src/ and bin/ is used by another file', () => {
    expect(unusedExports(ROOT)).toEqual([]);
  });
});
