import { test } from 'vitest';
import { createReadStream } from 'node:fs';
import { readFrames } from '../../src/input/index.js';
test('scratch', async () => {
  for (const f of ['everything.envelope.ndjson','everything.json','everything.ndjson','everything.transcript.txt','memory.envelope.ndjson']) {
    let fmt = '';
    const frames = [];
    for await (const fr of readFrames(createReadStream('samples/' + f), { file: f, onFormat: (x) => (fmt = x) })) frames.push(fr);
    console.log(f, fmt, frames.length, frames.filter((x) => x.error).length, JSON.stringify(frames.slice(0, 3)).slice(0, 600));
    console.log(JSON.stringify(frames.slice(-2)).slice(0, 400));
  }
});
