// Drift check: the method table against the official TypeScript SDK's zod schemas and constants.
import { describe, expect, it } from 'vitest';
import * as sdk from '@modelcontextprotocol/sdk/types.js';
import {
  ERROR_CODES,
  PRERELEASE_REVISIONS,
  REVISIONS,
  isKnownRevision,
  methodInfo,
  methodsOf,
} from '../../src/protocol/index.js';

type Union = 'ClientRequestSchema' | 'ServerRequestSchema' | 'ClientNotificationSchema' | 'ServerNotificationSchema';

/** The `method` literal of every member of a zod-4 union of object schemas (read at run time). */
function sdkMethods(name: Union): string[] {
  const union = sdk[name] as unknown as { options?: unknown[]; _def?: { options?: unknown[] } };
  const options = union.options ?? union._def?.options;
  if (!Array.isArray(options) || options.length === 0) throw new Error(`${name}: no union options`);
  return options.map((opt) => {
    const o = opt as { shape?: Record<string, unknown>; _def?: { shape?: Record<string, unknown> } };
    const lit = (o.shape ?? o._def?.shape)?.method as { value?: unknown; _def?: { values?: unknown[] } } | undefined;
    const v = lit?.value ?? lit?._def?.values?.[0];
    if (typeof v !== 'string') throw new Error(`${name}: a member without a method literal`);
    return v;
  });
}

/**
 * SDK methods knowingly absent from the spec revision the SDK declares as latest (method → why). Empty today: the
 * SDK 1.32.2 unions match the 2025-11-25 schema exactly. A stale entry fails the test below.
 */
const SDK_ONLY: Record<string, string> = {};
/** Spec methods knowingly missing from the SDK unions (method → why). Empty today. */
const SPEC_ONLY: Record<string, string> = {};

const latest = sdk.LATEST_PROTOCOL_VERSION;
const clientSent = [...sdkMethods('ClientRequestSchema'), ...sdkMethods('ClientNotificationSchema')];
const serverSent = [...sdkMethods('ServerRequestSchema'), ...sdkMethods('ServerNotificationSchema')];
const sdkAll = new Set([...clientSent, ...serverSent]);

describe('method table vs @modelcontextprotocol/sdk', () => {
  it('knows the revision the SDK calls latest', () => {
    expect(isKnownRevision(latest)).toBe(true);
  });

  it('has every SDK method in the latest revision', () => {
    const ours = new Set(methodsOf(latest).map((m) => m.method));
    const missing = [...sdkAll].filter((m) => !ours.has(m) && !(m in SDK_ONLY));
    expect(missing).toEqual([]);
  });

  it('has no latest-revision method the SDK lacks', () => {
    const extra = methodsOf(latest)
      .map((m) => m.method)
      .filter((m) => !sdkAll.has(m) && !(m in SPEC_ONLY));
    expect(extra).toEqual([]);
  });

  it('keeps no stale allow-list entries', () => {
    const ours = new Set(methodsOf(latest).map((m) => m.method));
    expect(Object.keys(SDK_ONLY).filter((m) => !sdkAll.has(m) || ours.has(m))).toEqual([]);
    expect(Object.keys(SPEC_ONLY).filter((m) => sdkAll.has(m) || !ours.has(m))).toEqual([]);
  });

  it('agrees on direction: client-only c2s, server-only s2c, both unions both', () => {
    const clientSet = new Set(clientSent);
    const serverSet = new Set(serverSent);
    for (const method of sdkAll) {
      const info = methodInfo(method);
      if (!info) continue; // reported by the membership test
      const expected = clientSet.has(method) && serverSet.has(method) ? 'both' : clientSet.has(method) ? 'c2s' : 's2c';
      expect({ method, direction: info.direction }).toEqual({ method, direction: expected });
    }
  });

  it('agrees on kind: request unions hold requests, notification unions notifications', () => {
    const requests = [...sdkMethods('ClientRequestSchema'), ...sdkMethods('ServerRequestSchema')];
    const notifications = [...sdkMethods('ClientNotificationSchema'), ...sdkMethods('ServerNotificationSchema')];
    for (const m of requests) expect({ m, kind: methodInfo(m)?.kind }).toEqual({ m, kind: 'request' });
    for (const m of notifications) expect({ m, kind: methodInfo(m)?.kind }).toEqual({ m, kind: 'notification' });
  });

  it('knows every protocol version the SDK supports (as supported or pre-release)', () => {
    const known = new Set<string>([...REVISIONS, ...PRERELEASE_REVISIONS]);
    expect(sdk.SUPPORTED_PROTOCOL_VERSIONS.filter((v) => !known.has(v))).toEqual([]);
  });

  it('names every SDK error code', () => {
    const ours = new Set(ERROR_CODES.map((e) => e.code));
    const sdkCodes = Object.values(sdk.ErrorCode).filter((v): v is number => typeof v === 'number');
    expect(sdkCodes.length).toBeGreaterThan(0);
    expect(sdkCodes.filter((c) => !ours.has(c))).toEqual([]);
  });
});
