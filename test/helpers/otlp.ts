// OTLP as a test reads it back: JSON (TracesData / MetricsData) and protobuf decoded by an independent decoder
// (`protoc --decode_raw`, Debian's protobuf-compiler), both into one plain shape to compare.
import { execFileSync } from 'node:child_process';

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
          traceId: s.traceId, spanId: s.spanId, parentSpanId: s.parentSpanId ?? '', name: s.name, kind: s.kind,
          start: BigInt(s.startTimeUnixNano), end: BigInt(s.endTimeUnixNano), attributes: jsonAttrs(s.attributes),
          events: (s.events ?? []).map((e: any) => ({ name: e.name, time: BigInt(e.timeUnixNano), attributes: jsonAttrs(e.attributes) })),
          status: { code: s.status?.code ?? 0, message: s.status?.message ?? '' }, resource,
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
            metric: m.name, unit: m.unit, attributes: jsonAttrs(p.attributes), count: Number(p.count), sum: p.sum,
            bucketCounts: p.bucketCounts.map(Number), bounds: p.explicitBounds, resource,
          });
        }
      }
    }
  }
  return out;
}

// ---- protobuf through protoc --decode_raw ----

type Raw = Buffer | bigint | Tree;
type Tree = Map<number, Raw[]>;

/** protoc's C-escaped string literal → its bytes. */
function unescape(s: string): Buffer {
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

/** The text `protoc --decode_raw` prints → a tree of field numbers. Strings are kept as bytes (protoc prints them latin1-escaped). */
function parseRaw(text: string): Tree {
  const root: Tree = new Map();
  const stack: Tree[] = [root];
  const add = (t: Tree, n: number, v: Raw) => (t.get(n) ?? t.set(n, []).get(n)!).push(v);
  for (const line of text.split('\n')) {
    const l = line.trim();
    if (l === '') continue;
    if (l === '}') {
      stack.pop();
      continue;
    }
    let m = /^(\d+) \{$/.exec(l);
    if (m) {
      const child: Tree = new Map();
      add(stack[stack.length - 1]!, Number(m[1]), child);
      stack.push(child);
      continue;
    }
    m = /^(\d+): (.*)$/.exec(l);
    if (!m) throw new Error(`protoc --decode_raw: unexpected line ${l}`);
    const v = m[2]!;
    add(stack[stack.length - 1]!, Number(m[1]), v.startsWith('"') ? unescape(v.slice(1, -1)) : BigInt(v));
  }
  return root;
}

export function decodeRaw(body: Uint8Array): Tree {
  return parseRaw(execFileSync('protoc', ['--decode_raw'], { input: body, encoding: 'latin1' }));
}

const all = (t: Tree, n: number): Raw[] => t.get(n) ?? [];
const one = (t: Tree, n: number): Raw | undefined => t.get(n)?.[0];
const tree = (v: Raw | undefined): Tree => (v instanceof Map ? v : new Map());
/** A length-delimited field: protoc shows it as a string, or as a message when its bytes happen to parse as one. */
const bytes = (v: Raw | undefined): Buffer => (v === undefined ? Buffer.alloc(0) : Buffer.isBuffer(v) ? v : Buffer.from('')) as Buffer;
const str = (v: Raw | undefined): string => bytes(v).toString('utf8');
const int = (v: Raw | undefined): bigint => (typeof v === 'bigint' ? v : 0n);
const double = (v: Raw | undefined): number => {
  const b = Buffer.alloc(8);
  b.writeBigUInt64LE(BigInt.asUintN(64, int(v)));
  return b.readDoubleLE(0);
};

function rawValue(t: Tree): AttrValue {
  if (t.has(1)) return str(one(t, 1));
  if (t.has(2)) return int(one(t, 2)) === 1n;
  if (t.has(3)) return Number(BigInt.asIntN(64, int(one(t, 3))));
  if (t.has(4)) return double(one(t, 4));
  if (t.has(5)) return all(tree(one(t, 5)), 1).map((v) => rawValue(tree(v)));
  throw new Error('unexpected AnyValue');
}

function rawAttrs(list: Raw[]): Record<string, AttrValue> {
  return Object.fromEntries(list.map((kv) => [str(one(tree(kv), 1)), rawValue(tree(one(tree(kv), 2)))]));
}

/** ExportTraceServiceRequest: resource_spans 1 { resource 1, scope_spans 2 { scope 1, spans 2 } } (trace.proto). */
export function spansFromProtobuf(body: Uint8Array): PlainSpan[] {
  const out: PlainSpan[] = [];
  for (const rs of all(decodeRaw(body), 1).map(tree)) {
    const resource = rawAttrs(all(tree(one(rs, 1)), 1));
    for (const ss of all(rs, 2).map(tree)) {
      for (const s of all(ss, 2).map(tree)) {
        const status = tree(one(s, 15));
        out.push({
          traceId: bytes(one(s, 1)).toString('hex'), spanId: bytes(one(s, 2)).toString('hex'), parentSpanId: bytes(one(s, 4)).toString('hex'),
          name: str(one(s, 5)), kind: Number(int(one(s, 6))), start: int(one(s, 7)), end: int(one(s, 8)), attributes: rawAttrs(all(s, 9)),
          events: all(s, 11).map(tree).map((e) => ({ name: str(one(e, 2)), time: int(one(e, 1)), attributes: rawAttrs(all(e, 3)) })),
          status: { code: Number(int(one(status, 3))), message: str(one(status, 2)) }, resource,
        });
      }
    }
  }
  return out;
}

/** Packed repeated fixed64 / double (protoc shows packed fields as one string). */
function packed(v: Raw | undefined, read: (b: Buffer, at: number) => number): number[] {
  const b = bytes(v);
  const out: number[] = [];
  for (let at = 0; at + 8 <= b.length; at += 8) out.push(read(b, at));
  return out;
}

/** ExportMetricsServiceRequest: resource_metrics 1 { resource 1, scope_metrics 2 { metrics 2 { name 1, unit 3, histogram 9 } } } (metrics.proto). */
export function pointsFromProtobuf(body: Uint8Array): PlainPoint[] {
  const out: PlainPoint[] = [];
  for (const rm of all(decodeRaw(body), 1).map(tree)) {
    const resource = rawAttrs(all(tree(one(rm, 1)), 1));
    for (const sm of all(rm, 2).map(tree)) {
      for (const m of all(sm, 2).map(tree)) {
        for (const p of all(tree(one(m, 9)), 1).map(tree)) {
          out.push({
            metric: str(one(m, 1)), unit: str(one(m, 3)), attributes: rawAttrs(all(p, 9)), count: Number(int(one(p, 4))), sum: double(one(p, 5)),
            bucketCounts: packed(one(p, 6), (b, at) => Number(b.readBigUInt64LE(at))), bounds: packed(one(p, 7), (b, at) => b.readDoubleLE(at)),
            resource,
          });
        }
      }
    }
  }
  return out;
}
