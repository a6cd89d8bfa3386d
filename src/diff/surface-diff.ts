// The server's surface, A against B: tools, prompts, resources and templates added, removed or changed (schemas,
// descriptions, annotations), its capabilities, revision and identity.
import stringify from 'safe-stable-stringify';
import { HINTS } from './annotations.js';
import { inputChanges, outputChanges } from './schema-change.js';
import type { Change, Surface } from './types.js';

type Item = Record<string, unknown>;

/** The kinds of item a surface lists, with their word. */
const KINDS = [
  ['tools', 'tool'],
  ['prompts', 'prompt'],
  ['resources', 'resource'],
  ['templates', 'resource template'],
] as const;

export function surfaceChanges(a: Surface, b: Surface): Change[] {
  const out: Change[] = [];
  const add = (subject: string, what: string, breaking: boolean) =>
    out.push({ category: 'surface', breaking, subject, what });
  if (a.revision !== b.revision && a.revision !== null && b.revision !== null)
    add('revision', `${a.revision} → ${b.revision}`, false);
  if (a.serverInfo && b.serverInfo && stringify(a.serverInfo) !== stringify(b.serverInfo)) {
    add('server', `${a.serverInfo.name} ${a.serverInfo.version} → ${b.serverInfo.name} ${b.serverInfo.version}`, false);
  }
  if (a.capabilities && b.capabilities) {
    for (const k of Object.keys(a.capabilities))
      if (!(k in b.capabilities)) add(`capability ${k}`, 'no longer declared', true);
    for (const k of Object.keys(b.capabilities))
      if (!(k in a.capabilities)) add(`capability ${k}`, 'newly declared', false);
    for (const k of Object.keys(a.capabilities)) {
      if (k in b.capabilities && stringify(a.capabilities[k]) !== stringify(b.capabilities[k]))
        add(`capability ${k}`, `${stringify(a.capabilities[k])} → ${stringify(b.capabilities[k])}`, false);
    }
  }
  for (const [field, word] of KINDS) {
    const ia = a[field];
    const ib = b[field];
    // A list the side never asked for is unknown, not empty.
    const listedA = Object.keys(ia).length > 0;
    const listedB = Object.keys(ib).length > 0;
    if (listedA && listedB)
      for (const name of Object.keys(ia)) if (!(name in ib)) add(`${word} ${name}`, 'removed', true);
    if (listedA && listedB)
      for (const name of Object.keys(ib)) if (!(name in ia)) add(`${word} ${name}`, 'added', false);
    for (const name of Object.keys(ia)) {
      if (!(name in ib)) continue;
      for (const c of itemChanges(field, ia[name] as Item, ib[name] as Item))
        add(`${word} ${name}`, c.what, c.breaking);
    }
  }
  return out;
}

function itemChanges(field: (typeof KINDS)[number][0], a: Item, b: Item): { what: string; breaking: boolean }[] {
  const out: { what: string; breaking: boolean }[] = [];
  if (field === 'tools') {
    out.push(...inputChanges(a.inputSchema, b.inputSchema), ...outputChanges(a.outputSchema, b.outputSchema));
    const ha = (a.annotations ?? {}) as Item;
    const hb = (b.annotations ?? {}) as Item;
    for (const [hint, d] of Object.entries(HINTS)) {
      const va = typeof ha[hint] === 'boolean' ? ha[hint] : d.default;
      const vb = typeof hb[hint] === 'boolean' ? hb[hint] : d.default;
      if (va !== vb) out.push({ what: `${hint} ${va} → ${vb}${vb === d.risky ? ' (loosened)' : ''}`, breaking: false });
    }
  }
  if (field === 'prompts') {
    const args = (p: Item) =>
      new Map(
        ((Array.isArray(p.arguments) ? p.arguments : []) as Item[]).map((x) => [String(x.name), x.required === true]),
      );
    const aa = args(a);
    const ab = args(b);
    for (const [name] of aa) if (!ab.has(name)) out.push({ what: `argument ${name} removed`, breaking: true });
    for (const [name, req] of ab) {
      if (!aa.has(name)) out.push({ what: `${req ? 'required' : 'optional'} argument ${name} added`, breaking: req });
      else if (req && !aa.get(name)) out.push({ what: `argument ${name} became required`, breaking: true });
    }
  }
  for (const key of ['title', 'description', 'mimeType']) {
    if (stringify(a[key]) !== stringify(b[key])) out.push({ what: `${key} changed`, breaking: false });
  }
  return out;
}
