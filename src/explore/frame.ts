// The screen as lines: the title, the list (with the detail pane under it) or a pane, then the prompt or the help bar.
// Every line is cut to the width and padded, so a frame overwrites the last one whole.
import { escapeTerminal } from '../output/escape.js';
import { formatCount } from '../util/numbers.js';
import { displayWidth } from '../output/width.js';
import { clip } from './clip.js';
import type { Explorer } from './explorer.js';
import { helpBar, paneBar } from './help-pane.js';

/** The share of the screen the list keeps when the detail pane is open, and the fewest rows it keeps. */
const LIST_SHARE = 0.35;
const LIST_MIN = 3;

export function composeFrame(ex: Explorer, width: number, height: number): string[] {
  const p = ex.palette;
  const bottom = bottomLines(ex, width);
  const bodyHeight = Math.max(1, height - 1 - bottom.length);
  const body: string[] = [];
  if (ex.pane !== 'list') body.push(...paneBody(ex, width, bodyHeight));
  else if (ex.detail) {
    const listHeight = Math.max(LIST_MIN, Math.floor((bodyHeight - 1) * LIST_SHARE));
    body.push(...listBody(ex, width, listHeight));
    const row = ex.selectedRow;
    const label = row < 0 ? '' : ` #${ex.source.index.seq(row)} `;
    body.push(p.dim('──' + label + '─'.repeat(Math.max(0, width - 2 - displayWidth(label)))));
    const detail = ex.detailLines(width);
    const room = bodyHeight - body.length;
    ex.detailTop = Math.max(0, Math.min(ex.detailTop, detail.length - room));
    body.push(...detail.slice(ex.detailTop, ex.detailTop + room));
  } else body.push(...listBody(ex, width, bodyHeight));
  while (body.length < bodyHeight) body.push('');
  return [titleLine(ex, width), ...body.slice(0, bodyHeight), ...bottom].map((l) => clip(l, width, true));
}

function listBody(ex: Explorer, width: number, height: number): string[] {
  ex.list.resize(height, ex.count);
  const { from, to } = ex.list.visible(ex.count);
  const lines = ex.listLines(width, from, to);
  if (ex.count === 0)
    lines.push(
      ex.palette.dim(
        ex.rows.filtered
          ? '  no message matches the filter' + (ex.scan?.done ? '' : ' yet')
          : ex.status === 'done'
            ? '  no message in the input'
            : ex.status === 'following'
              ? '  no message yet'
              : '  reading…',
      ),
    );
  return lines;
}

function paneBody(ex: Explorer, width: number, height: number): string[] {
  const lines = ex.paneLines(width);
  if (ex.pane === 'sessions') {
    // The first two lines are the pane's heading; the sessions scroll under it with their own cursor.
    const [head, blank, ...rest] = lines;
    const view = ex.sessionCursor;
    view.resize(height - 2, rest.length);
    const { from, to } = view.visible(rest.length);
    return [head!, blank!, ...rest.slice(from, to).map((l, i) => (from + i === view.cursor ? '> ' : '  ') + l)];
  }
  ex.paneTop = Math.max(0, Math.min(ex.paneTop, lines.length - height));
  return lines.slice(ex.paneTop, ex.paneTop + height);
}

function titleLine(ex: Explorer, width: number): string {
  const p = ex.palette;
  const index = ex.source.index;
  const parts = [p.bold(escapeTerminal(ex.title)), `${formatCount(index.count)} record${index.count === 1 ? '' : 's'}`];
  if (ex.scan !== null) {
    const { scanned, of } = ex.scan.progress;
    const pct = ex.scan.done ? '' : ` (filtering ${of === 0 ? 0 : Math.floor((scanned / of) * 100)}%)`;
    parts.push(p.cyan(`/${escapeTerminal(ex.scan.query.source)}`) + `: ${formatCount(ex.count)} shown${pct}`);
  }
  if (ex.status !== 'done') parts.push(p.yellow(ex.status === 'reading' ? 'reading…' : 'following'));
  const row = ex.selectedRow;
  const where = row < 0 ? '' : `#${index.seq(row)} ${formatCount(ex.list.cursor + 1)}/${formatCount(ex.count)}`;
  const left = parts.join(p.dim(' · '));
  const room = width - displayWidth(where) - 1;
  return clip(left, room, true) + ' ' + p.dim(where);
}

/** The prompt (with the caret line under a mistake), a note, or the help bar. */
function bottomLines(ex: Explorer, width: number): string[] {
  const p = ex.palette;
  const prompt = ex.prompt;
  if (prompt !== null) {
    const label = prompt.kind === 'filter' ? 'filter: ' : 'go to #';
    const line = p.bold(label) + escapeTerminal(prompt.text) + '\x1b[7m \x1b[27m';
    if (prompt.error === null) return [line];
    const before = displayWidth(label + escapeTerminal(prompt.text.slice(0, prompt.error.column)));
    const caret = `${' '.repeat(Math.min(before, Math.max(0, width - 10)))}^ ${escapeTerminal(prompt.error.message)}`;
    return [line, p.red(caret)];
  }
  if (ex.note !== null) return [p.yellow(escapeTerminal(ex.note))];
  return [ex.pane === 'list' ? helpBar(p, width) : paneBar(p, width)];
}
