// Revision ordering and classification; error code names and fallbacks.
import { describe, expect, it } from 'vitest';
import {
  LATEST_REVISION,
  REVISIONS,
  allowsBatches,
  compareRevisions,
  errorCodeInfo,
  errorCodeName,
  isKnownRevision,
  revisionAtLeast,
  revisionStatus,
} from '../../src/protocol/index.js';

describe('revisions', () => {
  it('lists revisions in release order, ending with the latest', () => {
    expect([...REVISIONS].sort(compareRevisions)).toEqual(REVISIONS);
    expect(REVISIONS.at(-1)).toBe(LATEST_REVISION);
  });

  it('compares by release date', () => {
    expect(compareRevisions('2024-11-05', '2025-03-26')).toBeLessThan(0);
    expect(compareRevisions('2025-11-25', '2025-06-18')).toBeGreaterThan(0);
    expect(compareRevisions('2025-06-18', '2025-06-18')).toBe(0);
    expect(revisionAtLeast('2025-06-18', '2025-03-26')).toBe(true);
    expect(revisionAtLeast('2025-03-26', '2025-03-26')).toBe(true);
    expect(revisionAtLeast('2024-11-05', '2025-03-26')).toBe(false);
  });

  it('knows exactly the four supported revisions', () => {
    expect(REVISIONS.every(isKnownRevision)).toBe(true);
    for (const s of ['2024-10-07', '2026-07-28', '2025-11-25 ', '', null, 20251125])
      expect(isKnownRevision(s)).toBe(false);
  });

  it('classifies modern, pre-release and unknown strings', () => {
    expect(revisionStatus('2025-06-18')).toBe('supported');
    expect(revisionStatus('2024-10-07')).toBe('prerelease');
    expect(revisionStatus('2026-07-28')).toBe('modern');
    expect(revisionStatus('2030-01-01')).toBe('unknown');
    expect(revisionStatus(undefined)).toBe('unknown');
  });

  it('allows batches only in 2025-03-26', () => {
    expect(REVISIONS.filter(allowsBatches)).toEqual(['2025-03-26']);
    expect(allowsBatches(null)).toBe(false);
  });
});

describe('errorCodeName', () => {
  it('names JSON-RPC, MCP and SDK codes', () => {
    expect(errorCodeName(-32700)).toBe('Parse error');
    expect(errorCodeName(-32601)).toBe('Method not found');
    expect(errorCodeName(-32602)).toBe('Invalid params');
    expect(errorCodeName(-32002)).toBe('Resource not found');
    expect(errorCodeName(-32042)).toBe('URL elicitation required');
    expect(errorCodeName(-1)).toBe('User rejected');
    expect(errorCodeName(-32001)).toBe('Request timeout');
    expect(errorCodeInfo(-32000)?.origin).toBe('sdk');
    expect(errorCodeInfo(-32002)?.origin).toBe('mcp');
  });

  it('falls back to readable range names', () => {
    expect(errorCodeName(-32050)).toBe('server error');
    expect(errorCodeName(-32099)).toBe('server error');
    expect(errorCodeName(-32100)).toBe('reserved');
    expect(errorCodeName(-32768)).toBe('reserved');
    expect(errorCodeName(-32769)).toBe('unknown');
    expect(errorCodeName(42)).toBe('unknown');
  });

  it('flags values that are not integer codes', () => {
    for (const v of [1.5, Number.NaN, '-32600', null, undefined]) expect(errorCodeName(v)).toBe('invalid code');
  });
});
