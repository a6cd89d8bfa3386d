// Envelope NDJSON: a message per line with its time and direction, as `mcptrace wrap --out` and `proxy --out` write it.
import { EnvelopeReader } from '../readers/envelope.js';
import type { FormatEntry } from './types.js';

export const envelope: FormatEntry<'envelope'> = {
  name: 'envelope',
  family: 'mcptrace',
  title: 'Envelope NDJSON: a message per line with time and direction (mcptrace wrap --out)',
  example:
    '{"ts":"2026-11-29T22:00:00.010Z","dir":"c2s","line":"{\\"jsonrpc\\":\\"2.0\\",\\"id\\":1,\\"method\\":\\"tools/list\\"}"}',
  detect: { by: 'verdict' },
  open: { lines: (ctx) => new EnvelopeReader(ctx.file, ctx.maxBytes, ctx.clockOffset) },
};
