// A packet capture's frames (`--input-format pcap`): its TCP streams read as HTTP and MCP, what the packet side noticed beside them.
import type { Frame } from '../../types.js';
import { StatusLines, type Status } from '../../util/status.js';
import type { Chunk } from '../lines/lines.js';
import { CaptureFindings } from './capture-findings.js';
import { captureStreamBatches } from './capture-streams.js';
import { httpFrameBatches, type ConnectionKinds } from './http/http-frames.js';
import type { StreamEvent } from './http/stream-event.js';

interface CaptureReadOptions {
  file: string;
  maxMessageBytes?: number;
  /**
   * The run's status channel, told about `file` after the last frame: a summary of the capture (packets, connections by
   * what they carried, what was not TCP), a line per kind of packet finding that made no record, then the HTTP reader's
   * lines (TLS, HTTP/2 …).
   */
  status?: Status;
}

/**
 * The frames of a packet capture, a batch at a time, in capture order. The packet side's StreamEvents go to the HTTP
 * reader (http-frames.ts), which makes the messages and events; a record's line is its packet's number. Damage to the
 * file is an `invalid-frame` record where it is (capture-findings.ts), put before the frames of the packets after it.
 */
export async function* captureFrameBatches(
  input: AsyncIterable<Chunk>,
  opts: CaptureReadOptions,
): AsyncGenerator<Frame[]> {
  const findings = new CaptureFindings(opts.file);
  const held: Frame[] = [];
  async function* streams(): AsyncGenerator<StreamEvent> {
    for await (const batch of captureStreamBatches(input)) {
      for (const e of batch) {
        if (e.kind === 'finding') {
          const f = findings.finding(e);
          if (f !== null) held.push(f);
        } else if (e.kind === 'counts') findings.end(e);
        else {
          if (e.kind === 'data' || e.kind === 'gap') findings.lastPacket = e.packet;
          yield e;
        }
      }
    }
  }
  // The HTTP reader's lines, told after the packet side's.
  const httpNotes = new StatusLines();
  let kinds: ConnectionKinds | null = null;
  const http = httpFrameBatches(streams(), opts.file, {
    maxMessageBytes: opts.maxMessageBytes,
    status: httpNotes,
    onConnections: (k) => {
      kinds = k;
    },
  });
  for await (const batch of http) {
    if (held.length === 0) yield batch;
    else yield [...held.splice(0), ...batch];
  }
  if (held.length > 0) yield held.splice(0);
  const { status } = opts;
  if (status === undefined) return;
  for (const line of findings.lines(kinds)) status.note(opts.file, line);
  for (const line of httpNotes.lines) status.note(line.source, line.text, line.kind);
}
