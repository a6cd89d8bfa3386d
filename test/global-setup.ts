// Runs once before the tests: most CLI tests run the built dist/, so a dist/ built from other sources is rebuilt first.
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { builtHash, sourceHash } from '../scripts/source-hash.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

export default function setup(): void {
  if (builtHash(ROOT) === sourceHash(ROOT)) return;
  process.stderr.write('mcptrace tests: dist/ was not built from the current sources; building it (npm run build) …\n');
  try {
    execFileSync('npm', ['run', 'build', '--silent'], { cwd: ROOT, stdio: ['ignore', 'inherit', 'inherit'] });
  } catch {
    throw new Error('mcptrace tests: npm run build failed (see above); the tests need a dist/ built from the current sources');
  }
  if (builtHash(ROOT) !== sourceHash(ROOT)) throw new Error('mcptrace tests: dist/ still does not match the sources after npm run build');
}
