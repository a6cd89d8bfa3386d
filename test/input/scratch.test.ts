import { test } from 'vitest';
import { readFileSync, readdirSync } from 'node:fs';
import { readFrames } from '../../src/input/index.js';
test('scratch', async () => {
  for (const d of ['ndjson','envelope','transcript','json']) for (const f of readdirSync('test/fixtures/input/' + d)) {
    let fmt = '';
    const frames = [];
    async function* src() { yield readFileSync(`test/fixtures/input/${d}/${f}`); }
    for await (const fr of readFrames(src(), { file: f, onFormat: (x) => (fmt = x) })) frames.push(fr);
    console.log('=====', f, fmt, frames.length);
    for (const fr of frames) console.log(JSON.stringify({ ...fr, file: undefined }));
  }
});
