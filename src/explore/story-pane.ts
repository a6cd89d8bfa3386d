// The story pane: the selected request's story (src/story/story.ts) as `mcptrace story` prints it, told from the
// records of its session between the request and a little past its answer, read back from the spill.
import type { Palette } from '../output/color.js';
import { formatStoryText } from '../output/story-text.js';
import { requestSeqOf, storyOf } from '../story/story.js';
import type { PipelineRecord } from '../types.js';
import type { RecordIndex } from './record-index.js';

/** Rows after the request's answer that may still be its story's (a task's polls, a late progress, a retry's legs). */
const AFTER_ANSWER = 500;
/** Rows read back for one story at the most: a request open across a long log is told from its first ones. */
const MOST_ROWS = 20_000;

/** The lines of the story of the request `row` belongs to (a request, or an answer's request), or why there is none. */
export function storyPaneLines(
  index: RecordIndex,
  read: (row: number) => PipelineRecord,
  row: number,
  p: Palette,
  width: number,
): string[] {
  const seq = requestSeqOf(read(row));
  if (seq === null)
    return [p.dim("a story is a request's: select a request or its answer (p goes from an answer to its request)")];
  const first = index.rowOfSeq(seq);
  if (first < 0) return [p.dim(`its request #${seq} is not in the log`)];
  const answer = index.pair(first);
  const end = Math.min(index.count, first + MOST_ROWS, answer < 0 ? Infinity : answer + 1 + AFTER_ANSWER);
  const session = index.session(first);
  const records: PipelineRecord[] = [];
  for (let r = first; r < end; r++) if (index.session(r) === session) records.push(read(r));
  const story = storyOf(records, seq);
  if (story === null) return [p.dim(`no story for #${seq}`)];
  return formatStoryText(story, p, width).replace(/\n$/, '').split('\n');
}
