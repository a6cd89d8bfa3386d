// When a value read whole turns out to be a container and is split into levels (json-walk.ts): pure decisions on what
// an assembler holds so far (its stack: each open container and the key its open child sits under).
import type { Assembler } from 'stream-json/core/assembler.js';
import { isMessageEnvelope, isMessageKey, mayBeMessage, mayBeRecord } from './json-find.js';
import { isPlainObject } from '../../util/own.js';

type Obj = Record<string, unknown>;

/** An open container that may be a record itself (json-find.ts mayBeRecord); an array inside a value never is one. */
function mayHold(o: unknown, pending: unknown, child: unknown, childPending: unknown): boolean {
  return !Array.isArray(o) && mayBeRecord(o as Obj, pending as string | null, child, childPending as string | null);
}

/**
 * A record (`record`) has just ended inside the value (`parentKey`: the key it sat under in the assembler's current
 * container): the value's open containers, all of them, are split off when none of them may be a record itself (then a
 * live document gives each message as soon as it ends, whatever it is nested in).
 */
export function splitsOnRecord(asm: Assembler, parentKey: unknown, record: unknown): boolean {
  const s = asm.stack;
  for (let i = 0; i < s.length; i += 2) {
    const last = i + 2 >= s.length;
    if (mayHold(s[i], s[i + 1], last ? asm.current : s[i + 2], last ? parentKey : s[i + 3])) return false;
  }
  return !mayHold(asm.current, parentKey, record, null);
}

/**
 * The value has grown past the bound: how many of its open containers are split off (the container below them is read
 * whole from here, with what it holds so far), or 0 when it may be a record itself (a message, an envelope of one)
 * and is kept as one oversized record. Arrays are split off with the container they are in: they are gone through.
 */
export function splitsOnOverflow(asm: Assembler): number {
  const s = asm.stack;
  const nested = s.length > 0;
  const root = nested ? s[0] : asm.current;
  if (!isPlainObject(root)) return 0;
  const pending = (nested ? s[1] : asm.key) as string | null;
  if (mayBeMessage(root, pending) || isMessageEnvelope(root)) return 0;
  // A message key's value still open below the root: a message so far (an envelope), or a container (`data: {turns}`).
  if (isMessageKey(pending)) {
    const child = nested ? (s.length > 2 ? s[2] : asm.current) : null;
    if (
      child === null ||
      (isPlainObject(child) && mayBeMessage(child, (s.length > 2 ? s[3] : asm.key) as string | null))
    )
      return 0;
  }
  const open = s.length / 2 + 1;
  let j = 1;
  while (j < open && Array.isArray(j * 2 < s.length ? s[j * 2] : asm.current)) j++;
  return j;
}
