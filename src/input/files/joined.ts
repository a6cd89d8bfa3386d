// Files read one after the other as one input (a log and its rotations, oldest first): one stream for the readers, so
// that detection runs once and a session the rotation cut stays whole, while every frame keeps its own file and line.
import type { Frame } from '../../types.js';
import { inputContent, type ContentOptions } from './content.js';

type Chunk = Buffer | Uint8Array | string;

/** One file of a joined input: its name (its frames' `file`) and its bytes. */
export interface InputPart {
  file: string;
  bytes: AsyncIterable<Chunk>;
}

const LF = 0x0a;

/**
 * The contents of `parts` (each read as src/input/files/content.ts reads an input) joined into one stream, a line end put
 * between two when the first does not end with one, and the place where each begins, to give frames back their file.
 */
export class JoinedParts {
  /** The joined line each part's first line is, in order. */
  private readonly starts: { line: number; file: string }[] = [];
  private at = 0;

  constructor(
    private readonly parts: readonly InputPart[],
    private readonly opts: (part: InputPart) => ContentOptions,
  ) {}

  async *bytes(): AsyncGenerator<Chunk> {
    let lfs = 0;
    let last = LF;
    for (const part of this.parts) {
      if (last !== LF) {
        yield '\n';
        lfs++;
        last = LF;
      }
      this.starts.push({ line: lfs + 1, file: part.file });
      for await (const c of inputContent(part.bytes, this.opts(part))) {
        if (c.length === 0) continue;
        if (typeof c === 'string') {
          for (let i = c.indexOf('\n'); i >= 0; i = c.indexOf('\n', i + 1)) lfs++;
          last = c.charCodeAt(c.length - 1);
        } else {
          for (let i = c.indexOf(LF); i >= 0; i = c.indexOf(LF, i + 1)) lfs++;
          last = c[c.length - 1]!;
        }
        yield c;
      }
    }
  }

  /** `frame` with the file it came from and its line there (frames come in line order, nearly always). */
  place(frame: Frame): void {
    const s = this.starts;
    while (this.at + 1 < s.length && s[this.at + 1]!.line <= frame.line) this.at++;
    while (this.at > 0 && s[this.at]!.line > frame.line) this.at--;
    const start = s[this.at];
    if (start === undefined) return;
    frame.file = start.file;
    frame.line = frame.line - start.line + 1;
  }
}
