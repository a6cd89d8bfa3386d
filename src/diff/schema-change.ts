// What a tool's schema change does to its callers (inputSchema) and to what they read (outputSchema): an argument
// made required or removed, a type or an enum narrowed, breaks a caller that worked; added or widened ones do not.
import stringify from 'safe-stable-stringify';

type Schema = Record<string, unknown>;

interface SchemaChange {
  what: string;
  breaking: boolean;
}

/** The changes from `a` to `b` of an input schema (what the caller sends). */
export function inputChanges(a: unknown, b: unknown): SchemaChange[] {
  const out: SchemaChange[] = [];
  const pa = propertiesOf(a);
  const pb = propertiesOf(b);
  const ra = requiredOf(a);
  const rb = requiredOf(b);
  for (const name of Object.keys(pa)) if (!(name in pb)) out.push({ what: `argument ${name} removed`, breaking: true });
  for (const name of Object.keys(pb)) {
    if (name in pa) continue;
    out.push(
      rb.has(name)
        ? { what: `required argument ${name} added`, breaking: true }
        : { what: `optional argument ${name} added`, breaking: false },
    );
  }
  for (const name of rb)
    if (name in pa && !ra.has(name)) out.push({ what: `argument ${name} became required`, breaking: true });
  for (const name of ra)
    if (name in pb && !rb.has(name)) out.push({ what: `argument ${name} became optional`, breaking: false });
  for (const name of Object.keys(pa))
    if (name in pb) out.push(...valueChanges(`argument ${name}`, pa[name], pb[name], 'narrowed'));
  if (out.length === 0 && stringify(a) !== stringify(b))
    out.push({ what: 'input schema changed (descriptions or keywords)', breaking: false });
  return out;
}

/** The changes from `a` to `b` of an output schema (what the caller reads): a field removed or retyped breaks it. */
export function outputChanges(a: unknown, b: unknown): SchemaChange[] {
  if (a === undefined && b === undefined) return [];
  if (a === undefined) return [{ what: 'output schema added', breaking: false }];
  if (b === undefined) return [{ what: 'output schema removed', breaking: false }];
  const out: SchemaChange[] = [];
  const pa = propertiesOf(a);
  const pb = propertiesOf(b);
  for (const name of Object.keys(pa))
    if (!(name in pb)) out.push({ what: `output field ${name} removed`, breaking: true });
  for (const name of Object.keys(pb))
    if (!(name in pa)) out.push({ what: `output field ${name} added`, breaking: false });
  for (const name of Object.keys(pa))
    if (name in pb) out.push(...valueChanges(`output field ${name}`, pa[name], pb[name], 'changed'));
  if (out.length === 0 && stringify(a) !== stringify(b))
    out.push({ what: 'output schema changed (descriptions or keywords)', breaking: false });
  return out;
}

/** A property's type and enum: fewer accepted values is breaking (`narrowed`); for outputs any other type is (`changed`). */
function valueChanges(subject: string, a: unknown, b: unknown, mode: 'narrowed' | 'changed'): SchemaChange[] {
  const out: SchemaChange[] = [];
  const ta = typesOf(a);
  const tb = typesOf(b);
  if (ta !== null && tb !== null && !sameSet(ta, tb)) {
    const narrowed = [...ta].some((t) => !tb.has(t) && !(t === 'integer' && tb.has('number')));
    const breaking = mode === 'narrowed' ? narrowed : true;
    out.push({
      what: `${subject}: type ${[...ta].join('|')} → ${[...tb].join('|')}${breaking && mode === 'narrowed' ? ' (narrowed)' : ''}`,
      breaking,
    });
  }
  const ea = enumOf(a);
  const eb = enumOf(b);
  if (ea !== null || eb !== null) {
    const removed = ea === null ? [] : [...ea].filter((v) => eb === null || !eb.has(v));
    const added = eb === null ? [] : [...eb].filter((v) => ea === null || !ea.has(v));
    if (eb !== null && ea === null)
      out.push({ what: `${subject}: now one of ${[...eb].join(', ')}`, breaking: mode === 'narrowed' });
    else if (removed.length > 0 && eb !== null)
      out.push({ what: `${subject}: values ${removed.join(', ')} no longer accepted`, breaking: mode === 'narrowed' });
    if (added.length > 0 && ea !== null)
      out.push({ what: `${subject}: values ${added.join(', ')} added`, breaking: mode === 'changed' });
  }
  return out;
}

function propertiesOf(s: unknown): Record<string, unknown> {
  const p = isSchema(s) ? s.properties : undefined;
  return isSchema(p) ? p : {};
}

function requiredOf(s: unknown): Set<string> {
  const r = isSchema(s) ? s.required : undefined;
  return new Set(Array.isArray(r) ? r.filter((x): x is string => typeof x === 'string') : []);
}

function typesOf(s: unknown): Set<string> | null {
  if (!isSchema(s)) return null;
  if (typeof s.type === 'string') return new Set([s.type]);
  if (Array.isArray(s.type)) return new Set(s.type.map(String));
  return null;
}

function enumOf(s: unknown): Set<string> | null {
  if (!isSchema(s) || !Array.isArray(s.enum)) return null;
  return new Set(s.enum.map((v) => stringify(v) ?? 'null'));
}

function sameSet(a: Set<string>, b: Set<string>): boolean {
  return a.size === b.size && [...a].every((x) => b.has(x));
}

function isSchema(v: unknown): v is Schema {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}
