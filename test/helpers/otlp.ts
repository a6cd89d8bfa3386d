// OTLP as a test reads it back: JSON (TracesData / MetricsData) and protobuf decoded by an independent decoder
// (`protoc --decode` with the test's own subset of the OTLP schema; Debian's protobuf-compiler), both into one plain
// shape to compare.
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** Every recorded sample but the README (which holds no MCP message). */
export const SAMPLES = [
  'everything.envelope.ndjson',
  'everything.json',
  'everything.ndjson',
  'everything.transcript.txt',
  'memory.envelope.ndjson',
  'everything-http.pcap',
  'everything-http.har',
  'everything-http.curl.txt',
].map((f) => `samples/${f}`);

export type AttrValue = string | number | boolean | AttrValue[];

export interface PlainSpan {
  traceId: string;
  spanId: string;
  parentSpanId: string;
  name: string;
  kind: number;
  start: bigint;
  end: bigint;
  attributes: Record<string, AttrValue>;
  events: { name: string; time: bigint; attributes: Record<string, AttrValue> }[];
  status: { code: number; message: string };
  resource: Record<string, AttrValue>;
}

export interface PlainPoint {
  metric: string;
  unit: string;
  attributes: Record<string, AttrValue>;
  count: number;
  sum: number;
  bucketCounts: number[];
  bounds: number[];
  resource: Record<string, AttrValue>;
}

// ---- JSON ----

function jsonValue(v: any): AttrValue {
  if ('stringValue' in v) return v.stringValue;
  if ('boolValue' in v) return v.boolValue;
  if ('intValue' in v) return Number(v.intValue);
  if ('doubleValue' in v) return v.doubleValue;
  if ('arrayValue' in v) return (v.arrayValue.values ?? []).map(jsonValue);
  throw new Error(`unexpected AnyValue ${JSON.stringify(v)}`);
}

function jsonAttrs(list: any[] | undefined): Record<string, AttrValue> {
  return Object.fromEntries((list ?? []).map((kv) => [kv.key, jsonValue(kv.value)]));
}

export function spansFromJson(data: any): PlainSpan[] {
  const out: PlainSpan[] = [];
  for (const rs of data.resourceSpans ?? []) {
    const resource = jsonAttrs(rs.resource?.attributes);
    for (const ss of rs.scopeSpans ?? []) {
      for (const s of ss.spans ?? []) {
        out.push({
          traceId: s.traceId,
          spanId: s.spanId,
          parentSpanId: s.parentSpanId ?? '',
          name: s.name,
          kind: s.kind,
          start: BigInt(s.startTimeUnixNano),
          end: BigInt(s.endTimeUnixNano),
          attributes: jsonAttrs(s.attributes),
          events: (s.events ?? []).map((e: any) => ({
            name: e.name,
            time: BigInt(e.timeUnixNano),
            attributes: jsonAttrs(e.attributes),
          })),
          status: { code: s.status?.code ?? 0, message: s.status?.message ?? '' },
          resource,
        });
      }
    }
  }
  return out;
}

export function pointsFromJson(data: any): PlainPoint[] {
  const out: PlainPoint[] = [];
  for (const rm of data.resourceMetrics ?? []) {
    const resource = jsonAttrs(rm.resource?.attributes);
    for (const sm of rm.scopeMetrics ?? []) {
      for (const m of sm.metrics ?? []) {
        for (const p of m.histogram?.dataPoints ?? []) {
          out.push({
            metric: m.name,
            unit: m.unit,
            attributes: jsonAttrs(p.attributes),
            count: Number(p.count),
            sum: p.sum,
            bucketCounts: p.bucketCounts.map(Number),
            bounds: p.explicitBounds,
            resource,
          });
        }
      }
    }
  }
  return out;
}

// ---- protobuf through protoc --decode ----

/** A field's value as protoc prints it: a string literal's bytes, a bare token (number, true/false), or a message. */
type Raw = Buffer | string | Tree;
type Tree = Map<string, Raw[]>;

const PROTO_DIR = fileURLToPath(new URL('../fixtures/otlp/', import.meta.url));

/** protoc's C-escaped string literal → its bytes. */
function cUnescape(s: string): Buffer {
  const bytes: number[] = [];
  for (let i = 0; i < s.length; i++) {
    const c = s[i]!;
    if (c !== '\\') {
      bytes.push(...Buffer.from(c, 'latin1'));
      continue;
    }
    const n = s[++i]!;
    if (/[0-7]/.test(n)) {
      let oct = n;
      while (oct.length < 3 && /[0-7]/.test(s[i + 1] ?? '')) oct += s[++i];
      bytes.push(parseInt(oct, 8));
    } else if (n === 'x') {
      let hex = '';
      while (hex.length < 2 && /[0-9a-fA-F]/.test(s[i + 1] ?? '')) hex += s[++i];
      bytes.push(parseInt(hex, 16));
    } else {
      bytes.push(({ n: 10, r: 13, t: 9, '"': 34, "'": 39, '\\': 92 } as Record<string, number>)[n] ?? n.charCodeAt(0));
    }
  }
  return Buffer.from(bytes);
}

/** protoc's text format → a tree of field names. */
function parseText(text: string): Tree {
  const root: Tree = new Map();
  const stack: Tree[] = [root];
  const add = (t: Tree, n: string, v: Raw) => (t.get(n) ?? t.set(n, []).get(n)!).push(v);
  for (const line of text.split('\n')) {
    const l = line.trim();
    if (l === '') continue;
    if (l === '}') {
      stack.pop();
      continue;
    }
    let m = /^(\w+) \{$/.exec(l);
    if (m) {
      const child: Tree = new Map();
      add(stack[stack.length - 1]!, m[1]!, child);
      stack.push(child);
      continue;
    }
    m = /^(\w+): (.*)$/.exec(l);
    if (!m) throw new Error(`protoc --decode: unexpected line ${l}`);
    const v = m[2]!;
    add(stack[stack.length - 1]!, m[1]!, v.startsWith('"') ? cUnescape(v.slice(1, -1)) : v);
  }
  return root;
}

/** Decodes an OTLP request body with protoc and the test's own subset of the OTLP schema (test/fixtures/otlp). */
function decode(body: Uint8Array, type: 'TracesRequest' | 'MetricsRequest'): Tree {
  const text = execFileSync(
    'protoc',
    [`--decode=mcptrace.test.otlp.${type}`, `--proto_path=${PROTO_DIR}`, 'otlp-subset.proto'],
    { input: body, encoding: 'latin1' },
  );
  // A field number the subset does not name is printed as a number: mcptrace sent something the test does not check.
  const unknown = /^\s*\d+[: ]/m.exec(text);
  if (unknown) throw new Error(`protoc --decode: a field the OTLP subset does not know: ${unknown[0]}`);
  return parseText(text);
}

const all = (t: Tree, n: string): Raw[] => t.get(n) ?? [];
const one = (t: Tree, n: string): Raw | undefined => t.get(n)?.[0];
const tree = (v: Raw | undefined): Tree => (v instanceof Map ? v : new Map());
const bytes = (v: Raw | undefined): Buffer => (Buffer.isBuffer(v) ? v : Buffer.alloc(0));
const str = (v: Raw | undefined): string => bytes(v).toString('utf8');
const big = (v: Raw | undefined): bigint => (typeof v === 'string' ? BigInt(v) : 0n);
const num = (v: Raw | undefined): number => (typeof v === 'string' ? Number(v) : 0);

function rawValue(t: Tree): AttrValue {
  if (t.has('string_value')) return str(one(t, 'string_value'));
  if (t.has('bool_value')) return one(t, 'bool_value') === 'true';
  if (t.has('int_value')) return num(one(t, 'int_value'));
  if (t.has('double_value')) return num(one(t, 'double_value'));
  if (t.has('array_value')) return all(tree(one(t, 'array_value')), 'values').map((v) => rawValue(tree(v)));
  throw new Error('unexpected AnyValue');
}

function rawAttrs(list: Raw[]): Record<string, AttrValue> {
  return Object.fromEntries(list.map((kv) => [str(one(tree(kv), 'key')), rawValue(tree(one(tree(kv), 'value')))]));
}

export function spansFromProtobuf(body: Uint8Array): PlainSpan[] {
  const out: PlainSpan[] = [];
  for (const rs of all(decode(body, 'TracesRequest'), 'resource_spans').map(tree)) {
    const resource = rawAttrs(all(tree(one(rs, 'resource')), 'attributes'));
    for (const ss of all(rs, 'scope_spans').map(tree)) {
      for (const s of all(ss, 'spans').map(tree)) {
        const status = tree(one(s, 'status'));
        out.push({
          traceId: bytes(one(s, 'trace_id')).toString('hex'),
          spanId: bytes(one(s, 'span_id')).toString('hex'),
          parentSpanId: bytes(one(s, 'parent_span_id')).toString('hex'),
          name: str(one(s, 'name')),
          kind: num(one(s, 'kind')),
          start: big(one(s, 'start_time_unix_nano')),
          end: big(one(s, 'end_time_unix_nano')),
          attributes: rawAttrs(all(s, 'attributes')),
          events: all(s, 'events')
            .map(tree)
            .map((e) => ({
              name: str(one(e, 'name')),
              time: big(one(e, 'time_unix_nano')),
              attributes: rawAttrs(all(e, 'attributes')),
            })),
          status: { code: num(one(status, 'code')), message: str(one(status, 'message')) },
          resource,
        });
      }
    }
  }
  return out;
}

export function pointsFromProtobuf(body: Uint8Array): PlainPoint[] {
  const out: PlainPoint[] = [];
  for (const rm of all(decode(body, 'MetricsRequest'), 'resource_metrics').map(tree)) {
    const resource = rawAttrs(all(tree(one(rm, 'resource')), 'attributes'));
    for (const sm of all(rm, 'scope_metrics').map(tree)) {
      for (const m of all(sm, 'metrics').map(tree)) {
        for (const p of all(tree(one(m, 'histogram')), 'data_points').map(tree)) {
          out.push({
            metric: str(one(m, 'name')),
            unit: str(one(m, 'unit')),
            attributes: rawAttrs(all(p, 'attributes')),
            count: num(one(p, 'count')),
            sum: num(one(p, 'sum')),
            bucketCounts: all(p, 'bucket_counts').map(num),
            bounds: all(p, 'explicit_bounds').map(num),
            resource,
          });
        }
      }
    }
  }
  return out;
}
