// HAR 1.2: HTTP traffic a browser or tool recorded, read as exchanges (../capture/har.ts).
import { looksLikeHar } from '../capture/har/har-document.js';
import { readHarBatches } from '../capture/har/har.js';
import type { FormatEntry } from './types.js';

export const har: FormatEntry<'har'> = {
  name: 'har',
  family: 'http',
  title: 'HAR 1.2: HTTP traffic a browser or tool recorded (Streamable HTTP, HTTP+SSE)',
  example:
    '{"log":{"version":"1.2","creator":{"name":"WebInspector"},"entries":[{"startedDateTime":"2026-11-29T22:00:00.010Z",' +
    '"request":{"method":"POST","url":"http://127.0.0.1:3001/mcp","headers":[],"postData":{"text":"{\\"jsonrpc\\":\\"2.0\\",\\"id\\":1,\\"method\\":\\"tools/list\\"}"}}}]}}',
  // A HAR file is one JSON document whose first key is `log`: its start says so, whatever its first line looked like.
  detect: { by: 'start', test: looksLikeHar },
  open: {
    batches: (input, ctx) =>
      readHarBatches(input, { file: ctx.file, maxMessageBytes: ctx.maxBytes, status: ctx.status, onEnd: ctx.onEnd }),
  },
};
