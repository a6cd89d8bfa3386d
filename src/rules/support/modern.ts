// What the modern (2026-07-28) rules share: whether a record is modern, and plain-object access to a message.
import { isModernVersion } from '../../protocol/modern.js';
import type { PipelineRecord } from '../../types.js';

/** A record sent under a modern revision (its own, or its request's: session/era.ts). */
export function isModernRecord(r: PipelineRecord): boolean {
  return isModernVersion(r.revision);
}

export const obj = (v: unknown): Record<string, unknown> | null =>
  v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;

/** The record's `result` object (a response), else null. */
export function resultOf(r: PipelineRecord): Record<string, unknown> | null {
  return obj(obj(r.message)?.result);
}
