// The findings of the Streamable HTTP transport rules among a run's records, for the tests of real HTTP traffic.
import { TRANSPORT_RULES } from '../../src/rules/sets/transport.js';
import type { PipelineRecord } from '../../src/types.js';

const IDS = new Set(TRANSPORT_RULES.map((r) => r.meta.id));

/** `rule severity source: message` of each transport-rule finding, in record order. */
export function transportFindings(records: readonly PipelineRecord[]): string[] {
  return records.flatMap((r) =>
    r.findings.filter((f) => IDS.has(f.rule)).map((f) => `${f.rule} ${f.severity} ${r.source}: ${f.message}`),
  );
}
