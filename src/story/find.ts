// Which request a person means: by its JSON-RPC id (per session and sender), by its record's number in the
// transcript (`#41`), or as the Nth call of a tool or Nth request of a method. Pure: records in, candidates out.
import type { AnnotatedRecord, Side } from '../types.js';
import { requestSeqOf, storyOf } from './story.js';

/** What names the request; the filters narrow every way of naming it. */
export interface StoryQuery {
  /** A JSON-RPC id as typed: matches the number or the string with this text (`5` matches `5` and `"5"`). */
  id?: string;
  /** A record of the transcript (`#41`): the request it is, or belongs to. */
  seq?: number;
  /** Only requests of this method (`tools/call`). */
  method?: string;
  /** Only `tools/call` requests of this tool. */
  tool?: string;
  /** With `method` or `tool`: the Nth such request in the log (1-based; default 1). */
  nth?: number;
  /** Only this session (its label as the transcript prints it: `━━ session 1`). */
  session?: string;
  /** Only requests this side sent. */
  from?: Side;
}

/** `#41` is a record of the transcript; anything else is a JSON-RPC id. */
export function parseRequestArg(text: string): Pick<StoryQuery, 'id' | 'seq'> {
  const m = /^#(\d+)$/.exec(text.trim());
  return m ? { seq: Number(m[1]) } : { id: text };
}

const SENDER: Record<Side, AnnotatedRecord['dir']> = { client: 'c2s', server: 's2c' };

/** A request that opens a story: no retry leg of another's chain. */
const opens = (r: AnnotatedRecord) => r.kind === 'request' && (r.chain === undefined || r.chain.first === r.seq);

function toolOf(r: AnnotatedRecord): string | null {
  const name = (r.message as { params?: { name?: unknown } } | null)?.params?.name;
  return r.method === 'tools/call' && typeof name === 'string' ? name : null;
}

function filtered(r: AnnotatedRecord, q: StoryQuery): boolean {
  if (q.session !== undefined && r.session !== q.session) return false;
  if (q.from !== undefined && r.dir !== SENDER[q.from]) return false;
  if (q.method !== undefined && r.method !== q.method) return false;
  return q.tool === undefined || toolOf(r) === q.tool;
}

/** Notifications are claimed by the stories of the requests before them in their session: this many are tried. */
const LOOK_BACK = 64;

/** The request whose story holds the record at `seq`: its own, its answer's, else the nearest earlier one that claims it. */
function requestHolding(records: readonly AnnotatedRecord[], seq: number): AnnotatedRecord | null {
  const at = records.findIndex((r) => r.seq === seq);
  if (at < 0) return null;
  const own = requestSeqOf(records[at]!);
  if (own !== null) return records.find((r) => r.seq === own) ?? null;
  let tried = 0;
  for (let i = at - 1; i >= 0 && tried < LOOK_BACK; i--) {
    const r = records[i]!;
    if (r.session !== records[at]!.session || !opens(r)) continue;
    tried++;
    if (storyOf(records, r.seq)?.steps.some((s) => s.record.seq === seq)) return r;
  }
  return null;
}

/** The requests `q` names, in log order: one is the story to tell, more are for the person to choose from. */
export function findRequests(records: readonly AnnotatedRecord[], q: StoryQuery): AnnotatedRecord[] {
  if (q.seq !== undefined) {
    const r = requestHolding(records, q.seq);
    return r !== null && filtered(r, q) ? [r] : [];
  }
  const out: AnnotatedRecord[] = [];
  for (const r of records) {
    if (r.kind !== 'request' || !filtered(r, q)) continue;
    if (q.id !== undefined) {
      if (String(r.id) !== q.id) continue;
      const first = r.chain?.first ?? r.seq;
      if (!out.some((o) => o.seq === first))
        out.push(first === r.seq ? r : (records.find((x) => x.seq === first) ?? r));
    } else if (opens(r)) out.push(r);
  }
  if (q.id !== undefined || (q.method === undefined && q.tool === undefined)) return out;
  const nth = out[(q.nth ?? 1) - 1];
  return nth === undefined ? [] : [nth];
}

/** Up to `max` request ids of the log nearest to `typed`: by value for a number, else by spelling. */
export function nearestIds(
  records: readonly AnnotatedRecord[],
  typed: string,
  nearest: (typed: string, known: Iterable<string>) => string[],
  max = 5,
): string[] {
  const ids = new Set<string>();
  for (const r of records) if (r.kind === 'request' && r.id !== null) ids.add(String(r.id));
  const n = Number(typed);
  if (typed.trim() !== '' && Number.isFinite(n)) {
    const numbers = [...ids].filter((i) => i.trim() !== '' && Number.isFinite(Number(i)));
    if (numbers.length > 0)
      return numbers
        .sort((a, b) => Math.abs(Number(a) - n) - Math.abs(Number(b) - n) || Number(a) - Number(b))
        .slice(0, max)
        .sort((a, b) => Number(a) - Number(b));
  }
  return nearest(typed, ids).slice(0, max);
}
