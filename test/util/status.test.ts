// The run's status channel: each stage writes its lines with the input they are about, once, to the channel the run
// was given; a caller that gives none finds them on `analyzer.status`; `onNote` still hears the notes.
import { readFileSync } from 'node:fs';
import { Readable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { analyze, analyzeStreamBatches } from '../../src/analyze-stream.js';
import { Analyzer, type InputSummary } from '../../src/analyzer.js';
import { StatusLines, type StatusLine } from '../../src/util/status.js';

const LOG = readFileSync('samples/everything.ndjson');
const cutGzip = () => {
  const z = gzipSync(LOG);
  return z.subarray(0, z.length >> 1);
};
const chunks = (b: Buffer) => Readable.from([b]);

describe('status channel', () => {
  it('files read as one input: each line names the file it is about, and the input ends on the channel', async () => {
    const lines: StatusLine[] = [];
    const ended: InputSummary[] = [];
    const analyzer = new Analyzer({
      status: {
        note: (source, text, kind = 'note') => lines.push({ source, text, kind }),
        inputEnd: (i) => ended.push(i),
      },
    });
    const parts = [
      { file: 'log.2', bytes: chunks(readFileSync('/bin/true')) },
      { file: 'log.1.gz', bytes: chunks(cutGzip()) },
      { file: 'log', bytes: chunks(LOG) },
    ];
    for await (const _ of analyzeStreamBatches(analyzer, parts, 'log')) {
    }
    expect(lines.map((l) => [l.source, l.kind, l.text.replace(/after \d+ bytes/, 'after N bytes')])).toEqual([
      ['log.2', 'note', 'not a log: ELF executable'],
      [
        'log.1.gz',
        'note',
        'gzip-compressed: the compressed data ends early after N bytes of content; read up to there',
      ],
    ]);
    expect(ended).toHaveLength(1);
    expect(ended[0]).toMatchObject({ file: 'log', format: 'ndjson' });
    expect(ended[0]!.messages).toBeGreaterThan(0);
  });

  it('a library caller that gives no channel finds the lines on analyzer.status; onNote hears the notes', async () => {
    const analyzer = new Analyzer();
    for await (const _ of analyzeStreamBatches(analyzer, chunks(cutGzip()), 'x.gz')) {
    }
    expect(analyzer.status).toBeInstanceOf(StatusLines);
    expect((analyzer.status as StatusLines).lines).toEqual([
      { source: 'x.gz', text: expect.stringMatching(/^gzip-compressed: the compressed data ends early/), kind: 'note' },
    ]);
    const heard: string[][] = [];
    await analyze(chunks(cutGzip()), { file: 'y.gz', onNote: (file, text) => heard.push([file, text]) });
    expect(heard).toEqual([['y.gz', (analyzer.status as StatusLines).lines[0]!.text]]);
  });
});
