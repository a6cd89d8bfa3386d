// The one line on stderr that says what a command wrote to a file (`audit -o`, `export --out`): nothing is printed
// on stdout then, and silence would not tell success from a file left empty.
import { stat } from 'node:fs/promises';
import { escapeTerminal } from '../output/escape.js';
import { formatCount } from '../util/numbers.js';
import type { CliIO } from './context.js';

/** `mcptrace: wrote report.html (48,213 bytes; 3 warnings — passed at --fail-on error)`: its size, then `what`. */
export async function sayWrote(io: Pick<CliIO, 'stderr'>, path: string, what: string): Promise<void> {
  const size = await stat(path).then(
    (s) => (s.isFile() ? `${formatCount(s.size)} bytes` : null),
    () => null,
  );
  const said = [size, what].filter((x) => x !== null && x !== '').join('; ');
  io.stderr.write(`mcptrace: wrote ${escapeTerminal(path)}${said === '' ? '' : ` (${said})`}\n`);
}
