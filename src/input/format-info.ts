// What each input format is, for `mcptrace formats`: a title and one example line per base format and per dialect.
import { BASE_FORMATS, type BaseFormat, type InputFormat } from './detect.js';
import { DIALECTS } from './dialects/index.js';

interface FormatInfo {
  name: InputFormat;
  /** `format`: mcptrace's own and the generic formats; `dialect`: a host's or tool's own log (src/input/dialects/). */
  kind: 'format' | 'dialect';
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
    title: 'JSON document: messages in an array, or under any key of an object, at any depth',
    example: '{"session":{"id":"s1","requests":[{"jsonrpc":"2.0","id":1,"method":"tools/list"}]}}',
  },
};

/** Every input format, base formats first, then every dialect in detection's order. */
export function formatInfos(): FormatInfo[] {
  return [
    ...BASE_FORMATS.map((name) => ({ name, kind: 'format' as const, ...BASE[name] })),
    ...DIALECTS.map((d) => ({ name: d.name, kind: 'dialect' as const, title: d.title, example: d.example })),
  ];
}
