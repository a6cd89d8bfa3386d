// Fiberplane mcp-gateway's captures: the JSONL capture files (one CaptureRecord per message) and the web UI's export.
//
// A capture record has no direction field: what the client POSTed is under `request`, the answer under `response`,
// and what came on the server's SSE stream has `sseEvent` (its requests and notifications under `request` too).
// Grammar and the sources each shape was read from: test/fixtures/hosts/mcp-gateway/SOURCES.md.
import type { ToolCaptureDialect } from './types.js';

export const mcpGateway: ToolCaptureDialect<'mcp-gateway'> = {
  name: 'mcp-gateway',
  title: 'Fiberplane mcp-gateway: capture files (JSONL) and the web UI export',
  example:
    '{"timestamp":"2025-10-21T13:40:03.018Z","method":"tools/list","id":2,"metadata":{"serverName":"everything","sessionId":"7a0c4e2f91b84d6c8e3a5f1b2d9c0e47","durationMs":0,"httpStatus":0},"request":{"method":"tools/list","jsonrpc":"2.0","id":2}}',
  layout: { lines: [{ has: ['timestamp', 'method', 'metadata.serverName', 'metadata.sessionId'] }] },
  time: 'timestamp',
  session: ['{metadata.sessionId}'],
  server: '{metadata.serverName}',
  // The initialize request goes out before the server has issued an Mcp-Session-Id.
  provisionalSession: 'stateless',
  // The web UI lists and exports rows newest first; only its rows are tagged with `direction`.
  newestFirst: { has: ['direction'] },
  forms: [
    // The export: `direction` tags what a row holds, an SSE event's message is only in its `data` text.
    { when: { is: { direction: ['request'] }, has: ['request'] }, messages: [{ at: 'request', dir: 'c2s' }] },
    { when: { is: { direction: ['response'] }, has: ['response'] }, messages: [{ at: 'response', dir: 's2c' }] },
    {
      when: { is: { direction: ['sse-event'] }, has: ['sseEvent.data'] },
      messages: [{ at: 'sseEvent.data', dir: 's2c' }],
    },
    // Capture files: `sseEvent.data` repeats the message parsed beside it.
    { when: { has: ['sseEvent', 'request'] }, messages: [{ at: 'request', dir: 's2c' }] },
    { when: { has: ['sseEvent', 'response'] }, messages: [{ at: 'response', dir: 's2c' }] },
    { when: { has: ['request'] }, messages: [{ at: 'request', dir: 'c2s' }] },
    { when: { has: ['response'] }, messages: [{ at: 'response', dir: 's2c' }] },
    // An SSE event with no JSON-RPC in it (the stream's priming event, `method: "sse-event"`).
    {
      when: { has: ['sseEvent'] },
      event: { name: 'sse-event', data: ['sseEvent.id', 'sseEvent.event', 'metadata.httpStatus'] },
    },
  ],
};
