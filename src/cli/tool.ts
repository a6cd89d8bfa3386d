// This tool's name and version, read from its package.json.
import { readFileSync } from 'node:fs';

const pkg = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { name: string; version: string };

export const TOOL = { name: pkg.name, version: pkg.version } as const;
