// The benchmark's floor: the least any log tool must do — read the file, split it into lines, JSON.parse each one.
//
//   node bench/floor.mjs FILE [--transcript | --host]
//
// Plain and fast, as one would write it by hand: a 256 KiB read stream decoded as UTF-8, lines cut with indexOf,
// each non-blank line parsed with JSON.parse, nothing kept. NDJSON and envelope lines are parsed whole (for an
// envelope that is the envelope, not the message inside it). Transcript lines are parsed from their first `{` or `[`
// (`[22:36:49.220] -> {…}`); lines that are not JSON by themselves (pretty-printed parts, events without data) are
// skipped without a parse. Prints the number of values parsed to stderr.
import { createReadStream } from 'node:fs';

const [file, mode] = process.argv.slice(2);
if (!file) {
  process.stderr.write('usage: node bench/floor.mjs FILE [--transcript]\n');
  process.exit(2);
}
const transcript = mode === '--transcript';
// A host log (`--host`, Claude Desktop): the JSON of a `Message from …:` line, from its first `{` to the end, less
// the ` { metadata: undefined }` the host appends; other lines (launch, dump, stderr) are skipped without a parse.
const host = mode === '--host';
const SUFFIX = ' { metadata: undefined }';

let parsed = 0;
let rest = '';

function line(text) {
  if (host) {
    const m = text.indexOf('Message from ');
    if (m < 0) return;
    const at = text.indexOf('{', m);
    if (at < 0) return;
    JSON.parse(text.slice(at, text.endsWith(SUFFIX) ? text.length - SUFFIX.length : text.length));
    parsed++;
    return;
  }
  if (!transcript) {
    if (text.length > 0) {
      JSON.parse(text);
      parsed++;
    }
    return;
  }
  // A record line starts with its timestamp or marker; the JSON follows the marker.
  const c = text.charCodeAt(0);
  if (c !== 0x5b /* [ */) return;
  const close = text.indexOf('] ');
  if (close < 0) return;
  let at = text.indexOf(' ', close + 2);
  if (at < 0) return;
  at++;
  const first = text.charCodeAt(at);
  if (first !== 0x7b && first !== 0x5b) return;
  const last = text.charCodeAt(text.length - 1);
  if (last !== 0x7d && last !== 0x5d) return;
  JSON.parse(at === 0 ? text : text.slice(at));
  parsed++;
}

const stream = createReadStream(file, { highWaterMark: 256 * 1024, encoding: 'utf8' });
for await (const chunk of stream) {
  let start = 0;
  let text = rest + chunk;
  for (let nl = text.indexOf('\n'); nl >= 0; nl = text.indexOf('\n', start)) {
    line(text.slice(start, nl));
    start = nl + 1;
  }
  rest = text.slice(start);
  text = '';
}
if (rest !== '') line(rest);
process.stderr.write(`${parsed}\n`);
