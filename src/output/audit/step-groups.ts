// A session's kept steps with their chains as blocks, for every sequence diagram: an MRTR chain, a -32022 version retry and a subscription stream each one block.
import { baseLabel } from '../../audit/sequence.js';
import type { SequenceStep } from '../../audit/types.js';
import { formatMs } from '../../util/numbers.js';
import { countOf } from '../../util/plural.js';

/** A chain drawn as one block: its first seq and the block's header. */
export interface StepGroup {
  first: number;
  title: string;
  /** The header of a block opened again after a crossing block closed it: `operation #35: tools/call deploy (continued)`. */
  continued: string;
}

/**
 * What a diagram draws, in order: blocks open and close around their legs, `depth` is the number of blocks open
 * around an item (for a block: its lane, the number open when it opened), and a step that is a leg of a block says
 * which lane that block is in (`leg`); `elided` stands for the messages left out between head and tail. Nested (for
 * Mermaid, whose blocks must nest), a block that would cross another is closed with it and opened again (`continued`);
 * else each block spans exactly its legs, and crossing blocks overlap in lanes of their own.
 */
export type DiagramItem =
  | { kind: 'open'; group: StepGroup; depth: number; continued: boolean }
  | { kind: 'close'; group: StepGroup; depth: number }
  | { kind: 'step'; step: SequenceStep; depth: number; leg: number | null }
  | { kind: 'elided'; count: number };

const ACK = 'notifications/subscriptions/acknowledged';
/** On stdio the server ends a listen stream with this notification (schema.ts CancelledNotification). */
const CANCELLED = 'notifications/cancelled';

/** Whether the visible legs of a chain make more than a plain request and answer. */
function isChain(legs: readonly SequenceStep[]): boolean {
  return (
    legs.length > 1 &&
    legs.some(
      (s) =>
        s.chain!.stream || s.chain!.version || s.chain!.input || s.chain!.round > 0 || s.chain!.operation !== undefined,
    )
  );
}

/** What a block is: `operation #35: tools/call deploy`. */
function nameOf(first: number, legs: readonly SequenceStep[]): string {
  const request = legs.find((s) => s.kind === 'request');
  const what = request === undefined ? (legs[0]!.method ?? '?') : baseLabel(request);
  const noun = legs.some((s) => s.chain!.stream)
    ? 'subscription'
    : legs.some((s) => s.chain!.version)
      ? 'version retry'
      : 'operation';
  return `${noun} #${first}: ${what}`;
}

/** `operation #35: tools/call deploy — 2 rounds, 1.58s (server 80ms, client 1.50s)`, from the legs in view. */
function titleOf(name: string, legs: readonly SequenceStep[]): string {
  if (legs.some((s) => s.chain!.stream)) {
    const notes = legs.filter((s) => s.kind === 'notification' && s.method !== ACK && s.method !== CANCELLED).length;
    const parts = [
      legs.some((s) => s.method === ACK) ? 'acknowledged' : 'no acknowledgement shown',
      countOf(notes, 'notification'),
    ];
    const end = legs.find((s) => s.kind === 'response' || s.kind === 'error');
    if (end !== undefined)
      parts.push(
        `${end.kind === 'error' ? 'failed' : 'closed'}${end.latencyMs === null ? '' : ` after ${formatMs(end.latencyMs)}`}`,
      );
    else if (legs.some((s) => s.method === CANCELLED)) parts.push('ended by the server');
    return `${name} — ${parts.join(', ')}`;
  }
  const op = legs.find((s) => s.chain!.operation !== undefined)?.chain?.operation;
  if (op === undefined) {
    const rounds = Math.max(1, ...legs.map((s) => s.chain!.round));
    return `${name} — ${countOf(rounds, 'round')} shown, no final answer`;
  }
  const split =
    op.serverMs == null || op.clientMs == null
      ? ''
      : ` (server ${formatMs(op.serverMs)}, client ${formatMs(op.clientMs)})`;
  return `${name} — ${countOf(op.rounds, 'round')}${op.latencyMs === null ? '' : `, ${formatMs(op.latencyMs)}`}${split}`;
}

/** One run of steps (the head, or the tail) with its blocks; `continued` for a block whose first leg is not in it. */
function segment(
  steps: readonly SequenceStep[],
  groups: ReadonlyMap<number, StepGroup>,
  nest: boolean,
  out: DiagramItem[],
): void {
  const last = new Map<number, number>();
  const present = new Set<number>();
  steps.forEach((s, i) => {
    if (s.chain === undefined || !groups.has(s.chain.first)) return;
    last.set(s.chain.first, i);
    present.add(s.seq);
  });
  // Open blocks by lane (unnested, a lane frees when its block closes; nested, the open blocks are a stack).
  const lanes: Array<StepGroup | null> = [];
  const opened = () => lanes.filter((g) => g !== null).length;
  const open = (g: StepGroup, continued: boolean) => {
    let lane = lanes.indexOf(null);
    if (lane < 0) lane = lanes.push(null) - 1;
    out.push({ kind: 'open', group: g, depth: nest ? opened() : lane, continued });
    lanes[lane] = g;
  };
  steps.forEach((s, i) => {
    const g = s.chain === undefined ? undefined : groups.get(s.chain.first);
    if (g !== undefined && !lanes.includes(g)) open(g, !present.has(g.first));
    out.push({ kind: 'step', step: s, depth: opened(), leg: g === undefined ? null : lanes.indexOf(g) });
    if (g === undefined || last.get(g.first) !== i) return;
    const at = lanes.indexOf(g);
    if (!nest) {
      out.push({ kind: 'close', group: g, depth: at });
      lanes[at] = null;
      return;
    }
    // The chain's last leg: close it, and the blocks opened inside it, which go on after it as blocks of their own.
    const inner = lanes.splice(at);
    for (let k = inner.length - 1; k >= 0; k--) out.push({ kind: 'close', group: inner[k]!, depth: at + k });
    for (const h of inner.slice(1)) open(h!, true);
  });
}

/** The items of a session's diagram: its head, the elided middle, its tail, each chain of more than one leg a block. */
export function diagramItems(
  sequence: { head: readonly SequenceStep[]; tail: readonly SequenceStep[]; elided: number },
  opts: { nest: boolean },
): DiagramItem[] {
  const legs = new Map<number, SequenceStep[]>();
  for (const s of [...sequence.head, ...sequence.tail]) {
    if (s.chain === undefined) continue;
    const list = legs.get(s.chain.first);
    if (list) list.push(s);
    else legs.set(s.chain.first, [s]);
  }
  const groups = new Map<number, StepGroup>();
  for (const [first, list] of legs) {
    if (!isChain(list)) continue;
    const name = nameOf(first, list);
    groups.set(first, { first, title: titleOf(name, list), continued: `${name} (continued)` });
  }
  const out: DiagramItem[] = [];
  segment(sequence.head, groups, opts.nest, out);
  if (sequence.elided > 0) out.push({ kind: 'elided', count: sequence.elided });
  segment(sequence.tail, groups, opts.nest, out);
  return out;
}
