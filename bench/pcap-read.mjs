// The packet stage alone on a capture file: pcap/pcapng blocks, link layers, IP and TCP reassembly into StreamEvents, consumed and counted.
//
//   node bench/pcap-read.mjs FILE     # prints the counts note and the bytes of the streams (needs `npm run build`)
import { createReadStream } from 'node:fs';
import { captureStreamBatches } from '../dist/src/input/capture/capture-streams.js';

const file = process.argv[2];
let events = 0;
let bytes = 0;
let counts = null;
for await (const batch of captureStreamBatches(createReadStream(file, { highWaterMark: 256 * 1024 }))) {
  events += batch.length;
  for (const e of batch) {
    if (e.kind === 'data') bytes += e.bytes.length;
    else if (e.kind === 'counts') counts = e;
  }
}
console.log(JSON.stringify({ events, streamBytes: bytes, counts }));
