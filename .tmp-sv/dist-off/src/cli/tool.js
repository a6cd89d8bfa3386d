// This tool's name and version, read from its package.json.
import { readFileSync } from 'node:fs';
const pkg = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8'));
export const TOOL = { name: pkg.name, version: pkg.version };
//# sourceMappingURL=tool.js.map