// A mistyped flag or command gets the nearest names instead of yargs' bare "Unknown argument" or "no such file".
import { describe, expect, it } from 'vitest';
import { runMain } from '../helpers/in-process.js';

const LOG = 'samples/everything.ndjson';

describe('did you mean', () => {
  it('a mistyped flag: the nearest flags of the command', async () => {
    expect(await runMain(['annotate', '--metod', 'x', LOG])).toMatchObject({
      code: 2,
      stderr: 'mcptrace: Unknown argument: metod; did you mean --method? (see mcptrace --help)\n',
    });
    expect((await runMain(['stats', '--wher', 'x', LOG])).stderr).toBe(
      'mcptrace: Unknown argument: wher; did you mean --where? (see mcptrace --help)\n',
    );
    expect((await runMain(['annotate', '--zzzz', LOG])).stderr).toBe(
      'mcptrace: Unknown argument: zzzz (see mcptrace --help)\n',
    );
  });
  it('a mistyped command read as a file name: the command it could have meant', async () => {
    expect(await runMain(['anotate', LOG])).toMatchObject({
      code: 2,
      stdout: '',
      stderr: 'mcptrace: no such file: anotate; did you mean the command annotate? (mcptrace annotate …)\n',
    });
    expect((await runMain(['stat', LOG])).stderr).toBe(
      'mcptrace: no such file: stat; did you mean the command stats? (mcptrace stats …)\n',
    );
    expect((await runMain(['annotate', 'nothing-here.ndjson'])).stderr).toBe(
      'mcptrace: no such file: nothing-here.ndjson\n',
    );
  });
  it("yargs' bare counts say what to type", async () => {
    expect(await runMain(['sql'])).toMatchObject({
      code: 2,
      stderr:
        "mcptrace: sql needs a query: mcptrace sql 'SELECT method, count(*) FROM records GROUP BY 1' log.ndjson (see mcptrace --help)\n",
    });
    expect((await runMain(['export', LOG])).stderr).toBe('mcptrace: missing --to (see mcptrace --help)\n');
  });
});
