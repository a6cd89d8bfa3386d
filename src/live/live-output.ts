// Where `wrap --live` and `proxy --live` write: stderr (never blocking the session) or a file, and in which colours.
import { colorEnabled, createPalette, type Palette } from '../output/color.js';
import { transcriptWidth } from '../output/text-layout.js';
import type { TextOut } from './live-annotator.js';
import type { ProxyIO } from './proxy.js';
import type { SyncFile } from './sync-file.js';

/** Live text queued for stderr beyond which more is left out rather than queued. */
const LIVE_QUEUE_BYTES = 1024 * 1024;

/**
 * The live transcript's destination. The view must never slow the session or grow without bound: when
 * stderr is not read fast enough (a host that reads it lazily), records are left out of the view and a
 * line says how many; the capture and the analysis still have every one.
 */
export function liveOut(dest: 'stderr' | SyncFile, io: Pick<ProxyIO, 'stderr'>): TextOut {
  if (dest !== 'stderr') return { write: (text) => dest.write(text) };
  let dropped = 0;
  const notice = () => {
    if (dropped === 0) return;
    io.stderr.write(
      `mcptrace: ${dropped} record${dropped === 1 ? '' : 's'} left out of the live view: stderr was not read fast enough\n`,
    );
    dropped = 0;
  };
  return {
    write(text) {
      if (io.stderr.writableLength > LIVE_QUEUE_BYTES) {
        dropped++;
        return;
      }
      notice();
      io.stderr.write(text);
    },
    end: notice,
  };
}

/** Colour: `--color`/`--no-color`, else NO_COLOR / FORCE_COLOR, else on when stderr is a terminal (never in a file). */
/**
 * Columns of the live transcript: `--width`, else stderr's columns when it is a terminal (read at each record, so a
 * resized window lays out the next lines anew), else `$COLUMNS`, else 100 (a `--live FILE` too).
 */
export function liveWidth(
  dest: 'stderr' | SyncFile,
  width: number | undefined,
  io: Pick<ProxyIO, 'stderr' | 'env'>,
): number | (() => number) {
  const err = io.stderr as ProxyIO['stderr'] & { columns?: number };
  // A --live FILE is read later, elsewhere: the terminal's width says nothing of it.
  const screens = dest === 'stderr' ? [err] : [];
  const now = () => transcriptWidth({ flag: width, screens, env: io.env });
  return width === undefined && err.isTTY === true && dest === 'stderr' ? now : now();
}

export function livePalette(
  dest: 'stderr' | SyncFile,
  color: boolean | undefined,
  io: Pick<ProxyIO, 'stderr' | 'env'>,
): Palette {
  if (color !== undefined) return createPalette(color);
  const isTTY = dest === 'stderr' ? io.stderr.isTTY === true : false;
  return createPalette(colorEnabled({ isTTY, env: io.env }));
}
