// Raw NDJSON: one JSON-RPC message per line, as a stdio transport carries them.
import { NdjsonReader } from '../readers/ndjson.js';
import type { FormatEntry } from './types.js';

export const ndjson: FormatEntry<'ndjson'> = {
  name: 'ndjson',
  family: 'generic',
  title: 'Raw NDJSON: one JSON-RPC message per line (a stdio stream)',
  example: '{"jsonrpc":"2.0","id":1,"method":"tools/list"}',
  detect: { by: 'verdict' },
  open: { lines: (ctx) => new NdjsonReader(ctx.file, ctx.maxBytes) },
};
