// What `mcptrace mock` says when it stops: requests served, answered as recorded, not in the recording (each named).
import stringify from 'safe-stable-stringify';
import { formatCount } from '../util/numbers.js';
import { countOf } from '../util/plural.js';
import { stable } from '../mock/request-key.js';
import type { MockCounts } from '../mock/responder.js';

/** Longest params shown for one unmatched request. */
const PARAMS_SHOWN = 120;

/** The summary's lines (no trailing newline). */
export function mockSummary(c: MockCounts): string[] {
  const near = c.unmatched.filter((u) => u.nearest !== undefined).length;
  const parts = [`${countOf(c.requests, 'request')} served: ${formatCount(c.matched)} answered as recorded`];
  if (near > 0) parts.push(`${near} with the nearest recorded answer`);
  if (c.unmatched.length - near > 0) parts.push(`${c.unmatched.length - near} not in the recording`);
  const lines = [
    `${parts.join(', ')}; ${countOf(c.notifications, 'notification')} and ${countOf(c.replies, 'answer')} received`,
  ];
  for (const u of c.unmatched) {
    let params = stringify(stable(u.params)) ?? '';
    if (params.length > PARAMS_SHOWN) params = `${params.slice(0, PARAMS_SHOWN - 1)}…`;
    lines.push(
      `  not recorded: ${u.method} ${params}${u.nearest === undefined ? '' : ` → answered as #${u.nearest}`}`.trimEnd(),
    );
  }
  return lines;
}
