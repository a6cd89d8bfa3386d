// A story's words, for every format that prints one (text, JSON, the HTML report): what each step says, and how the
// request ended.
import { errorCodeName } from '../protocol/errors.js';
import type { Story, StoryStep } from '../story/story.js';
import type { AnnotatedRecord } from '../types.js';
import { formatMs } from '../util/numbers.js';
import { countOf } from '../util/plural.js';
import { subjectOf } from '../protocol/subject.js';
import { toolErrorText } from './text.js';

const obj = (v: unknown): Record<string, unknown> | null =>
  v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;

/** A value on one line: a string as it is, anything else as compact JSON. */
function oneLine(v: unknown): string {
  const s = typeof v === 'string' ? v : v === undefined ? '' : JSON.stringify(v);
  return s.replace(/\s+/g, ' ').trim();
}

/** The method and what it is about: `tools/call echo`. */
export function requestTitle(r: AnnotatedRecord): string {
  const subject = subjectOf(r.method, r.message);
  return `${r.method ?? 'request'}${subject === '' ? '' : ` ${subject}`}`;
}

function answerWords(r: AnnotatedRecord, oneTask = false): string {
  const m = obj(r.message);
  const latency = r.latencyMs === null ? '' : ` (${formatMs(r.latencyMs)})`;
  if (r.kind === 'error') {
    const e = obj(m?.error);
    const code = typeof e?.code === 'number' ? `${e.code} ${errorCodeName(e.code)}` : 'error';
    const msg = typeof e?.message === 'string' ? `: ${oneLine(e.message)}` : '';
    return `error ${code}${msg}${latency}`;
  }
  const result = obj(m?.result);
  if (result?.resultType === 'input_required') {
    const asked = (r.inputs ?? []).map((i) => i.method ?? '?');
    return `input required${asked.length === 0 ? ': retry with state' : `: ${asked.join(', ')}`}${latency}`;
  }
  const task = obj(result?.task);
  if (task !== null) return `task ${oneTask ? 'created' : oneLine(task.taskId)}: ${oneLine(task.status)}${latency}`;
  if (result?.isError === true) {
    const text = oneLine(toolErrorText(r));
    return `tool error${text === '' ? '' : `: "${text}"`}${latency}`;
  }
  return `result${latency}`;
}

/**
 * What one step says beside its role: `tools/call echo`, `1/3 halfway`, `info: Roots updated`, `error -32602 …`. A
 * task's id is left out of its steps when the story has only that task (its header names it).
 */
export function stepWords(s: StoryStep, story: Pick<Story, 'tasks'>): string {
  const r = s.record;
  const p = obj(obj(r.message)?.params);
  const oneTask = story.tasks.length === 1;
  switch (s.role) {
    case 'request':
    case 'peer-request':
      return requestTitle(r);
    case 'task-request':
      return oneTask ? (r.method ?? 'request') : requestTitle(r);
    case 'retry':
      return `${requestTitle(r)} (round ${s.round ?? '?'})`;
    case 'answer':
    case 'input-required':
    case 'peer-answer':
    case 'task-answer':
      return s.role === 'answer' || s.role === 'input-required'
        ? answerWords(r, oneTask)
        : `${r.method ?? 'answer'} ${answerWords(r, oneTask)}`;
    case 'progress': {
      const of = p?.total === undefined ? '' : `/${oneLine(p.total)}`;
      return `${oneLine(p?.progress)}${of}${typeof p?.message === 'string' ? ` ${oneLine(p.message)}` : ''}`;
    }
    case 'log':
      return `${oneLine(p?.level)}${typeof p?.logger === 'string' ? ` ${oneLine(p.logger)}` : ''}: ${oneLine(p?.data)}`;
    case 'cancel':
      return typeof p?.reason === 'string' ? oneLine(p.reason) : 'no reason given';
    case 'stream':
      return r.method === 'notifications/cancelled'
        ? `${r.method}${typeof p?.reason === 'string' ? `: ${oneLine(p.reason)}` : ''}`
        : requestTitle(r);
    case 'mark':
      return r.event !== undefined
        ? `${r.event.name}${r.event.data === undefined ? '' : ` ${oneLine(r.event.data)}`}`
        : oneLine(r.text ?? r.raw ?? r.kind);
    case 'task-status':
      return [oneTask ? undefined : p?.taskId, p?.status, p?.statusMessage]
        .filter((v) => typeof v === 'string')
        .map(oneLine)
        .join(' ');
  }
}

/** How the request ended, in a line: `answered in 2.01s`, `cancelled after 1.01s; never answered` … */
export function outcomeWords(s: Story): string {
  const d = s.durationMs === null ? '' : formatMs(s.durationMs);
  const rounds = s.rounds > 1 ? ` over ${s.rounds} rounds` : '';
  const task = s.tasks.length > 0 && obj(obj(s.request.message)?.params)?.task !== undefined ? ` through a task` : '';
  const when = d === '' ? '' : ` in ${d}`;
  switch (s.outcome) {
    case 'ok':
      return `answered${when}${rounds}${task}`;
    case 'tool-error':
      return `answered with a tool error${when}${rounds}${task}`;
    case 'error':
      return `${answerWords(s.answer!).replace(/ \([^)]*\)$/, '')}${when}${rounds}`;
    case 'cancelled':
      return `cancelled${d === '' ? '' : ` after ${d}`}; never answered`;
    case 'unanswered':
      return 'never answered';
    case 'input-required':
      return `asked for input${rounds}; no retry came`;
  }
}

/** What the story holds besides the request and its answer: `3 progress, 1 log message, 2 findings`. */
export function storyCounts(s: Story): string {
  const n = (role: StoryStep['role']) => s.steps.filter((x) => x.role === role).length;
  const findings = s.steps.reduce((a, x) => a + x.record.findings.length, 0);
  const marks = s.steps.reduce((a, x) => a + (x.record.marks?.length ?? 0), 0);
  const parts = [
    n('progress') > 0 ? `${n('progress')} progress` : '',
    n('log') > 0 ? countOf(n('log'), 'log message') : '',
    n('peer-request') > 0 ? countOf(n('peer-request'), 'request') + ' from the other side' : '',
    n('task-request') > 0 ? countOf(n('task-request'), 'task request') : '',
    findings > 0 ? countOf(findings, 'finding') : '',
    marks > 0 ? countOf(marks, 'mark') : '',
  ].filter((x) => x !== '');
  return parts.join(', ');
}
