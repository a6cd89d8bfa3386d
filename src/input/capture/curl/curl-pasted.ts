// The curl command lines pasted in a transcript: the one being read over its lines, and the last one read whole.
import { CommandReader, type CurlCommand } from './curl-command.js';

/** A command's lines as written (its prompt included), for the log record that keeps them. */
export interface CommandLines {
  first: number;
  lines: string[];
}

/**
 * A command starts a run: its request body is the body of the run's requests (curl-exchange.ts matches it on their
 * Content-Length), and a response pasted without its request head answers the command's request.
 */
export class PastedCommands {
  private reader: CommandReader | null = null;
  private lines: string[] = [];
  /** The last command read whole: the run the transcript is in. */
  last: CurlCommand | null = null;
  /** A request of the run was read (a response alone after it is no longer the command's). */
  used = false;

  /** Whether a command is being read (its next lines continue it). */
  get reading(): boolean {
    return this.reader !== null;
  }

  /** A line whose text starts a command at `start`: the command's lines when it is whole on it. */
  start(line: number, text: string, start: number): CommandLines | null {
    this.reader = new CommandReader(line, text.slice(start));
    this.lines = [text];
    this.used = false;
    this.last = this.reader.result();
    return this.last !== null ? this.stop() : null;
  }

  /** The next line of the command: its lines when the command is whole with it (or too long to be one), else null. */
  next(text: string): CommandLines | null {
    this.lines.push(text);
    this.last = this.reader!.line(text);
    return this.last !== null || this.reader!.overlong ? this.stop() : null;
  }

  /** The command is over (whole, or given up on as curl's output starts: its body is not known then). */
  stop(): CommandLines {
    const done = { first: this.reader!.first, lines: this.lines };
    this.reader = null;
    this.lines = [];
    return done;
  }
}
