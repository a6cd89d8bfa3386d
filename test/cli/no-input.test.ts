// Bare `mcptrace` on a terminal, nothing piped: a one-line hint and exit 2, not a silent wait on the terminal.
import { describe, expect, it } from 'vitest';
import { runMain } from '../helpers/in-process.js';
import { HAS_SCRIPT, onTerminal } from '../helpers/pty.js';

const HINT = 'mcptrace: nothing to read: give a log file or pipe one in (mcptrace --help)\n';

describe('nothing named, stdin a terminal', () => {
  it.skipIf(!HAS_SCRIPT).each([[[]], [['stats']], [['audit', '--follow']]])(
    'mcptrace %j: the hint, exit 2',
    async (args) => {
      expect(await onTerminal(args)).toEqual({ code: 2, screen: HINT });
    },
  );

  it.skipIf(!HAS_SCRIPT)('`mcptrace -` still reads the terminal (here at its end: an empty input)', async () => {
    expect(await onTerminal(['-'])).toEqual({ code: 0, screen: 'mcptrace: -: empty, no MCP messages\n' });
  });

  it('stdin not a terminal: read as before (in-process, stdin empty)', async () => {
    expect(await runMain([])).toMatchObject({ code: 0, stderr: 'mcptrace: -: empty, no MCP messages\n' });
  });
});
