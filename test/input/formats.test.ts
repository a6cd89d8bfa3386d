// The format registry (src/input/formats/): one entry per input format, and `--input-format`, detection and reading go
// through it.
import { describe, expect, it } from 'vitest';
import { DIALECTS } from '../../src/input/dialects/index.js';
import { FORMATS, formatNamed } from '../../src/input/formats/index.js';
import { FAMILY_KINDS } from '../../src/input/formats/types.js';
import { INPUT_FORMATS } from '../../src/input/index.js';
import { lineReader, readFrames } from '../../src/input/read.js';
import { TOOL_CAPTURES } from '../../src/input/tool-captures/index.js';
import type { Frame } from '../../src/types.js';
import { chunked } from './helpers.js';

describe('format registry', () => {
  it('holds every input format once: the built-in ones, then the dialects and the tool captures in their own order', () => {
    expect(FORMATS.map((f) => f.name)).toEqual(INPUT_FORMATS);
    expect(new Set(INPUT_FORMATS).size).toBe(INPUT_FORMATS.length);
    expect(FORMATS.slice(7).map((f) => f.name)).toEqual([...DIALECTS, ...TOOL_CAPTURES].map((d) => d.name));
    for (const f of FORMATS) {
      expect(formatNamed(f.name)).toBe(f);
      expect(Object.keys(FAMILY_KINDS), f.name).toContain(f.family);
    }
  });

  it('a dialect or a tool capture is an entry made from its data: name, family, title, example', () => {
    for (const d of DIALECTS) {
      expect(formatNamed(d.name), d.name).toMatchObject({
        name: d.name,
        family: d.family,
        title: d.title,
        example: d.example,
        detect: { by: 'score' },
      });
    }
    for (const d of TOOL_CAPTURES) {
      expect(formatNamed(d.name), d.name).toMatchObject({
        name: d.name,
        family: 'tool-capture',
        title: d.title,
        example: d.example,
        detect: { by: 'shape' },
      });
    }
  });

  it('each entry says how it is read: by lines (with a document form for a dialect that has one), as a document, or by its own reader', () => {
    const how = (name: (typeof INPUT_FORMATS)[number]) => {
      const open = formatNamed(name).open;
      return 'batches' in open
        ? 'batches'
        : 'lines' in open
          ? open.document
            ? 'lines+document'
            : 'lines'
          : 'document';
    };
    expect(
      ['ndjson', 'envelope', 'transcript', 'json', 'har', 'pcap', 'curl'].map((n) =>
        how(n as (typeof INPUT_FORMATS)[number]),
      ),
    ).toEqual(['lines', 'lines', 'lines', 'document', 'batches', 'batches', 'batches']);
    for (const d of DIALECTS) expect(how(d.name), d.name).toBe(d.entries ? 'lines+document' : 'lines');
    for (const d of TOOL_CAPTURES) expect(how(d.name), d.name).toBe('document' in d.layout ? 'document' : 'lines');
  });

  it('lineReader gives the reader of a format read by lines, and refuses one read otherwise', () => {
    for (const f of FORMATS) {
      if ('lines' in f.open) expect(() => lineReader(f.name, 'x'), f.name).not.toThrow();
      else expect(() => lineReader(f.name, 'x'), f.name).toThrow(`${f.name} is not read by lines`);
    }
  });

  it('every format forced with --input-format reads its own example line, in 7-byte chunks, into its one record', async () => {
    // A packet capture's example is its first bytes in hex; a curl transcript's, its lines joined (test/cli/formats).
    for (const f of FORMATS.filter((x) => x.name !== 'pcap' && x.name !== 'curl')) {
      const frames: Frame[] = [];
      for await (const fr of readFrames(chunked(Buffer.from(`${f.example}\n`), 7), { file: 'example', format: f.name }))
        frames.push(fr);
      expect(
        frames.map((fr) => fr.error ?? null),
        f.name,
      ).toEqual([null]);
      // A host that logs no JSON-RPC: its example is one of its events (the line that starts a server, or for a host
      // that writes none, Codex, a failure to start). Else a summary's method (its text may name it otherwise: rmcp's
      // `ListToolsRequestMethod`), or a message's text (JSON) or parsed value.
      const fr = frames[0]!;
      if (DIALECTS.find((d) => d.name === f.name)?.markers.length === 0) expect(fr.event?.name, f.name).toBeDefined();
      else expect(fr.summary?.method ?? fr.text ?? JSON.stringify(fr.value), f.name).toContain('tools/list');
    }
  });
});
