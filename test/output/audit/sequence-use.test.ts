// A run keeps only the sequence steps its report format prints (limitsFor, AUDIT_SEQUENCE_USE), and the reports come out the same.
import { describe, expect, it } from 'vitest';
import { DEFAULT_AUDIT_LIMITS, limitsFor } from '../../../src/audit/collector.js';
import { createPalette } from '../../../src/output/color.js';
import {
  AUDIT_CHUNK_RENDERERS,
  AUDIT_FORMATS,
  AUDIT_RENDERERS,
  AUDIT_SEQUENCE_USE,
} from '../../../src/output/audit/renderers.js';
import { reportOf } from '../../helpers/audit.js';
import { badFixtures, SAMPLE } from './support.js';

const ctx = { palette: createPalette(false) };
const LOGS = [SAMPLE, 'samples/memory.envelope.ndjson', ...badFixtures().map(([, f]) => f)];

describe('limitsFor', () => {
  it('keeps everything for bodies, no bodies for steps, no steps for none; stories only with bodies (the HTML report)', () => {
    expect(limitsFor('bodies')).toEqual(DEFAULT_AUDIT_LIMITS);
    expect(limitsFor('steps')).toEqual({ ...DEFAULT_AUDIT_LIMITS, bodyChars: 0, stories: 0 });
    expect(limitsFor('none')).toEqual({
      ...DEFAULT_AUDIT_LIMITS,
      sequenceHead: 0,
      sequenceTail: 0,
      bodyChars: 0,
      stories: 0,
    });
  });

  it('without steps, a session still counts its messages (all elided) and keeps its matrix and counts', async () => {
    const full = await reportOf(SAMPLE);
    const none = await reportOf(SAMPLE, { limits: limitsFor('none') });
    expect(none.sessions).toHaveLength(full.sessions.length);
    none.sessions.forEach((s, i) => {
      const f = full.sessions[i]!;
      expect(s.sequence).toEqual({
        head: [],
        tail: [],
        elided: f.sequence.head.length + f.sequence.tail.length + f.sequence.elided,
      });
      expect(s.capabilities).toEqual(f.capabilities);
      expect(s.counts).toEqual(f.counts);
    });
    expect(none.findings).toEqual(full.findings);
  });

  it('steps without bodies are the same steps', async () => {
    const full = await reportOf(SAMPLE);
    const steps = await reportOf(SAMPLE, { limits: limitsFor('steps') });
    expect(full.sessions.length).toBeGreaterThan(0);
    expect(steps.sessions).toHaveLength(full.sessions.length);
    steps.sessions.forEach((s, i) => {
      const f = full.sessions[i]!.sequence;
      const strip = (list: typeof f.head) => list.map((x) => ({ ...x, body: null }));
      expect(s.sequence).toEqual({ head: strip(f.head), tail: strip(f.tail), elided: f.elided });
    });
  });

  it.each(AUDIT_FORMATS)('%s: the report kept with its limits renders exactly as the full one', async (format) => {
    for (const log of LOGS) {
      const full = await reportOf(log);
      const kept = await reportOf(log, { limits: limitsFor(AUDIT_SEQUENCE_USE[format]) });
      expect(AUDIT_RENDERERS[format](kept, ctx), log).toBe(AUDIT_RENDERERS[format](full, ctx));
    }
  });

  it.each(Object.keys(AUDIT_CHUNK_RENDERERS))('%s: the pieces join to the rendered report', async (format) => {
    const report = await reportOf(SAMPLE);
    const pieces = [...AUDIT_CHUNK_RENDERERS[format as 'json']!(report, ctx)];
    // JSON documents: a piece or more per finding; the HTML page: its head, a piece per detailed session, the rest.
    if (format === 'html') expect(pieces.length).toBe(report.sessions.length + 2);
    else expect(pieces.length).toBeGreaterThan(report.findings.length);
    expect(pieces.join('')).toBe(AUDIT_RENDERERS[format as 'json'](report, ctx));
  });
});
