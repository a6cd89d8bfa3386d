// Inputs built around one long line, generated at test time: a JSON document whose first member fills its first line.

const MESSAGES = [
  {
    jsonrpc: '2.0',
    id: 0,
    method: 'initialize',
    params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'probe', version: '1.0.0' } },
  },
  {
    jsonrpc: '2.0',
    id: 0,
    result: {
      protocolVersion: '2025-06-18',
      capabilities: { tools: {} },
      serverInfo: { name: 'numbers', version: '0.3.1' },
    },
  },
  { jsonrpc: '2.0', method: 'notifications/initialized' },
  { jsonrpc: '2.0', id: 1, method: 'tools/list' },
  { jsonrpc: '2.0', id: 1, result: { tools: [{ name: 'sum', inputSchema: { type: 'object' } }] } },
];

/**
 * A pretty-printed JSON document whose first member is one line of numbers at least `bytes` long, then
 * `"messages": [...]` holding a handshake and a tools/list exchange (5 messages, each over several lines).
 */
export function documentWithLongFirstMember(bytes: number): string {
  const numbers: number[] = [];
  for (let i = 0, n = 0; n < bytes; i++) {
    numbers.push(i);
    n += String(i).length + 1;
  }
  const messages = MESSAGES.map((m) => JSON.stringify(m, null, 2).replace(/^/gm, '    ')).join(',\n');
  return `{"samples": [${numbers.join(',')}],\n  "messages": [\n${messages}\n  ]\n}\n`;
}
