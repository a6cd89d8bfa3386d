// Keeps the first and last messages of a session for its sequence diagram, in bounded memory.
import { formatMs } from '../util/numbers.js';
import { subjectOf } from '../protocol/subject.js';
import type { PipelineRecord, Severity } from '../types.js';
import type { SequenceStep, StepChain } from './types.js';
import { flatCopy } from '../util/string.js';
import { MODERN_ERRORS } from '../protocol/modern.js';

const RANK: Record<Severity, number> = { info: 1, warning: 2, error: 3 };

/** A keeper's steps as plain data, for `--jobs`. */
export interface SequenceState {
  head: SequenceStep[];
  tail: SequenceStep[];
  seen: number;
}

export class SequenceKeeper {
  readonly head: SequenceStep[] = [];
  private readonly ring: SequenceStep[] = [];
  private next = 0;
  private seen = 0;

  constructor(
    private readonly headSize: number,
    private readonly tailSize: number,
    private readonly bodyBytes: number,
  ) {}

  add(r: PipelineRecord): void {
    // Keeping no steps (a format that prints no sequence): only count, without making a step.
    if (this.headSize === 0 && this.tailSize === 0) this.seen++;
    else this.push(this.step(r));
  }

  /** The kept steps as plain data: the head, the tail in order, and how many messages were seen. */
  exportState(): SequenceState {
    const { head, tail } = this.finish();
    return { head, tail, seen: this.seen };
  }

  /**
   * Takes in another keeper's steps, as if its messages had come after these (`--jobs`: a session key shared by two
   * files). Its elided middle is skipped; when it elided anything its tail is complete, so the tail comes out right.
   */
  mergeFrom(o: SequenceState, step: (s: SequenceStep) => SequenceStep): void {
    for (const s of o.head) this.push(step(s));
    this.seen += o.seen - o.head.length - o.tail.length;
    for (const s of o.tail) this.push(step(s));
  }

  private push(step: SequenceStep): void {
    this.seen++;
    if (this.head.length < this.headSize) {
      // Kept to the end of the run: a copy of its own (see `bodyOf`).
      if (step.body !== null) step.body = flatCopy(step.body);
      this.head.push(step);
      return;
    }
    if (this.tailSize === 0) return;
    if (this.ring.length < this.tailSize) this.ring.push(step);
    else this.ring[this.next] = step;
    this.next = (this.next + 1) % this.tailSize;
  }

  finish(): { head: SequenceStep[]; tail: SequenceStep[]; elided: number } {
    const tail =
      this.ring.length < this.tailSize
        ? [...this.ring]
        : [...this.ring.slice(this.next), ...this.ring.slice(0, this.next)];
    return { head: this.head, tail, elided: this.seen - this.head.length - tail.length };
  }

  private step(r: PipelineRecord): SequenceStep {
    let severity: Severity | null = null;
    for (const f of r.findings) if (severity === null || RANK[f.severity] > RANK[severity]) severity = f.severity;
    const subject = r.kind === 'request' || r.kind === 'notification' ? subjectOf(r.method, r.message) : '';
    const name =
      r.kind === 'event' ? (r.event?.name ?? 'event') : r.kind === 'invalid' ? '(invalid)' : (r.method ?? '?');
    const chain = stepChain(r);
    const leg = chain === undefined ? '' : legText(chain);
    return {
      seq: r.seq,
      ts: r.ts,
      dir: r.dir,
      kind: r.kind,
      id: r.id,
      method: r.method,
      label: (subject === '' ? name : `${name} ${subject}`) + leg,
      latencyMs: r.latencyMs,
      severity,
      body: this.bodyBytes > 0 ? bodyOf(r, this.bodyBytes) : null,
      ...(chain === undefined ? {} : { chain }),
    };
  }
}

/** A step in another numbering of seqs (`--jobs`: a file's records after the files before it), its label's too. */
export function renumberStep(s: SequenceStep, seq: (n: number) => number): SequenceStep {
  if (s.chain === undefined) return { ...s, seq: seq(s.seq) };
  const op = s.chain.operation;
  const chain: StepChain = {
    ...s.chain,
    first: seq(s.chain.first),
    ...(op === undefined ? {} : { operation: { ...op, first: seq(op.first) } }),
  };
  return { ...s, seq: seq(s.seq), chain, label: baseLabel(s) + legText(chain) };
}

/** A step's label without what it says of its chain: `tools/call deploy`. */
export function baseLabel(s: SequenceStep): string {
  return s.chain === undefined ? s.label : s.label.slice(0, s.label.length - legText(s.chain).length);
}

/**
 * A modern record's place in its chain (session/chains.ts), so that the diagram reads a chain as one operation: a
 * retry's round, an `input_required` or -32022 answer, a subscription stream's legs, and the terminal answer's whole
 * operation. Every leg carries its chain's first seq, the first request too: the diagrams group the legs by it.
 */
function stepChain(r: PipelineRecord): StepChain | undefined {
  if (r.chain === undefined) return undefined;
  const round = r.kind === 'request' && r.chain.round > 1 ? r.chain.round : 0;
  const input =
    r.inputs !== undefined ||
    (r.message as { result?: { resultType?: unknown } } | null)?.result?.resultType === 'input_required';
  const version =
    r.kind === 'error' &&
    (r.message as { error?: { code?: unknown } } | null)?.error?.code === MODERN_ERRORS.unsupportedVersion;
  const stream = r.method === 'subscriptions/listen' || r.kind === 'notification';
  const op = r.operation;
  return {
    round,
    first: r.chain.first,
    input,
    ...(version ? { version: true as const } : {}),
    ...(stream ? { stream: true as const } : {}),
    ...(op === undefined
      ? {}
      : {
          operation: {
            first: op.first,
            rounds: op.rounds,
            latencyMs: op.latencyMs,
            serverMs: op.serverMs,
            clientMs: op.clientMs,
          },
        }),
  };
}

/** The label's end for a chain's leg: ` (round 2 of #35)`, ` (input required)`, ` (operation #35: 2 rounds, 30ms)`. */
function legText(c: StepChain): string {
  if (c.round > 0) return ` (round ${c.round} of #${c.first})`;
  if (c.input) return ' (input required)';
  const op = c.operation;
  return op === undefined
    ? ''
    : ` (operation #${op.first}: ${op.rounds} rounds${op.latencyMs === null ? '' : `, ${formatMs(op.latencyMs)}`})`;
}

/**
 * The body shown for a step, at most `limit` characters. A text within the limit is kept as it is (not copied: most
 * steps are soon dropped from the tail ring, and what such a text can keep alive — the line it was sliced from — is
 * not much longer than itself); a longer one is cut, and the cut copied, or it would keep the whole text alive.
 * Head steps, kept to the end, are copied when kept.
 */
function bodyOf(r: PipelineRecord, limit: number): string | null {
  const text =
    r.raw !== undefined
      ? r.raw
      : r.kind === 'event'
        ? JSON.stringify(r.event ?? null)
        : (r.wire.text ?? JSON.stringify(r.message));
  if (text === null || text === undefined) return null;
  return text.length > limit ? flatCopy(`${text.slice(0, limit)}…`) : text;
}
