// An internal error while the view is up gives the terminal back before it is reported: main screen, cursor, cooked
// mode, then `mcptrace: internal error: …` and exit 3. The built main in this process, on a terminal that fails.
import { join } from 'node:path';
import { PassThrough, Writable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import { expect, it } from 'vitest';
import { REPO_ROOT, assertBuilt, childEnv } from '../helpers/cli.js';

it('gives the terminal back on an exception, then reports it (exit 3)', async () => {
  assertBuilt();
  const { main } = (await import(pathToFileURL(join(REPO_ROOT, 'dist', 'src', 'cli', 'main.js')).href)) as {
    main(argv: readonly string[], io: unknown): Promise<number>;
  };
  const screen: string[] = [];
  const stdout = Object.assign(
    new Writable({
      write(chunk: Buffer, _e, done) {
        screen.push(chunk.toString('utf8'));
        done();
      },
    }),
    { isTTY: true, rows: 24 },
  );
  // The terminal's width can be read until the first frame is written (after the switch to the alternate screen),
  // then reading it fails.
  Object.defineProperty(stdout, 'columns', {
    get() {
      if (screen.length >= 2) throw new Error('the terminal went away');
      return 80;
    },
  });
  const modes: boolean[] = [];
  const stdin = Object.assign(new PassThrough(), {
    isTTY: true,
    isRaw: false,
    setRawMode(on: boolean) {
      modes.push(on);
      stdin.isRaw = on;
      return stdin;
    },
  });
  const errors: string[] = [];
  const stderr = new Writable({
    write(chunk: Buffer, _e, done) {
      errors.push(chunk.toString('utf8'));
      done();
    },
  });
  const code = await main(['explore', join(REPO_ROOT, 'samples', 'everything.ndjson')], {
    stdin,
    stdout,
    stderr,
    env: childEnv(),
  });
  expect(code).toBe(3);
  expect(errors.join('')).toBe('mcptrace: internal error: the terminal went away (run with --debug for details)\n');
  const written = screen.join('');
  expect(written.startsWith('\x1b[?1049h\x1b[?25l')).toBe(true);
  expect(written).toContain('everything.ndjson');
  expect(written.endsWith('\x1b[0m\x1b[?25h\x1b[?1049l')).toBe(true);
  expect(modes).toEqual([true, false]);
});
