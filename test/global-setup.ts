// Runs once before the tests: rebuilds a dist/ made from other sources (most CLI tests run the built dist/), and
// makes the run's temporary folder, removed with everything the tests left in it after the last test.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { builtHash, sourceHash } from '../scripts/source-hash.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

function ensureBuilt(): void {
  if (builtHash(ROOT) === sourceHash(ROOT)) return;
  process.stderr.write('mcptrace tests: dist/ was not built from the current sources; building it (npm run build) …\n');
  try {
    execFileSync('npm', ['run', 'build', '--silent'], { cwd: ROOT, stdio: ['ignore', 'inherit', 'inherit'] });
  } catch {
    throw new Error(
      'mcptrace tests: npm run build failed (see above); the tests need a dist/ built from the current sources',
    );
  }
  if (builtHash(ROOT) !== sourceHash(ROOT))
    throw new Error('mcptrace tests: dist/ still does not match the sources after npm run build');
}

export default function setup(): () => void {
  ensureBuilt();
  // Test workers inherit the environment: test/helpers/temp.ts makes every temporary folder in here.
  const root = mkdtempSync(join(tmpdir(), 'mcptrace-test-run-'));
  process.env.MCPTRACE_TEST_TMP = root;
  return () => rmSync(root, { recursive: true, force: true });
}
