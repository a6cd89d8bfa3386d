// What each input format is, for `mcptrace formats`: a title and one example line per base format and per dialect.
import { CAPTURE_FORMATS, type CaptureFormat } from './capture/capture-magic.js';
import { BASE_FORMATS, type BaseFormat, type InputFormat } from './detect.js';
import { DIALECTS } from './dialects/index.js';

interface FormatInfo {
  name: InputFormat;
  /**
   * `format`: mcptrace's own and the generic formats; `dialect`: a host's or tool's own log (src/input/dialects/);
   * `capture`: a binary capture of network traffic (src/input/capture/), whose example is its first bytes in hex.
   */
  kind: 'format' | 'dialect' | 'capture';
  title: string;
  example: string;
}

const BASE: Readonly<Record<BaseFormat, { title: string; example: string }>> = {
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
    title: 'JSON document: an array of messages, or an object holding one',
    example: '{"messages":[{"jsonrpc":"2.0","id":1,"method":"tools/list"}]}',
  },
};

const CAPTURES: Readonly<Record<CaptureFormat, { title: string; example: string }>> = {
  pcap: {
    title: 'Packet capture: pcap or pcapng (tcpdump -w, Wireshark), TCP streams reassembled',
    example: 'd4 c3 b2 a1 02 00 04 00 … (pcap), 0a 0d 0d 0a … (pcapng)',
  },
};

/** Every input format, base formats first, then every dialect in detection's order, then the captures. */
export function formatInfos(): FormatInfo[] {
  return [
    ...BASE_FORMATS.map((name) => ({ name, kind: 'format' as const, ...BASE[name] })),
    ...DIALECTS.map((d) => ({ name: d.name, kind: 'dialect' as const, title: d.title, example: d.example })),
    ...CAPTURE_FORMATS.map((name) => ({ name, kind: 'capture' as const, ...CAPTURES[name] })),
  ];
}
