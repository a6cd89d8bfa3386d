// A JSON document that holds messages anywhere in it, streamed.
import { JsonDocumentReader } from '../json/json-document.js';
import type { FormatEntry } from './types.js';

export const json: FormatEntry<'json'> = {
  name: 'json',
  family: 'generic',
  title: 'JSON document: messages in an array, or under any key of an object, at any depth',
  example: '{"session":{"id":"s1","requests":[{"jsonrpc":"2.0","id":1,"method":"tools/list"}]}}',
  detect: { by: 'verdict' },
  open: { document: (ctx) => new JsonDocumentReader(ctx.file, { maxBytes: ctx.maxBytes }) },
};
