// Reading a capture record with a dialect's paths, shapes and templates: pure lookups (see types.ts for the forms).
import { getOwnPath } from '../../util/own.js';
import type { Direction } from '../../types.js';
import type { Directed, Path, Shape, Template } from './types.js';

/** The document's top-level values a record's `/…` paths read (empty for JSONL). */
export type Header = Readonly<Record<string, unknown>>;

/** Paths split once: a dialect has a few dozen. */
const SPLIT = new Map<string, { header: boolean; keys: readonly string[] }>();

function split(path: Path): { header: boolean; keys: readonly string[] } {
  let s = SPLIT.get(path);
  if (s === undefined) {
    const header = path.charCodeAt(0) === 0x2f; /* / */
    s = { header, keys: (header ? path.slice(1) : path).split('.') };
    SPLIT.set(path, s);
  }
  return s;
}

/** The value at a path of the record (or, for `/…`, of the document's header); undefined when a step is missing. */
export function valueAt(path: Path, record: unknown, header: Header): unknown {
  const s = split(path);
  return getOwnPath(s.header ? header : record, s.keys);
}

/** A value a shape's `has` accepts: present, not null, not an empty string. */
export const present = (v: unknown): boolean => v !== undefined && v !== null && v !== '';

/** Whether the record has the shape. */
export function matches(shape: Shape, record: unknown, header: Header): boolean {
  if (shape.has) for (const p of shape.has) if (!present(valueAt(p, record, header))) return false;
  if (shape.lacks) for (const p of shape.lacks) if (present(valueAt(p, record, header))) return false;
  if (shape.is) {
    for (const p of Object.keys(shape.is)) {
      const v = valueAt(p, record, header);
      if (!shape.is[p]!.some((x) => x === v)) return false;
    }
  }
  return true;
}

/** Templates split once into text and paths (odd indexes are paths). */
const PARTS = new Map<string, readonly string[]>();

/** The template with its holes filled; undefined when a hole's path holds no scalar. */
export function expand(template: Template, record: unknown, header: Header): string | undefined {
  let parts = PARTS.get(template);
  if (parts === undefined) {
    parts = template.split(/\{([^{}]+)\}/);
    PARTS.set(template, parts);
  }
  let out = parts[0]!;
  for (let i = 1; i < parts.length; i += 2) {
    const v = valueAt(parts[i]!, record, header);
    if (typeof v === 'string' ? v === '' : typeof v !== 'number' && typeof v !== 'boolean') return undefined;
    out += String(v) + parts[i + 1]!;
  }
  return out;
}

/** A directed template for a message going `dir` (a plain template whatever the direction; none when it is unknown). */
export function directed(t: Directed, dir: Direction): Template | undefined {
  if (typeof t === 'string') return t;
  return dir === 'unknown' ? undefined : t[dir];
}

/** The top-level key a path starts with (where a folded message begins in its record's text). */
export function topKey(path: Path): string {
  const dot = path.indexOf('.');
  return dot < 0 ? path : path.slice(0, dot);
}
