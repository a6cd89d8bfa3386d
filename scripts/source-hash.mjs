// The build's fingerprint: a hash of everything `npm run build` reads, written into dist/ by the build and
// compared by the tests' global setup, so tests never run a dist/ built from other sources than the ones checked out.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

/** What the build reads: the TypeScript sources it compiles and the files that configure it. */
const INPUT_DIRS = ['src', 'bin'];
const INPUT_FILES = ['tsconfig.json', 'rolldown.config.mjs', 'package.json', 'package-lock.json'];

export const STAMP = 'dist/.source-hash';

function sources(root, dir, out) {
  let entries;
  try {
    entries = readdirSync(join(root, dir), { withFileTypes: true });
  } catch {
    return out;
  }
  for (const e of entries) {
    const p = join(dir, e.name);
    if (e.isDirectory()) sources(root, p, out);
    else if (e.name.endsWith('.ts')) out.push(p);
  }
  return out;
}

/** A hash of the build's inputs: their paths and contents, in a fixed order. */
export function sourceHash(root) {
  const files = [...INPUT_DIRS.flatMap((d) => sources(root, d, [])), ...INPUT_FILES].sort();
  const h = createHash('sha256');
  for (const f of files) {
    let text;
    try {
      text = readFileSync(join(root, f));
    } catch {
      continue;
    }
    h.update(`${relative(root, join(root, f))}\0${text.length}\0`);
    h.update(text);
  }
  return h.digest('hex');
}

/** The hash the last build wrote, or null when dist/ was never built by this script's build. */
export function builtHash(root) {
  try {
    return readFileSync(join(root, STAMP), 'utf8').trim();
  } catch {
    return null;
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = join(fileURLToPath(import.meta.url), '..', '..');
  if (process.argv.includes('--write')) writeFileSync(join(root, STAMP), `${sourceHash(root)}\n`);
  // --fresh: exit 0 when dist/ was built from these sources (npm start builds only when it was not).
  else if (process.argv.includes('--fresh')) process.exitCode = builtHash(root) === sourceHash(root) ? 0 : 1;
}
