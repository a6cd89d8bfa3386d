const Ajv2020 = require('ajv/dist/2020').default; const addFormats = require('ajv-formats').default ?? require('ajv-formats');
const fs = require('fs');
const spec = JSON.parse(fs.readFileSync('/work/shared/spec/2025-11-25/schema.json', 'utf8'));
const ajv = new Ajv2020({ strict: false, allErrors: true }); addFormats(ajv); ajv.addSchema(spec, 'mcp');
const RES = { initialize: 'InitializeResult', ping: 'EmptyResult', 'resources/list': 'ListResourcesResult', 'resources/templates/list': 'ListResourceTemplatesResult', 'resources/read': 'ReadResourceResult', 'resources/subscribe': 'EmptyResult', 'resources/unsubscribe': 'EmptyResult', 'prompts/list': 'ListPromptsResult', 'prompts/get': 'GetPromptResult', 'tools/list': 'ListToolsResult', 'tools/call': 'CallToolResult', 'logging/setLevel': 'EmptyResult', 'completion/complete': 'CompleteResult', 'sampling/createMessage': 'CreateMessageResult', 'roots/list': 'ListRootsResult', 'elicitation/create': 'ElicitResult', 'tasks/get': 'GetTaskResult', 'tasks/list': 'ListTasksResult', 'tasks/cancel': 'CancelTaskResult' };
const byMethod = {}; for (const [n, d] of Object.entries(spec.$defs)) { const m = d.properties?.method?.const; if (m) byMethod[m] = n; }
let n = 0, bad = 0;
for (const file of process.argv.slice(2)) {
  const pending = {};
  for (const line of fs.readFileSync(file, 'utf8').split('\n').filter(Boolean)) {
    let o = JSON.parse(line); if (o.line) o = JSON.parse(o.line); else if (o.message) o = o.message; if (!o.jsonrpc) continue;
    if (o.method) { const key = (o.id !== undefined ? 'x' : '') + o.id; if (o.id !== undefined) pending[o.id + '/' + o.method] = o; const def = byMethod[o.method]; const v = ajv.getSchema('mcp#/$defs/' + def); n++; if (!v(o)) { bad++; console.log(file, 'REQ', o.method, JSON.stringify(v.errors).slice(0, 300)); } }
    else if (o.result) { const req = Object.entries(pending).find(([k]) => k.startsWith(o.id + '/')); if (!req) continue; const m = req[1].method; delete pending[req[0]]; let def = RES[m]; if (!def) continue; if (req[1].params?.task && o.result.task) def = 'CreateTaskResult'; const v = ajv.getSchema('mcp#/$defs/' + def); n++; if (!v(o.result)) { bad++; console.log(file, 'RES', m, JSON.stringify(v.errors).slice(0, 300)); } }
  }
}
console.log('checked', n, 'bad', bad);
