// The failure corpus (test/fixtures/failures/<host>/<log>, each beside its `<log>.diagnosis.json`), and a run of many
// sessions made from it and the samples, for the reports' many-sessions summaries.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from './cli.js';

const ROOT = 'test/fixtures/failures';

/** The corpus's logs, repository-relative, sorted. */
export function failureLogs(): string[] {
  return readdirSync(join(REPO_ROOT, ROOT), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .flatMap((d) =>
      readdirSync(join(REPO_ROOT, ROOT, d.name))
        .filter((f) => !f.endsWith('.json'))
        .map((f) => `${ROOT}/${d.name}/${f}`),
    )
    .sort();
}

/**
 * Inputs of a run of about `sessions` sessions: the corpus's logs given again and again (each time its sessions are
 * new ones of the run), then the samples' healthy sessions.
 */
export function manySessionInputs(times: number): string[] {
  const samples = readdirSync(join(REPO_ROOT, 'samples'))
    .filter((f) => /\.(ndjson|json)$/.test(f))
    .map((f) => `samples/${f}`);
  return [...Array.from({ length: times }, () => failureLogs()).flat(), ...samples];
}
