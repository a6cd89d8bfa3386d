// `mcptrace explore` where it cannot run: stdout not a terminal (a pipe, a file) is refused with one line, exit 2.
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';

describe('explore without a terminal', () => {
  it('refuses a piped stdout in one line that names annotate, exit 2', async () => {
    const r = await runCli(['explore', 'samples/everything.ndjson']);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(
      'mcptrace: explore needs a terminal and stdout is not one: use mcptrace annotate for the transcript in a file or a pipe\n',
    );
  });
});
