// How the HTTP transport rules name the request a record came in, in their findings' text.
import type { PipelineRecord } from '../../types.js';

/** The revisions whose transports include Streamable HTTP (basic/transports.mdx; 2024-11-05 has HTTP+SSE only). */
export const STREAMABLE_HTTP_REVISIONS: readonly string[] = ['2025-03-26', '2025-06-18', '2025-11-25'];

/** The revisions whose Streamable HTTP has no sessions, no GET stream and mirrored request headers (2026-07-28, "modern"). */
export const MODERN_HTTP_REVISIONS: readonly string[] = ['2026-07-28'];

/** Every revision with Streamable HTTP, for the rules whose clause holds in both shapes of it. */
export const ALL_STREAMABLE_HTTP_REVISIONS: readonly string[] = [
  ...STREAMABLE_HTTP_REVISIONS,
  ...MODERN_HTTP_REVISIONS,
];

/**
 * `POST /mcp (tools/call, id 3)`, `POST /mcp (notifications/initialized)`, `POST /mcp (a response to roots/list,
 * id 0)`, `GET /mcp`, `DELETE /mcp`: the method and target, and for a POST the message its body carried.
 */
export function requestLabel(record: PipelineRecord): string {
  const h = record.http!;
  const head = `${h.method} ${h.path}`;
  if (h.method !== 'POST' || record.dir !== 'c2s') return head;
  const id = record.id === null ? '' : `, id ${JSON.stringify(record.id)}`;
  const batch = record.batch !== undefined ? `, a batch of ${record.batch.size}` : '';
  switch (record.kind) {
    case 'request':
    case 'notification':
      return `${head} (${record.method ?? 'no method'}${id}${batch})`;
    case 'response':
    case 'error':
      return `${head} (${record.kind === 'error' ? 'an error' : 'a response'} to ${record.method ?? 'an unknown request'}${id}${batch})`;
    default:
      return head;
  }
}
