// One direction of an HTTP/1.1 connection read with http-parser-js: message heads, body bytes, ends, and what gaps do.
import { Buffer } from 'node:buffer';
import { HTTPParser } from 'http-parser-js';
import { headerMap } from './exchange.js';
import { bodyLength } from './message-length.js';

/** A message head: a request's method and target, or a response's status. */
export interface Head {
  method: string | null;
  url: string;
  status: number;
  headers: Map<string, string>;
  /** The connection stops speaking HTTP/1.1 after this message (101 Switching Protocols, CONNECT). */
  upgrade: boolean;
  /** Content-Length, when it gives the body's length (not overridden by a Transfer-Encoding). */
  length: number | null;
  /** The message's HTTP version (`1.1`, `1.0`). */
  version: string;
}

/** What reading a direction's bytes produced, in order. */
export type Piece =
  | { kind: 'head'; head: Head }
  | { kind: 'body'; bytes: Buffer }
  /** The message is complete. */
  | { kind: 'end' }
  /** Bytes of the current body were never captured; the framing allowed reading on past them. */
  | { kind: 'gap'; bytes: number }
  /**
   * The current message ended before its end: the stream ended, a gap the framing could not cross, or header fields
   * that give the body no length (`unframed`).
   */
  | { kind: 'cut'; inBody: boolean; read: number; why: 'close' | 'lost' | 'unframed' }
  /** The direction can no longer be framed: its bytes are skipped until one starts a message again. */
  | { kind: 'lost'; why: string }
  /** `bytes` were passed over since the framing was lost: a message starts again (`resumed`), or the stream ended. */
  | { kind: 'skipped'; bytes: number; resumed: boolean };

/** The parts of http-parser-js's state the gap logic and the framing need (not in its typings). */
interface ParserState {
  state: string;
  body_bytes: number | null;
  line: string;
  isChunked: boolean;
}

// Header bytes are read as latin1, as Node's own http module reads them: a byte above 0x7F keeps its value (the
// library's default, 'ascii', clears its high bit), so that a raw non-ASCII header value shows as sent.
HTTPParser.encoding = 'latin1';

const REQUEST_START = /^[A-Z][A-Z-]{1,15} [^ \r\n]+ HTTP\/1\.[01]\r?\n/;
/** A chunk's size line (RFC 9112 §7.1), at the start of the bytes or after the CRLF that ends a chunk. */
const CHUNK_HEAD_AT_START = /^[0-9a-fA-F]{1,8}(?:;[^\r\n]*)?\r\n/;
const CHUNK_HEAD_INSIDE = /\r\n([0-9a-fA-F]{1,8}(?:;[^\r\n]*)?\r\n)/;
const RESPONSE_START = /^HTTP\/1\.[01] \d{3}[ \r\n]/;
const FILL = Buffer.alloc(64 * 1024);

/**
 * A pure state machine over one direction's bytes. Requests (`REQUEST`) or responses (`RESPONSE`); for responses,
 * `skipBody` says whether the message being read answers a request that has no response body (HEAD), which only the
 * connection knows. A gap inside a body with a length (Content-Length, or the current chunk) is crossed: the parser
 * is fed filler that is not reported as body; a gap in a body read until close is simply noted; a gap across chunk
 * boundaries is crossed at the next chunk size line. A gap in a head loses the framing: the rest is skipped until a
 * chunk of bytes starts with a request line or a status line.
 */
export class HttpStream {
  private parser!: InstanceType<typeof HTTPParser>;
  private pieces: Piece[] = [];
  private filling = false;
  private lostAt: 'no' | 'lost' | 'upgraded' = 'no';
  private skipped = 0;
  private inMessage = false;
  private bodyRead = 0;
  /** A message start was read (false for a midstream connection until it finds one). */
  framed = true;
  /** After a gap across chunk boundaries: bytes passed over while the next chunk's size line is looked for (-1: not looking). */
  private hunting = -1;
  /** The head just read gives its body no length (why): the framing is lost after it. */
  private unframed: string | null = null;

  /**
   * `midstream`: the capture started inside the connection, so its first bytes may be inside a message: they are
   * skipped, without a loss being reported, until a chunk starts a message.
   */
  constructor(
    private readonly type: 'REQUEST' | 'RESPONSE',
    private readonly skipBody: () => boolean = () => false,
    midstream = false,
  ) {
    this.reset();
    if (midstream) {
      this.lostAt = 'lost';
      this.framed = false;
    }
  }

  /** True while a message has started and not ended (a head or body is being read). */
  get open(): boolean {
    return this.inMessage || this.st.state !== `${this.type}_LINE` || this.st.line !== '';
  }

  /** Whether the stream is past a framing loss or a protocol upgrade (its bytes are not read as HTTP). */
  get lost(): boolean {
    return this.lostAt !== 'no';
  }

  private get st(): ParserState {
    return this.parser as unknown as ParserState;
  }

  private reset(): void {
    const p = new HTTPParser(this.type);
    p[HTTPParser.kOnHeadersComplete] = (info) => {
      const headers = headerMap(info.headers);
      const method = this.type === 'REQUEST' ? (HTTPParser.methods[info.method] ?? null) : null;
      this.inMessage = true;
      this.bodyRead = 0;
      const skip = this.type === 'RESPONSE' && this.skipBody();
      const status = info.statusCode;
      const bodiless =
        skip || info.upgrade || (this.type === 'RESPONSE' && (status < 200 || status === 204 || status === 304));
      const framing = bodiless ? null : bodyLength(headers, this.type === 'REQUEST');
      const length = framing?.by === 'length' ? framing.bytes : null;
      this.pieces.push({
        kind: 'head',
        head: {
          method,
          url: info.url,
          status,
          headers,
          upgrade: info.upgrade,
          length,
          version: `${info.versionMajor}.${info.versionMinor}`,
        },
      });
      if (framing === null) return skip ? 1 : 0;
      // The body as RFC 9112 §6.3 delimits it (http-parser-js takes only a Transfer-Encoding of exactly `chunked`).
      const st = this.st;
      st.isChunked = framing.by === 'chunked';
      st.body_bytes = framing.by === 'length' ? framing.bytes : framing.by === 'none' ? 0 : null;
      if (framing.by !== 'unknown') return 0;
      // No length: the message ends here for the parser (2: no body), and the framing is lost after its head.
      this.unframed = framing.why;
      return 2;
    };
    p[HTTPParser.kOnBody] = (chunk: Buffer, offset: number, length: number) => {
      if (this.filling) return;
      this.bodyRead += length;
      // A view of the packet's bytes: whoever keeps it past this call copies it (http-body.ts).
      this.pieces.push({ kind: 'body', bytes: chunk.subarray(offset, offset + length) });
    };
    p[HTTPParser.kOnMessageComplete] = () => {
      if (this.unframed !== null) return;
      this.inMessage = false;
      this.pieces.push({ kind: 'end' });
    };
    this.parser = p;
  }

  /** Reads the next bytes in order; appends what they complete to `out`. */
  push(bytes: Uint8Array, out: Piece[]): void {
    this.pieces = out;
    let buf = Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    if (this.lostAt !== 'no') {
      if (this.lostAt === 'upgraded' || !this.startsMessage(buf)) {
        this.skipped += buf.length;
        return;
      }
      if (this.skipped > 0) out.push({ kind: 'skipped', bytes: this.skipped, resumed: true });
      this.skipped = 0;
      this.lostAt = 'no';
      this.framed = true;
      this.reset();
    }
    if (this.hunting >= 0) {
      const at = this.chunkStart(buf);
      if (at < 0) {
        this.hunting += buf.length;
        return;
      }
      // Bytes read but passed over while the size line was looked for: the rest of a chunk the gap cut.
      if (this.hunting + at > 0) out.push({ kind: 'skipped', bytes: this.hunting + at, resumed: true });
      this.hunting = -1;
      const st = this.st;
      st.state = 'BODY_CHUNKHEAD';
      st.line = '';
      buf = buf.subarray(at);
    }
    while (buf.length > 0) {
      const r = this.parser.execute(buf);
      if (r instanceof Error) {
        this.lose(`not HTTP/1.1 here (${(r as Error & { code?: string }).code ?? r.message})`, buf.length);
        return;
      }
      if (this.unframed !== null) {
        const why = this.unframed;
        this.unframed = null;
        this.lose(why, buf.length - r, 'unframed');
        return;
      }
      // A message that upgraded the connection: what follows is another protocol.
      const last = out.at(-1);
      if (r < buf.length) {
        if (last?.kind === 'end' && this.lastHeadUpgrade(out)) {
          this.lostAt = 'upgraded';
          this.skipped += buf.length - r;
          return;
        }
        buf = buf.subarray(r);
        // execute stops after an upgrade or a message end it returned early from; go on with the rest.
        if (r === 0) {
          this.lose('the parser made no progress', buf.length);
          return;
        }
      } else break;
    }
  }

  /** `bytes` were never captured before the next `push`. */
  gap(bytes: number, out: Piece[]): void {
    this.pieces = out;
    if (this.lostAt !== 'no') {
      this.skipped += bytes;
      return;
    }
    const st = this.st;
    if (st.state === 'BODY_RAW') {
      out.push({ kind: 'gap', bytes });
      return;
    }
    if ((st.state === 'BODY_SIZED' || st.state === 'BODY_CHUNK') && st.body_bytes !== null && st.body_bytes >= bytes) {
      out.push({ kind: 'gap', bytes });
      this.filling = true;
      try {
        for (let left = bytes; left > 0; left -= FILL.length) this.parser.execute(FILL, 0, Math.min(left, FILL.length));
      } finally {
        this.filling = false;
      }
      return;
    }
    if (!this.open) {
      // Between two messages: whole messages may be missing, but the next bytes can still start one.
      out.push({ kind: 'gap', bytes });
      return;
    }
    if (st.state.startsWith('BODY_CHUNK') && st.state !== 'BODY_CHUNKTRAILERS') {
      // Across chunk boundaries (a lost packet of a chunked stream usually held whole chunks): the body goes on at
      // the next chunk's size line, which the next bytes start with or hold after a chunk's CRLF.
      out.push({ kind: 'gap', bytes });
      this.hunting = 0;
      return;
    }
    this.lose(`${bytes} bytes missing where the framing cannot be crossed`, bytes);
  }

  /** The stream ended (`close`): a body read until close ends here; any other open message is cut. */
  finish(out: Piece[]): void {
    this.pieces = out;
    if (this.lostAt !== 'no') {
      // A midstream side that never showed a message start is not reported as skipped HTTP: it may be no HTTP at all.
      if (this.skipped > 0 && this.framed) out.push({ kind: 'skipped', bytes: this.skipped, resumed: false });
      this.skipped = 0;
      return;
    }
    if (this.st.state === 'BODY_RAW') {
      this.parser.finish();
      return;
    }
    if (this.open) {
      const inBody = this.st.state.startsWith('BODY');
      out.push({ kind: 'cut', inBody, read: this.bodyRead, why: 'close' });
      this.inMessage = false;
    }
  }

  private lose(why: string, bytes: number, cut: 'lost' | 'unframed' = 'lost'): void {
    if (this.open)
      this.pieces.push({ kind: 'cut', inBody: this.st.state.startsWith('BODY'), read: this.bodyRead, why: cut });
    this.inMessage = false;
    this.pieces.push({ kind: 'lost', why });
    this.lostAt = 'lost';
    this.skipped = bytes;
  }

  /** Where the next chunk's size line starts in `buf`, or -1. */
  private chunkStart(buf: Buffer): number {
    const text = buf.toString('latin1', 0, Math.min(buf.length, 64 * 1024));
    if (CHUNK_HEAD_AT_START.test(text)) return 0;
    const m = CHUNK_HEAD_INSIDE.exec(text);
    return m === null ? -1 : m.index + 2;
  }

  private startsMessage(buf: Buffer): boolean {
    const head = buf.toString('latin1', 0, Math.min(buf.length, 512));
    return (this.type === 'REQUEST' ? REQUEST_START : RESPONSE_START).test(head);
  }

  private lastHeadUpgrade(out: Piece[]): boolean {
    for (let i = out.length - 1; i >= 0; i--) {
      const p = out[i]!;
      if (p.kind === 'head') return p.head.upgrade;
    }
    return false;
  }
}
