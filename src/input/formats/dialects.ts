// The text-log dialects (../dialects/) as entries of the registry: a dialect stays data, and this is how any of them is
// detected and read.
import { DialectReader } from '../dialects/engine.js';
import { EntryReader } from '../dialects/entries.js';
import type { Dialect } from '../dialects/types.js';
import { JsonDocumentReader } from '../json/json-document.js';
import type { FormatEntry, FormatOpen } from './types.js';

export function dialectFormat<Name extends string>(d: Dialect<Name>): FormatEntry<Name> {
  const lines = (ctx: { file: string; maxBytes: number }) => new DialectReader(d, ctx.file, { maxBytes: ctx.maxBytes });
  // A dialect with a JSON form (Claude Code's cache file) is read as a document when the input opens as one.
  const open: FormatOpen =
    d.entries === undefined
      ? { lines }
      : {
          lines,
          document: (ctx) =>
            new JsonDocumentReader(ctx.file, { maxBytes: ctx.maxBytes, entries: new EntryReader(d, ctx.file) }),
        };
  return { name: d.name, family: d.family, title: d.title, example: d.example, detect: { by: 'score' }, open };
}
