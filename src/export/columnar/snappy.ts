// Snappy compression (the raw format Parquet's SNAPPY codec holds) of a page into one reused output buffer.
//
// The algorithm is the reference one (snappy's compress fragment, as ported by snappyjs and hyparquet-writer: a hash
// table of 4-byte sequences, literals, copies within 64 KiB), so the output is the same. What differs: the output goes
// straight into a buffer sized once for the worst case, instead of a writer that checks its room for every byte and
// grows by copying, page after page.

const MAX_HASH_BITS = 14;
const MAX_OFFSET = 0xffff;
/** Input past this margin from the end is emitted as a literal (the match loop reads 4 bytes ahead). */
const INPUT_MARGIN = 15;

const tables: (Uint32Array | undefined)[] = [];
let out = new Uint8Array(0);

/** The most bytes snappy can make of `n` (snappy's MaxCompressedLength). */
function maxCompressed(n: number): number {
  return 32 + n + Math.floor(n / 6);
}

const hash = (key: number, shift: number): number => Math.imul(key, 0x1e35a7bd) >>> shift;
const load32 = (a: Uint8Array, i: number): number => a[i]! | (a[i + 1]! << 8) | (a[i + 2]! << 16) | (a[i + 3]! << 24);

/**
 * `input` compressed. The result is a view of a buffer the next call overwrites: copy it (or write it out) first.
 */
export function snappy(input: Uint8Array): Uint8Array {
  if (out.length < maxCompressed(input.length)) out = new Uint8Array(maxCompressed(input.length) * 1.25);
  let op = 0;
  // The uncompressed length, as a varint.
  for (let n = input.length; ; n >>>= 7) {
    if (n < 0x80) {
      out[op++] = n;
      break;
    }
    out[op++] = (n & 0x7f) | 0x80;
  }
  op = compress(input, op);
  return out.subarray(0, op);
}

function literal(input: Uint8Array, from: number, len: number, op: number): number {
  const n = len - 1;
  if (n < 60) out[op++] = n << 2;
  else if (n < 0x100) {
    out[op++] = 60 << 2;
    out[op++] = n;
  } else if (n < 0x10000) {
    out[op++] = 61 << 2;
    out[op++] = n & 0xff;
    out[op++] = n >>> 8;
  } else if (n < 0x1000000) {
    out[op++] = 62 << 2;
    out[op++] = n & 0xff;
    out[op++] = (n >>> 8) & 0xff;
    out[op++] = n >>> 16;
  } else {
    out[op++] = 63 << 2;
    out[op++] = n & 0xff;
    out[op++] = (n >>> 8) & 0xff;
    out[op++] = (n >>> 16) & 0xff;
    out[op++] = n >>> 24;
  }
  out.set(input.subarray(from, from + len), op);
  return op + len;
}

function copy(offset: number, len: number, op: number): number {
  while (len >= 68) {
    out[op++] = 2 + (63 << 2);
    out[op++] = offset & 0xff;
    out[op++] = offset >>> 8;
    len -= 64;
  }
  if (len > 64) {
    out[op++] = 2 + (59 << 2);
    out[op++] = offset & 0xff;
    out[op++] = offset >>> 8;
    len -= 60;
  }
  if (len < 12 && offset < 2048) {
    out[op++] = 1 + ((len - 4) << 2) + ((offset >>> 8) << 5);
    out[op++] = offset & 0xff;
  } else {
    out[op++] = 2 + ((len - 1) << 2);
    out[op++] = offset & 0xff;
    out[op++] = offset >>> 8;
  }
  return op;
}

function compress(input: Uint8Array, op: number): number {
  const size = input.length;
  let emit = 0;
  if (size >= INPUT_MARGIN) {
    let bits = 1;
    while (1 << bits <= size && bits <= MAX_HASH_BITS) bits++;
    bits--;
    const shift = 32 - bits;
    const table = (tables[bits] ??= new Uint32Array(1 << bits));
    table.fill(0);
    const limit = size - INPUT_MARGIN;
    let ip = 1;
    let nextHash = hash(load32(input, ip), shift);
    outer: for (;;) {
      // Look for a match, skipping faster the longer none is found.
      let skip = 32;
      let next = ip;
      let candidate: number;
      do {
        ip = next;
        const h = nextHash;
        next = ip + (skip++ >>> 5);
        if (ip > limit) break outer;
        nextHash = hash(load32(input, next), shift);
        candidate = table[h]!;
        table[h] = ip;
      } while (ip - candidate > MAX_OFFSET || load32(input, ip) !== load32(input, candidate));
      op = literal(input, emit, ip - emit, op);
      // Copies for as long as the bytes after one match again.
      do {
        const base = ip;
        let matched = 4;
        while (ip + matched < size && input[ip + matched] === input[candidate + matched]) matched++;
        ip += matched;
        op = copy(base - candidate, matched, op);
        emit = ip;
        if (ip >= limit) break outer;
        table[hash(load32(input, ip - 1), shift)] = ip - 1;
        const h = hash(load32(input, ip), shift);
        candidate = table[h]!;
        table[h] = ip;
      } while (ip - candidate <= MAX_OFFSET && load32(input, ip) === load32(input, candidate));
      ip++;
      nextHash = hash(load32(input, ip), shift);
    }
  }
  if (emit < size) op = literal(input, emit, size - emit, op);
  return op;
}
