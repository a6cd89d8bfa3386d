// Dev-only script: copies the method sets of the official MCP JSON Schemas into test/fixtures/spec-methods.json.
// Run from the repository root: `node test/protocol/extract-schema-methods.mjs SCHEMA_DIR`, SCHEMA_DIR being the
// `schema/` folder of a checkout of https://github.com/modelcontextprotocol/modelcontextprotocol (`<rev>/schema.json`
// in it). Tests read only the fixture.
// Unions read: ClientRequest, ServerRequest, ClientNotification, ServerNotification — each an `anyOf` of `$ref`s to
// definitions whose `properties.method.const` is the method
// (https://modelcontextprotocol.io/specification/<rev>/schema).
// 2025-11-25 keeps definitions under `$defs` (its `$schema` is JSON Schema 2020-12); older revisions under
// `definitions` (draft-07). Also copies the keys of ClientCapabilities / ServerCapabilities as `{path, type}`.
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
if (process.argv[2] === undefined) {
  console.error("usage: node test/protocol/extract-schema-methods.mjs SCHEMA_DIR (the spec repository's schema/)");
  process.exit(2);
}
const specDir = resolve(process.argv[2]);
const out = join(here, '../fixtures/spec-methods.json');
const REVISIONS = ['2024-11-05', '2025-03-26', '2025-06-18', '2025-11-25'];
const UNIONS = {
  clientRequests: 'ClientRequest',
  serverRequests: 'ServerRequest',
  clientNotifications: 'ClientNotification',
  serverNotifications: 'ServerNotification',
};

function methodsOf(schema, union) {
  const defs = schema.$defs ?? schema.definitions;
  const u = defs[union];
  if (!u || !Array.isArray(u.anyOf)) throw new Error(`${union}: no anyOf union`);
  return u.anyOf
    .map((member) => {
      const name = member.$ref.replace(/^#\/(\$defs|definitions)\//, '');
      const method = defs[name]?.properties?.method?.const;
      if (typeof method !== 'string') throw new Error(`${union}/${name}: no properties.method.const`);
      return method;
    })
    .sort();
}

/** Dotted paths of every declared property of a capabilities definition, with its JSON type. */
function capabilitiesOf(schema, name) {
  const defs = schema.$defs ?? schema.definitions;
  const out = [];
  const walk = (node, prefix) => {
    for (const [key, prop] of Object.entries(node.properties ?? {})) {
      out.push({ path: prefix + key, type: prop.type });
      walk(prop, `${prefix}${key}.`);
    }
  };
  walk(defs[name], '');
  return out.sort((a, b) => (a.path < b.path ? -1 : 1));
}

const result = {};
for (const rev of REVISIONS) {
  const schema = JSON.parse(readFileSync(join(specDir, rev, 'schema.json'), 'utf8'));
  result[rev] = {};
  for (const [key, union] of Object.entries(UNIONS)) result[rev][key] = methodsOf(schema, union);
  result[rev].clientCapabilities = capabilitiesOf(schema, 'ClientCapabilities');
  result[rev].serverCapabilities = capabilitiesOf(schema, 'ServerCapabilities');
}
mkdirSync(dirname(out), { recursive: true });
writeFileSync(out, JSON.stringify(result, null, 2) + '\n');
console.log(`wrote ${out}`);
