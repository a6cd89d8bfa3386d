// A session's kept steps with their chains as blocks, for every sequence diagram: an MRTR chain, a -32022 version retry and a subscription stream each one block.
import { baseLabel } from '../../audit/sequence.js';
import type { SequenceStep } from '../../audit/types.js';
import { formatMs } from '../numbers.js';
import { countOf } from '../plural.js';

/** A chain drawn as one block: its first seq and the block's header. */
export interface StepGroup {
  first: number;
  title: string;
}

/**
 * What a diagram draws, in order: blocks open and close around their legs (properly nested, as Mermaid needs: a
 * block that would cross another is closed with it and opened again, `continued`), `depth` is the number of blocks
 * open around an item; `elided` stands for the messages left out between head and tail.
 */
export type DiagramItem =
  | { kind: 'open'; group: StepGroup; depth: number; continued: boolean }
  | { kind: 'close'; group: StepGroup; depth: number }
  | { kind: 'step'; step: SequenceStep; depth: number }
  | { kind: 'elided'; count: number };

const ACK = 'notifications/subscriptions/acknowledged';

/** Whether the visible legs of a chain make more than a plain request and answer. */
function isChain(legs: readonly SequenceStep[]): boolean {
  return legs.length > 1 && legs.some((s) => s.chain!.stream || s.chain!.version || s.chain!.input || s.chain!.round > 0 || s.chain!.operation !== undefined);
}

/** `operation #35: tools/call deploy — 2 rounds, 1.58s (server 80ms, client 1.50s)`, from the legs in view. */
function titleOf(first: number, legs: readonly SequenceStep[]): string {
  const request = legs.find((s) => s.kind === 'request');
  const what = request === undefined ? (legs[0]!.method ?? '?') : baseLabel(request);
  if (legs.some((s) => s.chain!.stream)) {
    const notes = legs.filter((s) => s.kind === 'notification' && s.method !== ACK).length;
    const parts = [legs.some((s) => s.method === ACK) ? 'acknowledged' : 'no acknowledgement shown', countOf(notes, 'notification')];
    const end = legs.find((s) => s.kind === 'response' || s.kind === 'error');
    if (end !== undefined) parts.push(`${end.kind === 'error' ? 'failed' : 'closed'}${end.latencyMs === null ? '' : ` after ${formatMs(end.latencyMs)}`}`);
    return `subscription #${first}: ${what} — ${parts.join(', ')}`;
  }
  const noun = legs.some((s) => s.chain!.version) ? 'version retry' : 'operation';
  const op = legs.find((s) => s.chain!.operation !== undefined)?.chain!.operation;
  if (op === undefined) {
    const rounds = Math.max(1, ...legs.map((s) => s.chain!.round));
    return `${noun} #${first}: ${what} — ${countOf(rounds, 'round')} shown, no final answer`;
  }
  const split = op.serverMs == null || op.clientMs == null ? '' : ` (server ${formatMs(op.serverMs)}, client ${formatMs(op.clientMs)})`;
  return `${noun} #${first}: ${what} — ${countOf(op.rounds, 'round')}${op.latencyMs === null ? '' : `, ${formatMs(op.latencyMs)}`}${split}`;
}

/** One run of steps (the head, or the tail) with its blocks; `continued` for a block whose first leg is not in it. */
function segment(steps: readonly SequenceStep[], groups: ReadonlyMap<number, StepGroup>, out: DiagramItem[]): void {
  const last = new Map<number, number>();
  const present = new Set<number>();
  steps.forEach((s, i) => {
    if (s.chain === undefined || !groups.has(s.chain.first)) return;
    last.set(s.chain.first, i);
    present.add(s.seq);
  });
  const open: StepGroup[] = [];
  steps.forEach((s, i) => {
    const g = s.chain === undefined ? undefined : groups.get(s.chain.first);
    if (g !== undefined && !open.includes(g)) {
      out.push({ kind: 'open', group: g, depth: open.length, continued: !present.has(g.first) });
      open.push(g);
    }
    out.push({ kind: 'step', step: s, depth: open.length });
    if (g === undefined || last.get(g.first) !== i) return;
    // The chain's last leg: close it, and the blocks opened inside it, which go on after it as blocks of their own.
    const at = open.indexOf(g);
    const inner = open.splice(at);
    for (let k = inner.length - 1; k >= 0; k--) out.push({ kind: 'close', group: inner[k]!, depth: at + k });
    for (const h of inner.slice(1)) {
      out.push({ kind: 'open', group: h, depth: open.length, continued: true });
      open.push(h);
    }
  });
}

/** The items of a session's diagram: its head, the elided middle, its tail, each chain of more than one leg a block. */
export function diagramItems(sequence: { head: readonly SequenceStep[]; tail: readonly SequenceStep[]; elided: number }): DiagramItem[] {
  const legs = new Map<number, SequenceStep[]>();
  for (const s of [...sequence.head, ...sequence.tail]) {
    if (s.chain === undefined) continue;
    const list = legs.get(s.chain.first);
    if (list) list.push(s);
    else legs.set(s.chain.first, [s]);
  }
  const groups = new Map<number, StepGroup>();
  for (const [first, list] of legs) if (isChain(list)) groups.set(first, { first, title: titleOf(first, list) });
  const out: DiagramItem[] = [];
  segment(sequence.head, groups, out);
  if (sequence.elided > 0) out.push({ kind: 'elided', count: sequence.elided });
  segment(sequence.tail, groups, out);
  return out;
}
