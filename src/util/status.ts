// The run's status channel: what the stages say about an input beside its records (a compressed input cut short, a
// capture's connections that gave no records, another reading that finds messages, a followed file replaced). Created
// once per run, handed down in the options the stages already take, written by any stage as it is, read in one place
// (the CLI prints each line on stderr as it comes).

/**
 * What a status line is:
 * - `note`: about the input named by its source, read as `<source>: <text>`;
 * - `notice`: what happened to a followed file (`--follow`), a sentence that names the file itself.
 */
export type StatusKind = 'note' | 'notice';

/** One line told to the channel. */
export interface StatusLine {
  /** The input (or file of it) the line is about: its display name (`-` for stdin). */
  source: string;
  /** The line's words, unescaped. */
  text: string;
  kind: StatusKind;
}

/** Where the stages tell what they notice about an input. */
export interface Status {
  note(source: string, text: string, kind?: StatusKind): void;
}

/** A channel that keeps what it is told, in order: the library's default, and a `--jobs` worker's (sent to the coordinator). */
export class StatusLines implements Status {
  readonly lines: StatusLine[] = [];

  note(source: string, text: string, kind: StatusKind = 'note'): void {
    this.lines.push({ source, text, kind });
  }
}
