// MCPSpy's JSONL output (`mcpspy -o FILE.jsonl`): Go-marshalled events of an eBPF trace of stdio pipes and HTTP bodies.
//
// No direction field: a pipe's ends are processes (the one that sends `initialize` is the client), an HTTP body is
// the request's when `is_request` says so, and 0.x wrote nothing for HTTP. `raw` is the exact wire text (the parsed
// fields beside it are Go's re-encoding: sorted keys, an empty `result` dropped, `"error":{}` on every line).
// Grammar and the sources each shape was read from: test/fixtures/hosts/mcpspy/SOURCES.md.
import type { ToolCaptureDialect, Shape } from './types.js';

const MCP_EVENT: Shape = {
  has: ['timestamp', 'transport_type', 'type'],
  is: { type: ['request', 'response', 'notification'] },
};
/** MCPSpy's LLM traffic events (pkg/event/llm.go), written to the same output. */
const LLM_EVENT: Shape = { has: ['timestamp', 'message_type', 'comm'], lacks: ['transport_type'] };

export const mcpspy: ToolCaptureDialect<'mcpspy'> = {
  name: 'mcpspy',
  title: 'MCPSpy: its JSONL output (mcpspy -o FILE.jsonl)',
  example:
    '{"timestamp":"2025-11-03T09:14:02.586000231+01:00","transport_type":"stdio","stdio_transport":{"from_pid":51877,"from_comm":"cursor","to_pid":51890,"to_comm":"node"},"type":"request","id":1,"method":"tools/list","error":{},"raw":"{\\"method\\":\\"tools/list\\",\\"jsonrpc\\":\\"2.0\\",\\"id\\":1}"}',
  layout: { lines: [MCP_EVENT, LLM_EVENT] },
  time: 'timestamp',
  // MCPSpy's own key (the Mcp-Session-Id, `external_id`, is not on a session's first request); 0.x: the pipe.
  session: [
    '{session.internal_id}',
    {
      c2s: 'pipe {stdio_transport.from_pid}-{stdio_transport.to_pid}',
      s2c: 'pipe {stdio_transport.to_pid}-{stdio_transport.from_pid}',
    },
  ],
  forms: [
    { when: LLM_EVENT, log: { text: '{comm} (pid {pid}) LLM {message_type}: {content}' } },
    {
      when: { has: ['raw', 'stdio_transport'] },
      messages: [{ at: 'raw', dir: { peers: { from: 'stdio_transport.from_pid', to: 'stdio_transport.to_pid' } } }],
      server: {
        c2s: '{stdio_transport.to_comm} (pid {stdio_transport.to_pid})',
        s2c: '{stdio_transport.from_comm} (pid {stdio_transport.from_pid})',
      },
    },
    // `is_request` is omitempty: present (true) on a request body, absent on a response body.
    {
      when: { has: ['raw', 'http_transport'] },
      messages: [{ at: 'raw', dir: { path: 'http_transport.is_request', map: { true: 'c2s' }, otherwise: 's2c' } }],
      server: '{http_transport.host}',
    },
    // 0.x HTTP: nothing says which way the body went; the session stage infers it.
    { when: { has: ['raw'] }, messages: [{ at: 'raw', dir: 'unknown' }] },
  ],
};
