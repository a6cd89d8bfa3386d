// Makes the built executable executable: rolldown writes dist/cli/mcptrace.js 0644, so `npx mcptrace` and a linked or
// globally installed `mcptrace` failed with "Permission denied" after every build (npm only sets the mode at install).
import { chmodSync, readFileSync } from 'node:fs';

const { bin } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
for (const file of Object.values(bin)) chmodSync(new URL(`../${file}`, import.meta.url), 0o755);
