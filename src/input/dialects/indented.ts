// Entries whose message is written on the lines under their header, indented (Dialect.entryIndent): .NET's
// Microsoft.Extensions.Logging console writes `trce: Category[EventId]`, then the message and every further line of it
// (an exception's stack too) indented by 6 spaces. The engine reads such an entry as one host line whose text is the
// header's text, a space, and the message's lines joined with `\n` — what the console's single-line form writes.
import type { Line } from '../lines/lines.js';
import type { DialectLine, LineGroup } from './fold.js';
import { matchHostLine } from './grammar.js';
import type { Dialect } from './types.js';

/** Groups a host line and the indented lines under it; every other line passes through as it is. */
export class IndentedEntries {
  /** The entry being read: its header, and its message's lines (indent removed) as pieces. */
  private e: LineGroup | null = null;
  private grammar = 0;
  private readonly indent: string;

  constructor(
    private readonly d: Dialect,
    indent: number,
    private readonly maxLines: number,
    private readonly maxBytes: number,
  ) {
    this.indent = ' '.repeat(indent);
  }

  push(l: Line, out: DialectLine[]): void {
    const e = this.e;
    if (
      e !== null &&
      !l.oversized &&
      l.text.startsWith(this.indent) &&
      e.raw.length < this.maxLines &&
      e.bytes < this.maxBytes
    ) {
      e.raw.push(l.text);
      e.bytes += l.bytes + 1;
      e.pieces.push(l.text.slice(this.indent.length));
      return;
    }
    this.flush(out);
    const h = l.oversized ? null : matchHostLine(this.d, l.text, this.grammar);
    if (h === null) {
      out.push(l);
      return;
    }
    this.grammar = h.grammar;
    this.e = { first: l, host: h, raw: [l.text], pieces: [], bytes: l.bytes };
  }

  end(out: DialectLine[]): void {
    this.flush(out);
  }

  /** The entry read as one line: the header's text and its message's. */
  private flush(out: DialectLine[]): void {
    const e = this.e;
    if (e === null) return;
    this.e = null;
    if (e.raw.length === 1) {
      out.push({ ...e.first, host: e.host });
      return;
    }
    const message = e.pieces.join('\n');
    const text = e.host.text === '' ? message : `${e.host.text} ${message}`;
    out.push({
      text: e.raw.join('\n'),
      line: e.first.line,
      bytes: e.bytes,
      span: e.raw.length,
      host: { ...e.host, text },
    });
  }
}
