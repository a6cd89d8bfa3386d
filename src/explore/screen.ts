// The terminal side of the explorer: the alternate screen, raw keys (Node's own keypress parser), frames written as
// the lines that changed, the size as it changes, and the terminal given back as it was however the run ends (a key,
// a signal, an exception, the process's exit).
import { emitKeypressEvents } from 'node:readline';
import type { Readable, Writable } from 'node:stream';
import { keyName, type KeyPress } from './keys.js';

const ENTER = '\x1b[?1049h\x1b[?25l\x1b[H\x1b[2J';
const LEAVE = '\x1b[0m\x1b[?25h\x1b[?1049l';

type TerminalOut = Writable & { columns?: number; rows?: number; isTTY?: boolean };
export type TerminalIn = Readable & { isTTY?: boolean; setRawMode?: (on: boolean) => unknown; isRaw?: boolean };

export class Screen {
  private last: string[] = [];
  private lastWidth = 0;
  private active = false;
  private wasRaw = false;
  private readonly onKey = (str: string | undefined, key: KeyPress | undefined) => {
    // Esc and a key typed within the parser's wait read as Meta-key: they are two keys.
    if (key?.meta === true && key.sequence?.length === 2 && key.sequence[0] === '\x1b') {
      this.keys('escape');
      this.keys(keyName(key.sequence[1], undefined));
      return;
    }
    this.keys(keyName(str, key));
  };
  private readonly onResize = () => {
    this.last = [];
    this.resized();
  };
  private readonly onExit = () => this.restore();

  constructor(
    private readonly out: TerminalOut,
    private readonly input: TerminalIn,
    private readonly keys: (name: string) => void,
    private readonly resized: () => void,
  ) {}

  get width(): number {
    return Math.max(20, this.out.columns ?? 80);
  }

  get height(): number {
    return Math.max(5, this.out.rows ?? 24);
  }

  start(): void {
    this.active = true;
    process.on('exit', this.onExit);
    this.out.write(ENTER);
    emitKeypressEvents(this.input);
    this.wasRaw = this.input.isRaw === true;
    this.input.setRawMode?.(true);
    this.input.on('keypress', this.onKey);
    this.input.resume();
    this.out.on('resize', this.onResize);
  }

  /** Writes the lines of `frame` that differ from the last one drawn (all of them after a resize). */
  draw(frame: readonly string[]): void {
    if (!this.active) return;
    if (this.width !== this.lastWidth) this.last = [];
    this.lastWidth = this.width;
    let s = '';
    for (let i = 0; i < frame.length; i++) if (this.last[i] !== frame[i]) s += `\x1b[${i + 1};1H${frame[i]}\x1b[K`;
    if (this.last.length > frame.length) s += `\x1b[${frame.length + 1};1H\x1b[J`;
    this.last = [...frame];
    if (s !== '') this.out.write(s);
  }

  /** Gives the terminal back: main screen, cursor, cooked mode; the keys no longer read. Safe to call again. */
  restore(): void {
    if (!this.active) return;
    this.active = false;
    this.input.off('keypress', this.onKey);
    this.out.off('resize', this.onResize);
    process.off('exit', this.onExit);
    this.input.setRawMode?.(this.wasRaw);
    this.input.pause();
    this.out.write(LEAVE);
  }
}
