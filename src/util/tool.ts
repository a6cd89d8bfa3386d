// This tool's name and version, read from its package.json (the nearest one above this module: the module runs from
// dist/src/util/ as a library and from dist/cli/ in the CLI bundle).
import { existsSync, readFileSync } from 'node:fs';

function packageJson(): { name: string; version: string; root: URL } {
  for (let dir = new URL('.', import.meta.url); ; dir = new URL('..', dir)) {
    const file = new URL('package.json', dir);
    if (existsSync(file))
      return { ...(JSON.parse(readFileSync(file, 'utf8')) as { name: string; version: string }), root: dir };
    if (dir.pathname === '/') throw new Error('package.json not found above ' + import.meta.url);
  }
}

const pkg = packageJson();

export const TOOL = { name: pkg.name, version: pkg.version } as const;

/** The package's folder (the repository, or where npm installed it): docs/ ships there (package.json `files`). */
export const PACKAGE_ROOT: URL = pkg.root;
