// What the packet side noticed, for the reader: damage to the file as located records, the rest as lines on stderr.
import type { Frame } from '../../types.js';
import { errorFrame } from '../lines/frames.js';
import { FINDINGS_PER_CODE, type CaptureCounts, type CaptureFinding, type CaptureFindingCode } from './capture-note.js';
import { someOf } from './http/connection-kind.js';
import type { ConnectionKinds } from './http/http-frames.js';

/**
 * Findings about bytes of the file that could not be read as packets: whatever they held is lost, so each is an
 * `invalid-frame` record where it happened (as a gap in a stream is). The other findings are about packets that were
 * read but not turned into streams, or a bound that was hit; the gaps they leave in a stream are records of the HTTP
 * reader already, so they are told once per kind, on stderr.
 */
const DAMAGE: ReadonlySet<CaptureFindingCode> = new Set([
  'not-a-capture',
  'truncated',
  'corrupt-record',
  'corrupt-block',
  'unknown-interface',
]);

interface Kind {
  /** The first finding's message, and the packets of those located (at most FINDINGS_PER_CODE). */
  first: string;
  packets: number[];
  n: number;
}

/** The findings and counts of one capture: `finding` turns each into a record or keeps it for `lines`. */
export class CaptureFindings {
  private readonly kinds = new Map<CaptureFindingCode, Kind>();
  private counts: CaptureCounts | null = null;
  /** The last packet an event named: where a finding located by no packet of its own is put. */
  lastPacket = 0;

  constructor(private readonly file: string) {}

  /** A finding: its `invalid-frame` record, or null when it is only told on stderr. */
  finding(f: CaptureFinding): Frame | null {
    if (f.packet !== null) this.lastPacket = Math.max(this.lastPacket, f.packet);
    if (DAMAGE.has(f.code)) {
      return errorFrame(
        { file: this.file, line: Math.max(f.packet ?? this.lastPacket, 1), lines: 1 },
        '',
        `capture file: ${f.message}`,
      );
    }
    const k = this.kinds.get(f.code);
    if (k === undefined)
      this.kinds.set(f.code, { first: f.message, packets: f.packet === null ? [] : [f.packet], n: 1 });
    else {
      k.n++;
      if (f.packet !== null) k.packets.push(f.packet);
    }
    return null;
  }

  end(counts: CaptureCounts): void {
    this.counts = counts;
  }

  /**
   * The lines for stderr: the summary (`pcap: 174 packets, 5 TCP connections (4 HTTP carrying MCP, 1 TLS); not TCP:
   * udp 3`), then one line per kind of finding that made no record.
   */
  lines(kinds: ConnectionKinds | null): string[] {
    const c = this.counts;
    if (c === null) return [];
    if (c.format === null) return ['not a packet capture: nothing read'];
    const out = [summary(c, kinds)];
    for (const [code, k] of this.kinds) {
      const n = k.n + (c.findingsNotShown[code] ?? 0);
      const more =
        n > 1
          ? ` (${n} such findings${k.packets.length > 0 ? `, packets ${someOf(k.packets.map(String), n)}` : ''})`
          : '';
      out.push(`${code}: ${k.first}${more}`);
    }
    return out;
  }
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
const list = (r: Record<string, number>) =>
  Object.entries(r)
    .map(([k, n]) => `${k} ${n}`)
    .join(', ');

function summary(c: CaptureCounts, kinds: ConnectionKinds | null): string {
  const of: string[] = [];
  if (kinds !== null) {
    const empty = c.connections - kinds.mcp - kinds.quiet - kinds.tls - kinds.h2 - kinds.other;
    const parts: [number, string][] = [
      [kinds.mcp, 'HTTP carrying MCP'],
      [kinds.quiet, 'HTTP without MCP'],
      [kinds.tls, 'TLS'],
      [kinds.h2, 'HTTP/2'],
      [kinds.other, 'not HTTP'],
      [empty, 'without data'],
    ];
    for (const [n, what] of parts) if (n > 0) of.push(`${n} ${what}`);
  }
  if (c.midstream > 0) of.push(`${c.midstream} begun before the capture`);
  let line = `${c.format}: ${plural(c.packets, 'packet')}, ${plural(c.connections, 'TCP connection')}${of.length > 0 ? ` (${of.join(', ')})` : ''}`;
  if (Object.keys(c.notTcp).length > 0) line += `, not TCP: ${list(c.notTcp)}`;
  const more: string[] = [];
  if (c.fragments > 0) more.push(plural(c.fragments, 'IP fragment'));
  if (c.malformed > 0) more.push(`${plural(c.malformed, 'packet')} malformed`);
  if (c.gaps > 0) more.push(`${plural(c.gaps, 'gap')} in TCP streams (${plural(c.gapBytes, 'byte')} not captured)`);
  const unlisted = Object.entries(c.findingsNotShown).filter(([code]) => DAMAGE.has(code as CaptureFindingCode));
  if (unlisted.length > 0)
    more.push(
      `findings past the first ${FINDINGS_PER_CODE} of their kind, not recorded: ${list(Object.fromEntries(unlisted))}`,
    );
  return more.length > 0 ? `${line}; ${more.join('; ')}` : line;
}
