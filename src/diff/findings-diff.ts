// Findings by rule and diagnoses by cause: new (none in A), gone (none in B).
import type { Change, Side } from './types.js';

export function findingChanges(a: Side, b: Side): Change[] {
  const out: Change[] = [];
  const compare = (what: 'rule' | 'cause', ca: Record<string, number>, cb: Record<string, number>) => {
    for (const [k, n] of Object.entries(cb))
      if (!ca[k])
        out.push({ category: 'findings', breaking: false, subject: `${what} ${k}`, what: `new: ${n} in B, none in A` });
    for (const [k, n] of Object.entries(ca))
      if (!cb[k])
        out.push({
          category: 'findings',
          breaking: false,
          subject: `${what} ${k}`,
          what: `gone: ${n} in A, none in B`,
        });
  };
  compare('rule', a.findings, b.findings);
  const { ok: _a, ...causesA } = a.causes;
  const { ok: _b, ...causesB } = b.causes;
  compare('cause', causesA, causesB);
  return out;
}
