// Server-Sent Events (text/event-stream) read from a body's text as it streams in, with eventsource-parser.
import { createParser, type EventSourceParser } from 'eventsource-parser';

/** One dispatched event (WHATWG HTML §9.2.6): its fields as sent; `data` lines joined with `\n`. */
export interface SseEvent {
  id: string | null;
  event: string | null;
  data: string;
  /** A `retry` field sent since the previous event (ms). */
  retry: number | null;
}

/**
 * Feeds text in order and collects the events it completes. Bounded: an event whose buffered text passes `maxChars`
 * is dropped (reported by `overflow`), and the stream is read again from the next blank line, so that one huge or
 * endless event cannot hold the body in memory.
 */
export class SseReader {
  private parser: EventSourceParser;
  private events: SseEvent[] = [];
  private retry: number | null = null;
  /** Characters of an event dropped for its size, while its end (a blank line) is looked for. */
  private dropping = -1;
  private tail = '';
  /** The text fed since the last event was dispatched: what a cut now would lose. */
  private partial = '';
  /** The parser passed its buffer bound and stopped. */
  private over = false;

  constructor(
    private readonly maxChars: number,
    private readonly onOverflow: (chars: number) => void,
  ) {
    this.parser = this.newParser();
  }

  private newParser(): EventSourceParser {
    return createParser({
      onEvent: (e) => {
        this.events.push({ id: e.id ?? null, event: e.event ?? null, data: e.data, retry: this.retry });
        this.retry = null;
      },
      onRetry: (ms) => {
        this.retry = ms;
      },
      // Unknown fields and bad `retry` values are ignored, as a browser's EventSource ignores them.
      onError: (e) => {
        if (e.type === 'max-buffer-size-exceeded') this.over = true;
      },
      maxBufferSize: this.maxChars,
    });
  }

  /** The events completed by `text`. */
  feed(text: string): SseEvent[] {
    this.events = [];
    if (this.dropping >= 0) text = this.skipToBlankLine(text);
    if (text.length > 0) {
      this.parser.feed(text);
      if (this.over) this.overflowed(this.partial.length + text.length);
      else {
        // What follows the last blank line (it may straddle the previous text and this one): the lines before it made
        // an event, or a block of comments (keep-alives) that makes none.
        const s = this.partial.slice(-3) + text;
        let end = -1;
        for (const m of s.matchAll(/\r\n\r\n|\n\n|\r\r|\r\n\n|\n\r\n/g)) end = m.index + m[0].length;
        this.partial = end < 0 ? this.partial + text : s.slice(end);
      }
    }
    return this.events;
  }

  /** Whether part of an event has been read and not dispatched (what a stream cut now would lose): a line not a comment. */
  get pending(): boolean {
    return this.dropping < 0 && /^[^:\s]/m.test(this.partial);
  }

  /** The `data` lines of the event in progress, joined as a dispatch would join them. */
  partialData(): string {
    const lines = this.partial.split(/\r\n|\r|\n/).filter((l) => l.startsWith('data:'));
    return lines.map((l) => l.slice(l.charCodeAt(5) === 0x20 ? 6 : 5)).join('\n');
  }

  /**
   * Bytes of the stream were never captured. An event in progress is broken: it is dropped and reading starts again
   * after the next blank line (true is returned). Between events, reading goes on.
   */
  gap(): boolean {
    if (!this.pending) return false;
    this.restart();
    return true;
  }

  private overflowed(chars: number): void {
    this.onOverflow(chars);
    this.restart();
  }

  private restart(): void {
    this.over = false;
    this.parser = this.newParser();
    this.dropping = 0;
    this.partial = '';
    this.tail = '';
  }

  /** Passes over the rest of a dropped event; returns the text after the blank line that ends it. */
  private skipToBlankLine(text: string): string {
    const s = this.tail + text;
    const m = /\r?\n\r?\n|\r\r/.exec(s);
    if (m === null) {
      this.tail = s.slice(-3);
      return '';
    }
    this.dropping = -1;
    this.tail = '';
    return s.slice(m.index + m[0].length);
  }
}
