// A row of the explorer's list: the record's line as the text transcript lays it out (text.ts), for the list's width.
import type { Palette } from '../output/color.js';
import { subjectOf } from '../protocol/subject.js';
import { formatTextRecord } from '../output/text.js';
import { textLayout, type TextLayout } from '../output/text-layout.js';
import type { PipelineRecord } from '../types.js';
import type { RecordIndex } from './record-index.js';

/** The session tag column: as wide as the widest tag, cut on a narrow screen (transcript.ts). */
const TAG_MAX = 10;

/** The transcript's layout for `width` columns and what the index has seen (times, interleaved sessions). */
export function listLayout(index: RecordIndex, width: number): TextLayout {
  const tagWidth = index.interleaved ? Math.min(Math.max(2, index.widestTag), width < 100 ? 6 : TAG_MAX) : 0;
  return textLayout(width, { time: index.sawTime, session: tagWidth });
}

/** What an answer's line tells of its request (the tool name, the uri): the request's subject. */
export function answersOf(r: PipelineRecord, request: PipelineRecord | null): string | undefined {
  if (request === null || (r.kind !== 'response' && r.kind !== 'error')) return undefined;
  const subject = subjectOf(request.method, request.message);
  return subject === '' ? undefined : subject;
}

/** The record's first line as the transcript prints it. */
export function rowLine(
  r: PipelineRecord,
  request: PipelineRecord | null,
  tag: string,
  layout: TextLayout,
  p: Palette,
): string {
  const text = formatTextRecord(r, p, { layout }, { answers: answersOf(r, request), session: tag });
  const nl = text.indexOf('\n');
  return nl < 0 ? text : text.slice(0, nl);
}
