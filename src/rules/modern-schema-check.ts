// Validates a message of the 2026-07-28 revision against the official JSON schema (schema/2026-07-28/schema.json).
import { createRequire } from 'node:module';
import { MODERN_ERRORS, modernMethod } from '../protocol/modern.js';
import { modernSchema } from '../protocol/schema/modern-schema.js';

// No SDK on npm ships this revision, so the official schema file itself is the check: a verbatim copy (its git blob
// hash is tested against the one the spec repository published) made into a module (scripts/gen-modern-schema.mjs),
// compiled by Ajv (JSON Schema 2020-12) one `$defs` entry at a time, on first use (`loadAjv`), so that a run that
// checks no modern message never builds them.

interface Validator {
  (value: unknown): boolean;
  errors?:
    | readonly { instancePath: string; message?: string; keyword: string; params: Record<string, unknown> }[]
    | null;
}

interface Ajv {
  addSchema(schema: unknown, key: string): unknown;
  getSchema(ref: string): Validator | undefined;
}

const KEY = 'mcp-2026-07-28';
let ajv: Ajv | undefined;
const compiled = new Map<string, Validator>();

/**
 * Ajv and ajv-formats (CommonJS), on first use. In a bundle (dist/cli, dist/lib) `require` is the bundler's and they
 * are inside it (an installed mcptrace has no node_modules; the module wrappers run only when required); tsc's ES
 * modules have no `require` and load them from node_modules.
 */
function loadAjv(): { Ajv2020: new (o: object) => Ajv; formats: (a: Ajv) => void } {
  const bundled = typeof require === 'function';
  const ajvModule = (bundled ? require('ajv/dist/2020') : createRequire(import.meta.url)('ajv/dist/2020')) as {
    default: new (o: object) => Ajv;
  };
  const formatsModule = (bundled ? require('ajv-formats') : createRequire(import.meta.url)('ajv-formats')) as {
    default: (a: Ajv) => void;
  };
  return { Ajv2020: ajvModule.default, formats: formatsModule.default };
}

function validator(def: string): Validator {
  let v = compiled.get(def);
  if (v !== undefined) return v;
  if (ajv === undefined) {
    const { Ajv2020, formats } = loadAjv();
    // strict off: the schema uses annotation keywords Ajv's strict mode does not know; every error is wanted.
    ajv = new Ajv2020({ strict: false, allErrors: true });
    formats(ajv);
    ajv.addSchema(modernSchema(), KEY);
  }
  v = ajv.getSchema(`${KEY}#/$defs/${def}`);
  if (v === undefined) throw new Error(`schema/2026-07-28 has no $defs/${def}`);
  compiled.set(def, v);
  return v;
}

/** What a modern message is checked against: a `$defs` name and the part of the message it covers. */
interface ModernTarget {
  def: string;
  part: 'message' | 'result';
}

const obj = (v: unknown): Record<string, unknown> | null =>
  v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;

/**
 * The definition a message is checked against: requests and notifications by method; a result by its request's method
 * (`InputRequiredResult` when it says so on a method that allows it, plain `Result` for a method outside the table or
 * a task of the tasks extension);
 * errors by code (-32022 has required `data`). Undefined for a method the revision does not have.
 */
export function modernTarget(kind: string, method: string | null, message: unknown): ModernTarget | undefined {
  const info = method === null ? undefined : modernMethod(method);
  if (kind === 'request' || kind === 'notification')
    return info && info.kind === kind ? { def: info.schema, part: 'message' } : undefined;
  if (kind === 'response') {
    const result = obj(obj(message)?.result);
    if (result?.resultType === 'input_required') return { def: 'InputRequiredResult', part: 'result' };
    // A task (the tasks extension's CreateTaskResult, seps/2663): schema.json does not define it, only its base.
    if (result?.resultType === 'task') return { def: 'Result', part: 'result' };
    return { def: info?.result ?? 'Result', part: 'result' };
  }
  if (kind === 'error') {
    const code = obj(obj(message)?.error)?.code;
    return {
      def: code === MODERN_ERRORS.unsupportedVersion ? 'UnsupportedProtocolVersionError' : 'JSONRPCErrorResponse',
      part: 'message',
    };
  }
  return undefined;
}

/** `result.tools[0].name`, `params._meta["io.modelcontextprotocol/clientCapabilities"]`: a JSON pointer's keys, then `more`. */
function pathOf(root: string, pointer: string, ...more: string[]): string {
  let s = root;
  const keys = [
    ...pointer
      .split('/')
      .slice(1)
      .map((k) => k.replace(/~1/g, '/').replace(/~0/g, '~')),
    ...more,
  ];
  for (const key of keys) {
    if (/^\d+$/.test(key)) s += `[${key}]`;
    else if (/^[A-Za-z_$][\w$]*$/.test(key)) s += s === '' ? key : `.${key}`;
    else s += `[${JSON.stringify(key)}]`;
  }
  return s;
}

/**
 * The schema's objections to a message, as `path: what is wrong`, or [] when it conforms. Of the errors Ajv gives for
 * a failed `anyOf`, only those at the deepest path are kept: they say what the closest alternative lacks.
 */
export function checkModern(target: ModernTarget, message: unknown): string[] {
  const value = target.part === 'result' ? obj(message)?.result : message;
  const v = validator(target.def);
  if (v(value)) return [];
  const errors = (v.errors ?? []).filter((e) => e.keyword !== 'anyOf' && e.keyword !== 'allOf');
  const root = target.part === 'result' ? 'result' : '';
  const out: string[] = [];
  for (const e of errors) {
    const path =
      e.keyword === 'required'
        ? pathOf(root, e.instancePath, String(e.params.missingProperty))
        : pathOf(root, e.instancePath);
    const text = e.keyword === 'required' ? 'missing' : (e.message ?? e.keyword);
    const line = `${path || '(message)'}: ${text}`;
    if (!out.includes(line)) out.push(line);
  }
  return out;
}
