// The text transcript: a time, a direction marker, then the message.
import { TranscriptReader } from '../readers/transcript.js';
import type { FormatEntry } from './types.js';

export const transcript: FormatEntry<'transcript'> = {
  name: 'transcript',
  family: 'mcptrace',
  title: 'Text transcript: time, direction marker, then the message (pretty-printed allowed)',
  example: '[22:00:00.010] -> {"jsonrpc":"2.0","id":1,"method":"tools/list"}',
  detect: { by: 'verdict' },
  open: { lines: (ctx) => new TranscriptReader(ctx.file, { maxBytes: ctx.maxBytes, clockOffset: ctx.clockOffset }) },
};
