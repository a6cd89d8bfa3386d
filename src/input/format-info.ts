// What each input format is, for `mcptrace formats`: a title and one example line per base format and per dialect.
import { TOOL_CAPTURES } from './tool-captures/index.js';
import { BASE_FORMATS, HTTP_FORMATS, type BaseFormat, type HttpFormat, type InputFormat } from './detect.js';
import { DIALECTS } from './dialects/index.js';

interface FormatInfo {
  name: InputFormat;
  /** `format`: mcptrace's own and the generic formats; `dialect`: a host's or tool's own log or capture (src/input/dialects/, tool-captures/). */
  kind: 'format' | 'dialect';
  title: string;
  example: string;
}

const BASE: Readonly<Record<BaseFormat | HttpFormat, { title: string; example: string }>> = {
  ndjson: {
    title: 'Raw NDJSON: one JSON-RPC message per line (a stdio stream)',
    example: '{"jsonrpc":"2.0","id":1,"method":"tools/list"}',
  },
  envelope: {
    title: 'Envelope NDJSON: a message per line with time and direction (mcptrace wrap --out)',
    example: '{"ts":"2026-11-29T22:00:00.010Z","dir":"c2s","line":"{\\"jsonrpc\\":\\"2.0\\",\\"id\\":1,\\"method\\":\\"tools/list\\"}"}',
  },
  transcript: {
    title: 'Text transcript: time, direction marker, then the message (pretty-printed allowed)',
    example: '[22:00:00.010] -> {"jsonrpc":"2.0","id":1,"method":"tools/list"}',
  },
  json: {
    title: 'JSON document: messages in an array, or under any key of an object, at any depth',
    example: '{"session":{"id":"s1","requests":[{"jsonrpc":"2.0","id":1,"method":"tools/list"}]}}',
  },
  har: {
    title: 'HAR 1.2: HTTP traffic a browser or tool recorded (Streamable HTTP, HTTP+SSE)',
    example:
      '{"log":{"version":"1.2","creator":{"name":"WebInspector"},"entries":[{"startedDateTime":"2026-11-29T22:00:00.010Z",' +
      '"request":{"method":"POST","url":"http://127.0.0.1:3001/mcp","headers":[],"postData":{"text":"{\\"jsonrpc\\":\\"2.0\\",\\"id\\":1,\\"method\\":\\"tools/list\\"}"}}}]}}',
  },
  curl: {
    title: 'curl -v transcript (or --trace, --trace-ascii): > and < heads, the body curl printed, the command line before it (Streamable HTTP, HTTP+SSE)',
    // Its lines, joined with ` · `: a transcript is no one line.
    example: '$ curl -v -N http://127.0.0.1:3001/mcp -d \'{"jsonrpc":"2.0","id":1,"method":"tools/list"}\' · > POST /mcp HTTP/1.1 · > Accept: application/json, text/event-stream · > Content-Length: 46 · > · < HTTP/1.1 200 OK · < Content-Type: text/event-stream · < · data: {"jsonrpc":"2.0","id":1,"result":{"tools":[]}}',
  },
  pcap: {
    title: 'Packet capture: pcap or pcapng (tcpdump -w, Wireshark); TCP reassembled, HTTP/1.1 and SSE read (Streamable HTTP, HTTP+SSE)',
    example: 'd4 c3 b2 a1 02 00 04 00 … (pcap), 0a 0d 0d 0a … (pcapng): told by its first bytes',
  },
};

/** Every input format: base formats, HTTP capture formats, then every dialect in detection's order, then every tool-capture dialect. */
export function formatInfos(): FormatInfo[] {
  return [
    ...[...BASE_FORMATS, ...HTTP_FORMATS].map((name) => ({ name, kind: 'format' as const, ...BASE[name] })),
    ...DIALECTS.map((d) => ({ name: d.name, kind: 'dialect' as const, title: d.title, example: d.example })),
    ...TOOL_CAPTURES.map((d) => ({ name: d.name, kind: 'dialect' as const, title: d.title, example: d.example })),
  ];
}
