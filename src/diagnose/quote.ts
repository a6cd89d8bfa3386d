// Evidence in the log's own words: the physical line a piece of evidence points at, for events and messages (whose
// records hold the reader's reading of the line, not the line). The caller reads the lines; this stays pure.
import type { Evidence, SessionDiagnosis } from './types.js';

/** Longest quoted line. */
const MAX_QUOTE = 1000;

/** Splits `file:line`. */
export function sourceLine(source: string): { file: string; line: number } | null {
  const i = source.lastIndexOf(':');
  const line = Number(source.slice(i + 1));
  return i > 0 && Number.isInteger(line) && line > 0 ? { file: source.slice(0, i), line } : null;
}

/** The lines (per file) the evidence points at. */
export function evidenceLines(result: readonly SessionDiagnosis[]): Map<string, Set<number>> {
  const out = new Map<string, Set<number>>();
  for (const s of result)
    for (const d of s.diagnoses)
      for (const e of d.evidence) {
        const at = sourceLine(e.source);
        if (!at) continue;
        let set = out.get(at.file);
        if (!set) out.set(at.file, (set = new Set()));
        set.add(at.line);
      }
  return out;
}

/**
 * Replaces each evidence text with its physical line when the line holds more than the record's reading of it (the
 * reader's prefix, a host's level and server name), or when the record's text is not on the line at all (a message);
 * but not a message with the envelope it was captured in.
 */
export function quoteEvidence(
  result: SessionDiagnosis[],
  lineAt: (file: string, line: number) => string | undefined,
): void {
  for (const s of result) for (const d of s.diagnoses) d.evidence = d.evidence.map((e) => quoted(e, lineAt));
}

function quoted(e: Evidence, lineAt: (file: string, line: number) => string | undefined): Evidence {
  const at = sourceLine(e.source);
  const raw = at ? lineAt(at.file, at.line) : undefined;
  if (raw === undefined) return e;
  const line = raw.trim();
  if (line.length === 0 || line === e.text) return e;
  // A JSON log line: the record's decoded message reads better than the escaped line.
  if (line.startsWith('{') && !e.text.startsWith('{')) return e;
  // An envelope (a capture's line): the message it carries is what went over the wire, the envelope escapes it.
  if (line.startsWith('{') && line.includes(JSON.stringify(e.text).slice(1, -1))) return e;
  // A line of a group that is not where the record put it (a reader dropped a line): keep the record's words.
  if (!e.text.startsWith('{') && !line.includes(e.text.slice(0, 40))) return e;
  return { ...e, text: line.length > MAX_QUOTE ? `${line.slice(0, MAX_QUOTE)}…` : line };
}
