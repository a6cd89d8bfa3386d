// Every fixture of the tool-capture dialects (other tools' JSON captures), end to end: detection with no flag picks its
// dialect, the analyzer's counts are exactly its `.expect.json` (counting rules: the folder's SOURCES.md), every
// non-blank line of a JSONL capture is in exactly one record and every record of a JSON document is accounted for by
// records spanning exactly its lines, and 1-, 3-, 7-byte chunks, CRLF and `--input-format` give the same records.
import { describe, expect, it } from 'vitest';
import { toolCaptureNamed, TOOL_CAPTURE_NAMES } from '../../src/input/tool-captures/index.js';
import type { InputFormat } from '../../src/input/index.js';
import { detectInput } from '../../src/input/detect.js';
import type { Frame } from '../../src/types.js';
import { chunked, expectLinesCovered, isBlankLine, physicalLines, toCrlf } from './helpers.js';
import {
  COUNT_FIELDS,
  hostCases,
  hostCounts,
  isMessageRecord,
  recordsOf,
  type HostCase,
  type HostExpected,
} from './host-fixtures.js';

/** The tool-capture dialects' folders: every `*.jsonl` and `*.json` but the `.expect.json` files is a case. */
const TOOL_CAPTURE_DIRS = ['mcpspy', 'mcpsnoop', 'mcp-gateway', 'inspector', 'mcp-recorder'];

interface Expected extends HostExpected {
  /** Messages whose direction the capture does not state (the session stage infers it); default 0. */
  inferred?: number;
  /** Messages the capture names no server for; default 0. */
  serverless?: number;
}

type Case = HostCase<Expected>;

const ALL = hostCases<Expected>(TOOL_CAPTURE_DIRS, /(?<!\.expect)\.jsonl?$/);
/** A run over the case's bytes, read as the file (a dialect may read the server's name in the file's own name). */
const run = (c: Case, bytes = c.bytes, chunk = 0, inputFormat?: InputFormat) =>
  recordsOf(bytes, c.file, chunk, inputFormat);

const isDocument = (c: Case) => c.name.endsWith('.json');

/**
 * The line spans of a pretty-printed document's records: the elements of its top-level array, or of the array that
 * follows `key`. A small scanner of its own (brackets outside strings), so that the reader is not checked by itself.
 */
function recordSpans(bytes: Buffer, key: string): Array<{ first: number; last: number }> {
  const lines = physicalLines(bytes);
  const spans: Array<{ first: number; last: number }> = [];
  let depth = 0;
  let inside = key === '' ? 1 : -1; // the depth at which the records sit, once their array has opened
  let open = -1;
  let lastString = '';
  lines.forEach((text, i) => {
    for (let j = 0; j < text.length; j++) {
      const ch = text[j]!;
      if (ch === '"') {
        let k = j + 1;
        while (k < text.length && text[k] !== '"') k += text[k] === '\\' ? 2 : 1;
        lastString = text.slice(j + 1, k);
        j = k;
      } else if (ch === '{' || ch === '[') {
        if (inside < 0 && ch === '[' && depth === 1 && lastString === key) inside = depth + 1;
        else if (depth === inside && open < 0) open = i + 1;
        depth++;
      } else if (ch === '}' || ch === ']') {
        depth--;
        if (depth === inside && open > 0) {
          spans.push({ first: open, last: i + 1 });
          open = -1;
        }
      }
    }
  });
  return spans;
}

describe('tool-capture dialect fixtures', () => {
  it('there are fixtures for every tool-capture dialect, and each is tested', () => {
    expect(new Set(ALL.map((c) => c.expected.dialect))).toEqual(new Set(TOOL_CAPTURE_NAMES));
    expect(TOOL_CAPTURE_DIRS.sort()).toEqual([...TOOL_CAPTURE_NAMES].sort());
    expect(ALL.length).toBeGreaterThanOrEqual(11);
  });

  describe.each(ALL.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    const dialect = toolCaptureNamed(c.expected.dialect)!;

    it('is detected as its dialect with no flag, from its first lines', async () => {
      const d = await detectInput(chunked(c.bytes, 7));
      expect(d.format).toBe(c.expected.dialect);
      expect(d.conclusive).toBe(true);
    });

    it('gives exactly the counts of its .expect.json', async () => {
      const records = await run(c);
      const got = hostCounts(records);
      for (const f of COUNT_FIELDS) expect(got[f], f).toEqual(c.expected[f]);
      expect(records.every((r) => r.format === c.expected.dialect)).toBe(true);
      // Nothing a tool wrote is an error of the capture.
      expect(records.filter((r) => r.kind === 'invalid')).toEqual([]);
      const msgs = records.filter(isMessageRecord);
      // The capture states every direction, and names every server, but where its expect file says it does not.
      expect(msgs.filter((r) => r.dirInferred).length, 'inferred').toBe(c.expected.inferred ?? 0);
      expect(msgs.filter((r) => r.server === null).length, 'serverless').toBe(c.expected.serverless ?? 0);
      if (typeof dialect.time === 'object') {
        // A running clock: no dates, but every pair has its latency.
        expect(msgs.every((r) => r.ts === null)).toBe(true);
        expect(msgs.filter((r) => r.pair !== null && r.kind !== 'request').every((r) => r.latencyMs !== null)).toBe(
          true,
        );
      } else for (const r of msgs) expect(r.ts, r.source).not.toBeNull();
    });

    it(isDocumentLabel(c), async () => {
      const records = await run(c, c.bytes, 3);
      const spans = records.map((r) => ({ line: r.wire.line, lines: r.wire.lines }) as Frame);
      if (!isDocument(c)) {
        expectLinesCovered(spans, c.bytes, isBlankLine);
        return;
      }
      const layout = 'document' in dialect.layout ? dialect.layout.document : null;
      const elements = recordSpans(c.bytes, layout!.elements);
      expect(elements.length).toBe(documentRecords(c).length);
      const owner = new Map<number, number>();
      spans.forEach((s, i) => {
        expect(s.lines, `record ${i} at line ${s.line}`).toBeGreaterThanOrEqual(1);
        const e = elements.findIndex((x) => s.line >= x.first && s.line + s.lines - 1 <= x.last);
        expect(e, `record ${i} at line ${s.line} lies in no element`).toBeGreaterThanOrEqual(0);
        for (let n = s.line; n < s.line + s.lines; n++) {
          expect(owner.has(n), `line ${n} is in two records`).toBe(false);
          owner.set(n, e);
        }
      });
      for (const [e, x] of elements.entries())
        for (let n = x.first; n <= x.last; n++) expect(owner.get(n), `line ${n} of element ${e}`).toBe(e);
    });

    it('gives the same records in 1-, 3- and 7-byte chunks, with CRLF, and with --input-format', async () => {
      const whole = await run(c);
      for (const size of [1, 3, 7]) expect(await run(c, c.bytes, size), `chunk ${size}`).toEqual(whole);
      const crlf = toCrlf(c.bytes);
      for (const size of [0, 7]) expect(await run(c, crlf, size), `CRLF chunk ${size}`).toEqual(whole);
      expect(await run(c, c.bytes, 5, c.expected.dialect)).toEqual(whole);
    });
  });
});

function isDocumentLabel(c: Case): string {
  return isDocument(c)
    ? 'accounts for every record of the document, each by records spanning exactly its lines'
    : 'puts every non-blank line in exactly one record';
}

/** The records of a JSON document fixture, as JSON.parse reads them. */
function documentRecords(c: Case): unknown[] {
  const doc = JSON.parse(c.bytes.toString('utf8')) as unknown;
  if (Array.isArray(doc)) return doc;
  const layout = toolCaptureNamed(c.expected.dialect)!.layout;
  return (doc as Record<string, unknown[]>)['document' in layout ? layout.document.elements : '']!;
}
