// Checks the method and capability tables against the official JSON Schemas (copied into test/fixtures).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  CAPABILITY_SHAPES,
  METHODS,
  REVISIONS,
  capabilityFlag,
  capabilityFlagType,
  methodsOf,
  type CapabilityRequirement,
  type Revision,
} from '../../src/protocol/index.js';

// Regenerate with `node test/protocol/extract-schema-methods.mjs SCHEMA_DIR` (reads SCHEMA_DIR/<rev>/schema.json).
interface RevisionFixture {
  clientRequests: string[];
  serverRequests: string[];
  clientNotifications: string[];
  serverNotifications: string[];
  clientCapabilities: { path: string; type: string }[];
  serverCapabilities: { path: string; type: string }[];
}
const fixture = JSON.parse(readFileSync(new URL('../fixtures/spec-methods.json', import.meta.url), 'utf8')) as Record<
  Revision,
  RevisionFixture
>;

/** `method → "kind direction"` as the schema unions say: in both client and server unions = both. */
function fromSchema(f: RevisionFixture): Record<string, string> {
  const out: Record<string, string> = {};
  const add = (kind: string, c: string[], s: string[]) => {
    for (const m of new Set([...c, ...s])) {
      out[m] = `${kind} ${c.includes(m) && s.includes(m) ? 'both' : c.includes(m) ? 'c2s' : 's2c'}`;
    }
  };
  add('request', f.clientRequests, f.serverRequests);
  add('notification', f.clientNotifications, f.serverNotifications);
  return out;
}

describe.each(REVISIONS)('revision %s vs schema.json', (rev) => {
  it('has exactly the schema methods, kinds and directions', () => {
    const ours = Object.fromEntries(methodsOf(rev).map((m) => [m.method, `${m.kind} ${m.direction}`]));
    expect(ours).toEqual(fromSchema(fixture[rev]));
  });

  it.each(['client', 'server'] as const)('has exactly the schema %s capability keys and types', (side) => {
    const ours = CAPABILITY_SHAPES[rev][side].map((f) => ({ path: f.path, type: f.type }));
    const sortByPath = (a: { path: string }, b: { path: string }) => (a.path < b.path ? -1 : 1);
    const theirs = side === 'client' ? fixture[rev].clientCapabilities : fixture[rev].serverCapabilities;
    expect(ours.sort(sortByPath)).toEqual(theirs);
    for (const f of theirs) expect({ path: f.path, type: capabilityFlagType(f.path) }).toEqual(f);
  });
});

describe('capability paths used by the method table', () => {
  /** Sides a requirement can land on: a 'receiver'/'sender' requirement must exist on both. */
  const sidesOf = (req: CapabilityRequirement) =>
    req.side === 'client' || req.side === 'server' ? [req.side] : (['client', 'server'] as const);

  it('exist in every revision where the requirement applies', () => {
    const problems: string[] = [];
    for (const info of METHODS) {
      for (const req of [info.capability, ...(info.conditional ?? [])]) {
        if (!req) continue;
        for (const rev of info.revisions) {
          if (req.since && rev < req.since) continue;
          for (const side of sidesOf(req)) {
            if (!capabilityFlag(side, req.path, rev)) problems.push(`${info.method}: ${rev} ${side} ${req.path}`);
          }
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('do not exist before their `since` revision (so the `since` is needed)', () => {
    let checked = 0;
    for (const info of METHODS) {
      for (const req of [info.capability, ...(info.conditional ?? [])]) {
        if (!req?.since) continue;
        const before = info.revisions.filter((r) => r < req.since!);
        for (const rev of before) {
          for (const side of sidesOf(req)) {
            expect(capabilityFlag(side, req.path, rev)).toBeUndefined();
            checked++;
          }
        }
      }
    }
    // Some capabilities do have a `since` with revisions before it, so the loop checked something.
    expect(checked).toBeGreaterThan(0);
  });
});
