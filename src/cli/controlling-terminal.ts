// The columns of the process's controlling terminal (/dev/tty), for output that goes to no terminal but is read on one.
import { closeSync, openSync } from 'node:fs';
import { isatty, WriteStream } from 'node:tty';

let asked: { columns: number | undefined } | undefined;

/**
 * The controlling terminal's columns, asked once: `mcptrace annotate log 2>&1 | less` has neither stdout nor stderr on
 * the terminal, but less shows the lines on it. Undefined, quietly, when there is none (a service, CI, `setsid`).
 */
export function controllingColumns(): number | undefined {
  asked ??= { columns: ask() };
  return asked.columns;
}

function ask(): number | undefined {
  let fd: number;
  try {
    fd = openSync('/dev/tty', 'r+');
  } catch {
    return undefined;
  }
  if (!isatty(fd)) {
    closeSync(fd);
    return undefined;
  }
  let stream: WriteStream | undefined;
  try {
    // The stream owns the descriptor from here: destroying it closes it, and lets the process end.
    stream = new WriteStream(fd);
    const [columns] = stream.getWindowSize();
    return columns !== undefined && columns > 0 ? columns : undefined;
  } catch {
    if (stream === undefined) closeSync(fd);
    return undefined;
  } finally {
    stream?.destroy();
  }
}
