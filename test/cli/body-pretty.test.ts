// `annotate --body pretty` on a real recorded session (samples/everything.ndjson): a tool result whose text is JSON
// (get-structured-content, id 6), one with text over several lines and an emoji (trigger-elicitation-request, id 33),
// one with a long base64 string (get-tiny-image, id 5). The expected transcripts are in test/fixtures/body-pretty/,
// written once by `UPDATE=1 npx vitest run test/cli/body-pretty.test.ts` and read by eye.
import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runMain } from '../helpers/in-process.js';

const ARGS = ['annotate', '--body', 'pretty', '--where', 'id == 5 or id == 6 or id == 33', 'samples/everything.ndjson'];
const DIR = 'test/fixtures/body-pretty';

describe('annotate --body pretty', () => {
  it.each([
    ['width-80.txt', ['--width', '80', '--no-color']],
    ['width-120.txt', ['--width', '120', '--no-color']],
    ['width-80.color.txt', ['--width', '80', '--color']],
    ['width-120.color.txt', ['--width', '120', '--color']],
  ])('%s: the exact transcript', async (name, extra) => {
    const r = await runMain([...ARGS, ...extra]);
    expect(r.code).toBe(0);
    if (process.env.UPDATE === '1') writeFileSync(`${DIR}/${name}`, r.stdout);
    expect(r.stdout).toBe(readFileSync(`${DIR}/${name}`, 'utf8'));
  });

  it('NO_COLOR: the plain transcript, as --no-color', async () => {
    const r = await runMain([...ARGS, '--width', '80'], { env: { NO_COLOR: '1', FORCE_COLOR: '1' } });
    expect(r.stdout).toBe(readFileSync(`${DIR}/width-80.txt`, 'utf8'));
  });

  it('a file name right after --body pretty is still read as a file', async () => {
    const r = await runMain([
      'annotate',
      '--body',
      'pretty',
      '--width',
      '80',
      '--where',
      'id == 6',
      'samples/everything.ndjson',
    ]);
    expect(r.stdout).toContain('"temperature": 36');
  });
});
