// A `curl -v` transcript (or `--trace`, `--trace-ascii`), read as exchanges (../capture/curl.ts).
import { isCurlLine } from '../capture/curl/curl-lines.js';
import { readCurlBatches } from '../capture/curl/curl.js';
import type { FormatEntry } from './types.js';

export const curl: FormatEntry<'curl'> = {
  name: 'curl',
  family: 'http',
  title:
    'curl -v transcript (or --trace, --trace-ascii): > and < heads, the body curl printed, the command line before it (Streamable HTTP, HTTP+SSE)',
  // Its lines, joined with ` · `: a transcript is no one line.
  example:
    '$ curl -v -N http://127.0.0.1:3001/mcp -d \'{"jsonrpc":"2.0","id":1,"method":"tools/list"}\' · > POST /mcp HTTP/1.1 · > Accept: application/json, text/event-stream · > Content-Length: 46 · > · < HTTP/1.1 200 OK · < Content-Type: text/event-stream · < · data: {"jsonrpc":"2.0","id":1,"result":{"tools":[]}}',
  // A `curl -v` head's first line, or a trace block's: no other log writes those.
  detect: { by: 'line', test: isCurlLine },
  open: {
    batches: (input, ctx) =>
      readCurlBatches(input, { file: ctx.file, maxMessageBytes: ctx.maxBytes, status: ctx.status, onEnd: ctx.onEnd }),
  },
};
