// MCP Inspector v2's History export (`inspector-history-SERVER-TIME.json`): a JSON array of entries, each request
// with its response folded in.
//
// `direction` is the entry's kind, not its direction: `origin` (later 2026) says who sent the entry's message; the
// first port (May 2026) tracked only the client's requests and what came in. Grammar and the sources each shape was
// read from: test/fixtures/hosts/inspector/SOURCES.md.
import type { ToolCaptureDialect } from './types.js';

const SENT = { client: 'c2s', server: 's2c' } as const;
const ANSWERED = { client: 's2c', server: 'c2s' } as const;

export const inspector: ToolCaptureDialect<'inspector'> = {
  name: 'inspector',
  title: 'MCP Inspector: the History export (inspector-history-SERVER-TIME.json)',
  example:
    '[{"id":"f4bea973-dcf4-4f2a-b656-17720e7a269f","timestamp":"2026-06-02T07:41:10.210Z","direction":"request","origin":"client","message":{"method":"tools/list","jsonrpc":"2.0","id":1}}]',
  layout: {
    document: {
      elements: '',
      first: {
        has: ['id', 'timestamp', 'direction', 'message'],
        is: { direction: ['request', 'response', 'notification'] },
      },
    },
  },
  time: 'timestamp',
  // The export names the server (its Inspector configuration id) in its file name only.
  // The first port (no `origin`) tracked the client's requests and what came in: not its notifications or answers.
  notLogged: { when: { lacks: ['origin'] }, what: { client: ['notifications', 'answers'] } },
  serverFromFile:
    /^inspector-history(?:-pinned|-unpinned)?-(?<server>.+)-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d(?:\.\d+)?Z\.json$/,
  forms: [
    {
      when: { has: ['message', 'response'] },
      messages: [
        { at: 'message', dir: { path: 'origin', map: SENT, otherwise: 'c2s' } },
        { at: 'response', dir: { path: 'origin', map: ANSWERED, otherwise: 's2c' }, after: 'duration' },
      ],
    },
    // With no `origin`, a notification or a response that answered nothing pending came in: the server's.
    {
      when: { has: ['message'], is: { direction: ['notification', 'response'] } },
      messages: [{ at: 'message', dir: { path: 'origin', map: SENT, otherwise: 's2c' } }],
    },
    // An unanswered request with no `origin`: the client's or the server's, the session stage infers which.
    { when: { has: ['message'] }, messages: [{ at: 'message', dir: { path: 'origin', map: SENT } }] },
  ],
};
