// mcp-recorder's cassettes: one JSON document, `interactions` holding each request with its response.
//
// A cassette keeps no time of a message, only each exchange's `latency_ms`: times are counted from the recording's
// start (ts null) so that latencies are right. Grammar and the sources each shape was read from:
// test/fixtures/hosts/mcp-recorder/SOURCES.md.
import type { ToolCaptureDialect } from './types.js';

export const mcpRecorder: ToolCaptureDialect<'mcp-recorder'> = {
  name: 'mcp-recorder',
  title: 'mcp-recorder: a cassette (JSON, interactions with latency_ms)',
  example:
    '{"version":"1.0","metadata":{"recorded_at":"2026-02-17T20:25:23.855390+00:00","server_url":"http://127.0.0.1:3001","protocol_version":"2025-11-25","server_info":{"name":"mcp-servers/everything","version":"2.0.0"}},"interactions":[{"type":"jsonrpc_request","request":{"method":"tools/list","jsonrpc":"2.0","id":1},"response":null,"latency_ms":0}]}',
  layout: {
    document: {
      elements: 'interactions',
      header: ['metadata'],
      root: { has: ['version', 'metadata', 'interactions'] },
      first: { is: { type: ['jsonrpc_request', 'notification', 'lifecycle'] } },
    },
  },
  time: { running: 'latency_ms' },
  server: '{/metadata.server_info.name}',
  forms: [
    // An HTTP exchange with no JSON-RPC: `DELETE /mcp` ends the session, `GET /mcp` is the server's stream.
    {
      when: { is: { type: ['lifecycle'] } },
      event: { name: 'http-{http_method}', data: ['http_method', 'http_path', 'response_status', 'latency_ms'] },
    },
    // A request and its response (or error), or a notification (`response` null).
    {
      when: { has: ['request'] },
      messages: [
        { at: 'request', dir: 'c2s' },
        { at: 'response', dir: 's2c', after: 'latency_ms' },
      ],
    },
  ],
};
