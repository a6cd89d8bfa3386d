// `mcptrace diff -f sarif`: one SARIF 2.1.0 result per change, on B's first capture, for code-scanning uploads; a
// breaking change is an error, one that fails the run otherwise a warning, the rest notes.
import type { Change, DiffReport } from '../diff/types.js';
import { artifactUri } from './audit/sarif.js';

const SARIF_SCHEMA = 'https://json.schemastore.org/sarif-2.1.0.json';

export function formatDiffSarif(
  r: DiffReport,
  failing: readonly Change[],
  tool: { name: string; version: string; informationUri: string },
): string {
  const ids = [...new Set(r.changes.map(ruleId))].sort();
  const file = r.b.captures[0] ?? '-';
  const fails = new Set(failing);
  const sarif = {
    $schema: SARIF_SCHEMA,
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: tool.name,
            version: tool.version,
            informationUri: tool.informationUri,
            rules: ids.map((id) => ({
              id,
              shortDescription: { text: `a ${id.replace('diff/', '')} change between two sets of MCP captures` },
            })),
          },
        },
        results: r.changes.map((c) => ({
          ruleId: ruleId(c),
          level: c.breaking ? 'error' : fails.has(c) ? 'warning' : 'note',
          message: { text: `${c.subject}: ${c.what}` },
          locations: [{ physicalLocation: { artifactLocation: { uri: artifactUri(file) } } }],
        })),
      },
    ],
  };
  return JSON.stringify(sarif, null, 2) + '\n';
}

function ruleId(c: Change): string {
  return c.breaking ? 'diff/breaking' : `diff/${c.category}`;
}
