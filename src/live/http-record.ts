// A frame of the HTTP reader as the envelope record `mcptrace proxy --out` writes (docs/formats.md §2), read back the same.
import type { Frame } from '../types.js';

type Envelope = Record<string, unknown>;

/**
 * The record that the envelope reader turns back into this frame: keys `ts`, `dir` or `event`, then `session` (when the
 * exchange has one), the message's wire text as `line`, and `http`. A body the reader found broken keeps its text with
 * `invalid` (why), or `truncated` and `bytes` (its true size) when it passed `--max-line`. An event's data goes beside
 * its name, as wrap writes it; McpHttp's data keys are none of those the reader takes for itself.
 */
export function frameRecord(f: Frame): Envelope {
  const r: Envelope = { ts: f.ts };
  if (f.event !== undefined) {
    r.event = f.event.name;
    r.dir = f.dir;
    if (f.session !== null) r.session = f.session;
    if (f.event.data !== undefined) Object.assign(r, f.event.data);
  } else {
    r.dir = f.dir;
    if (f.session !== null) r.session = f.session;
    r.line = f.text ?? '';
    if (f.oversized === true) {
      r.truncated = true;
      r.bytes = f.bytes;
    } else if (f.error !== undefined) r.invalid = f.error;
  }
  if (f.http !== undefined) r.http = f.http;
  return r;
}
