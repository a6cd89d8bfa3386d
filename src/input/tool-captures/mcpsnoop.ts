// mcpsnoop's session logs (~/.local/state/mcpsnoop/sessions/ID.jsonl): one Envelope per line, the direction stated.
//
// Grammar and the sources each shape was read from: test/fixtures/hosts/mcpsnoop/SOURCES.md.
import type { ToolCaptureDialect, DirRule } from './types.js';

const DIRECTION: DirRule = { path: 'direction', map: { c2s: 'c2s', s2c: 's2c' } };

export const mcpsnoop: ToolCaptureDialect<'mcpsnoop'> = {
  name: 'mcpsnoop',
  title: 'mcpsnoop: a session log (~/.local/state/mcpsnoop/sessions/ID.jsonl)',
  example:
    '{"session_id":"mcps-20260503-091204-6f2a","server_label":"memory","seq":7,"ts":"2026-05-03T09:12:05.320000641+02:00","direction":"c2s","transport":"stdio","raw":{"method":"tools/list","jsonrpc":"2.0","id":1}}',
  layout: {
    lines: [
      {
        has: ['session_id', 'seq', 'ts', 'direction', 'transport'],
        is: { direction: ['c2s', 's2c', 'stderr', 'meta'] },
      },
    ],
  },
  time: 'ts',
  // Behind the HTTP proxy each client connection is a session of its own (ids repeat across connections).
  session: ['{session_id} {conn_id}', '{session_id}'],
  server: '{server_label}',
  forms: [
    // Frame 1 of a stdio session: the command mcpsnoop started.
    { when: { is: { direction: ['meta'] } }, event: { name: 'start', data: ['raw.command', 'raw.cwd'] } },
    { when: { is: { direction: ['stderr'] } }, log: { text: '{text}', level: '{direction}' } },
    // `raw` is the message itself, embedded JSON.
    { when: { has: ['raw'], is: { direction: ['c2s', 's2c'] } }, messages: [{ at: 'raw', dir: DIRECTION }] },
    // A line past mcpsnoop's frame cap: its start, as text.
    {
      when: { has: ['text'], is: { direction: ['c2s', 's2c'], truncated: [true] } },
      messages: [{ at: 'text', dir: DIRECTION, cut: 'truncated' }],
    },
    // A protocol line that is no JSON (a server printing to its stdout): what went by, not a message.
    { when: { has: ['text'], is: { direction: ['s2c'] } }, log: { text: '{text}', level: 'stdout' } },
    { when: { has: ['text'], is: { direction: ['c2s'] } }, log: { text: '{text}', level: 'stdin' } },
    // An HTTP answer with no body: 202 for a notification, a 401 (`auth_challenge`), 502 when the server is down.
    { when: { has: ['status'] }, event: { name: 'http-status', data: ['status', 'auth_challenge'] } },
  ],
};
