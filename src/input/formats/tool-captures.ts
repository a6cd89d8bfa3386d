// The tool-capture dialects (../tool-captures/) as entries of the registry: a capture dialect stays data, and this is
// how any of them is detected and read (by lines of JSONL, or as one document, as its layout says).
import { isDocumentToolCapture } from '../tool-captures/index.js';
import { ToolCaptureDocumentReader } from '../tool-captures/document.js';
import { ToolCaptureLineReader } from '../tool-captures/jsonl.js';
import type { ToolCaptureDialect } from '../tool-captures/types.js';
import type { FormatEntry } from './types.js';

export function toolCaptureFormat<Name extends string>(d: ToolCaptureDialect<Name>): FormatEntry<Name> {
  return {
    name: d.name,
    family: 'tool-capture',
    title: d.title,
    example: d.example,
    detect: { by: 'shape' },
    open: isDocumentToolCapture(d)
      ? { document: (ctx) => new ToolCaptureDocumentReader(d, ctx.file, { maxBytes: ctx.maxBytes }) }
      : { lines: (ctx) => new ToolCaptureLineReader(d, ctx.file, ctx.maxBytes) },
  };
}
