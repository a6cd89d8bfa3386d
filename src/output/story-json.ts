// A request's story as JSON (`mcptrace story -f json`, the audit report's stories): the story's fields, and each step
// as its record's numbers and words, without the message unless asked for.
import type { Story } from '../story/story.js';
import type { Finding, RecordMark } from '../types.js';
import { marksWithText } from './ndjson.js';
import { outcomeWords, stepWords } from './story-words.js';

interface StepJson {
  seq: number;
  source: string;
  role: string;
  dir: string;
  kind: string;
  id: string | number | null;
  method: string | null;
  ts: string | null;
  atMs: number | null;
  gapMs: number | null;
  round?: number;
  text: string;
  findings: Finding[];
  marks?: (RecordMark & { text: string })[];
  message?: unknown;
}

interface StoryJson {
  session: string;
  request: { seq: number; id: string | number | null; method: string | null; dir: string; source: string };
  outcome: Story['outcome'];
  text: string;
  durationMs: number | null;
  rounds: number;
  progressTokens: (string | number)[];
  tasks: string[];
  steps: StepJson[];
}

export function storyToJson(s: Story, opts: { body?: boolean } = {}): StoryJson {
  const r = s.request;
  return {
    session: s.session,
    request: { seq: r.seq, id: r.id, method: r.method, dir: r.dir, source: r.source },
    outcome: s.outcome,
    text: outcomeWords(s),
    durationMs: s.durationMs,
    rounds: s.rounds,
    progressTokens: s.progressTokens,
    tasks: s.tasks,
    steps: s.steps.map((st) => {
      const x = st.record;
      const o: StepJson = {
        seq: x.seq,
        source: x.source,
        role: st.role,
        dir: x.dir,
        kind: x.kind,
        id: x.id,
        method: x.method,
        ts: x.ts,
        atMs: st.atMs,
        gapMs: st.gapMs,
        text: stepWords(st, s),
        findings: x.findings.map((f) => ({ ...f })),
      };
      if (st.round !== undefined) o.round = st.round;
      if (x.marks !== undefined) o.marks = marksWithText(x.marks);
      if (opts.body) o.message = x.message ?? null;
      return o;
    }),
  };
}
