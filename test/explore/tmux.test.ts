// `mcptrace explore` in a real terminal (tmux): keys sent, the screen read back at each step, the terminal given
// back as it was after quitting, at 80 and 120 columns, on a resize, on SIGTERM, and live on a growing file.
import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { FilterError } from '../../src/filter/error.js';
import { parseFilter } from '../../src/filter/parse.js';
import { REPO_ROOT } from '../helpers/cli.js';
import { tempDir } from '../helpers/temp.js';
import { Tmux } from '../helpers/tmux.js';

const SAMPLE = 'samples/everything.ndjson';
let tmux: Tmux | null = null;

afterEach(async () => {
  await tmux?.kill();
  tmux = null;
});

/** The screen's rows. */
const rows = (screen: string) => screen.split('\n');
/** The selected row of the list: the one that starts with `>`. */
const selected = (screen: string) => rows(screen).find((l) => l.startsWith('>')) ?? '';
/** The terminal was given back: the shell's line after the command, cooked mode, main screen, cursor shown. */
async function expectRestored(t: Tmux, code: number): Promise<void> {
  const after = await t.waitFor(
    (s) => s.includes(`exit ${code}`) && /^-?icanon$/m.test(s),
    `exit ${code} and the terminal's mode`,
  );
  expect(after).toMatch(/^icanon$/m);
  expect(await t.modes()).toEqual({ alternate: false, cursor: true });
}

/** Where a filter's mistake starts, as the filter language says. */
function mistakeColumn(expr: string): number {
  try {
    parseFilter(expr);
  } catch (err) {
    if (err instanceof FilterError) return err.column;
  }
  throw new Error(`${expr} parsed`);
}

describe.each([80, 120])('explore at %i columns', (width) => {
  it('moves, filters, opens a body, follows a pair, jumps to findings, shows help and quits cleanly', async () => {
    const t = (tmux = await Tmux.mcptrace(['explore', SAMPLE], width, 24));
    let s = await t.waitFor(
      (x) => x.includes('144 records') && !x.includes('reading…') && selected(x).includes('#1 '),
      'the list',
    );
    expect(rows(s)[0]).toMatch(/^everything\.ndjson · 144 records .* #1 1\/144$/);
    expect(selected(s)).toMatch(/^> +#1 .*req 0 .*initialize/);
    expect(rows(s)[23]).toMatch(/^\? help {2}q quit {2}Enter detail/);
    for (const line of rows(s)) expect(line.length).toBeLessThanOrEqual(width);
    if (width >= 120) expect(rows(s).find((l) => l.includes('#18 '))).toMatch(/tools\/call +srv:tools ✓ +echo/);

    // Moving: two down, one up.
    await t.keys('j', 'Down');
    s = await t.waitFor((x) => selected(x).includes('#3 '), 'the third message selected');
    await t.keys('k');
    s = await t.waitFor((x) => selected(x).includes('#2 '), 'the second message selected');
    expect(selected(s)).toMatch(/res 0 .*initialize .*↔ #1/);

    // A mistake in the filter: the line stays, a caret under where it starts.
    await t.keys('/');
    await t.waitFor((x) => rows(x)[23]!.startsWith('filter:'), 'the filter prompt');
    await t.type('method ==');
    await t.keys('Enter');
    s = await t.waitFor((x) => rows(x)[23]!.includes('^'), 'the caret under the mistake');
    expect(rows(s)[22]).toBe('filter: method ==');
    expect(rows(s)[23]!.indexOf('^')).toBe('filter: '.length + mistakeColumn('method =='));
    await t.type(' "tools/call"');
    await t.keys('Enter');
    s = await t.waitFor((x) => rows(x)[0]!.includes(': 43 shown'), 'the filtered list');
    expect(rows(s)[0]).toContain('/method == "tools/call": 43 shown');
    expect(selected(s)).toMatch(/#18 .*tools\/call .*echo/);
    expect(
      rows(s)
        .filter((l) => / #\d+ /.test(l))
        .every((l) => l.includes('tools/call')),
    ).toBe(true);

    // The body of the selected message.
    await t.keys('Enter');
    s = await t.waitFor((x) => x.includes('── #18 ') && /^body$/m.test(x), 'the detail pane');
    expect(s).toMatch(/^pair$/m);
    expect(s).toMatch(/^ +#19 .*res 3 .*echo ↔ #18/m);
    expect(s).toMatch(/"method": "tools\/call"/);
    expect(s).toMatch(/"name": "echo"/);

    // Its pair.
    await t.keys('p');
    s = await t.waitFor((x) => selected(x).includes('#19 '), 'the pair selected');
    expect(s).toContain('── #19 ');
    expect(s).toMatch(/^ +#18 .*req 3 .*echo$/m);

    // The next finding or failure: the tool result with isError, then (the filter cleared) a warning's record.
    await t.keys('n');
    s = await t.waitFor((x) => selected(x).includes('#33 '), 'the failed tool call selected');
    expect(selected(s)).toMatch(/^>✗ +#33 .*isError/);
    await t.keys('\\');
    s = await t.waitFor((x) => !rows(x)[0]!.includes('shown'), 'the filter cleared');
    expect(selected(s)).toContain('#33 ');
    await t.keys('n');
    s = await t.waitFor((x) => x.includes('docs/rules/progress-after-completion.md'), "the next finding's rule page");
    expect(selected(s)).toMatch(/^>! /);
    expect(s).toMatch(/↳ warning progress-after-completion:/);
    expect(s).toMatch(/^rule pages$/m);

    // Help, then back.
    await t.keys('?');
    s = await t.waitFor((x) => /^keys$/m.test(x), 'the help');
    expect(s).toMatch(/^ +↓ j +next message$/m);
    for (const line of rows(s)) expect(line.length).toBeLessThanOrEqual(width);
    // Longer than the screen: it scrolls.
    await t.keys('J');
    s = await t.waitFor((x) => /^ +q +quit/m.test(x), 'the end of the help');
    expect(s).not.toMatch(/^keys$/m);
    await t.keys('Escape');
    await t.waitFor((x) => !/^keys$/m.test(x) && x.includes('── #'), 'the list again');

    await t.keys('q');
    await expectRestored(t, 0);
    const after = await t.screen();
    expect(after).not.toContain('144 records');
  });
});

describe('explore', () => {
  it("goes to a record number, lists the sessions, tells a request's story and shows the diagnosis", async () => {
    const t = (tmux = await Tmux.mcptrace(['explore', SAMPLE], 80, 24));
    await t.waitFor((x) => x.includes('144 records') && !x.includes('reading…'), 'the list');
    await t.keys(':');
    await t.type('100');
    await t.keys('Enter');
    let s = await t.waitFor((x) => selected(x).includes('#100 '), 'record #100 selected');
    expect(rows(s)[0]).toMatch(/#100 100\/144$/);
    await t.keys('s');
    s = await t.waitFor((x) => /^sessions \(1;/m.test(x), 'the sessions');
    expect(s).toMatch(/^> ok {8}1 {5}144 records {2}mcptrace-recorder 0\.1\.0 → mcp-servers\/everything/m);
    await t.keys('Enter');
    s = await t.waitFor((x) => selected(x).includes('#1 '), "the session's first message");
    // The story of the cancelled tools/call: its progress, its cancellation, the progress after it.
    await t.keys(':');
    await t.type('40');
    await t.keys('Enter');
    await t.waitFor((x) => selected(x).includes('#40 '), 'record #40 selected');
    await t.keys('t');
    s = await t.waitFor((x) => x.includes('tools/call trigger-long-running-operation · id 12'), 'the story of #40');
    expect(s).toMatch(/^cancelled; never answered · 3 progress, 2 findings$/m);
    expect(s).toMatch(/#42 → cancel/);
    expect(s).toMatch(/#43 ← progress 2\/3/);
    await t.keys('Escape');
    await t.waitFor((x) => selected(x).includes('#40 '), 'the list again');
    await t.keys('w');
    s = await t.waitFor((x) => /^diagnosis/m.test(x), 'the diagnosis');
    expect(s).toMatch(/^ok +session 1 +no problem found$/m);
    await t.keys('Escape');
    await t.waitFor((x) => selected(x).includes('#40 '), 'the list after the diagnosis');
    await t.keys('C-c');
    await expectRestored(t, 0);
  });

  it('lays the screen out again when the terminal is resized', async () => {
    const t = (tmux = await Tmux.mcptrace(['explore', SAMPLE], 80, 24));
    await t.waitFor((x) => x.includes('144 records') && !x.includes('reading…'), 'the list');
    await t.resize(120, 40);
    let s = await t.waitFor((x) => rows(x).length >= 40 && rows(x)[39]!.startsWith('? help'), 'the help bar on row 40');
    expect(rows(s)[0]).toMatch(/ {20,}#1 1\/144$/);
    expect(rows(s)[0]!.length).toBe(120);
    expect(rows(s)[38]).toContain('#38 ');
    expect(s).toMatch(/tools\/call +srv:tools ✓ +echo/);
    await t.resize(60, 12);
    s = await t.waitFor(
      (x) => rows(x)[11]?.startsWith('? help') === true && rows(x)[0]!.length === 60,
      'the help bar on row 12, 60 columns',
    );
    expect(rows(s)[10]).toContain('#10 ');
    for (const line of rows(s)) expect(line.length).toBeLessThanOrEqual(60);
    await t.keys('q');
    await expectRestored(t, 0);
  });

  it('gives the terminal back on SIGTERM, exit 143', async () => {
    const t = (tmux = await Tmux.mcptrace(['explore', SAMPLE], 80, 24));
    await t.waitFor((x) => x.includes('144 records'), 'the list');
    const shell = await t.panePid();
    const child = Number(readFileSync(`/proc/${shell}/task/${shell}/children`, 'utf8').trim().split(/\s+/)[0]);
    process.kill(child, 'SIGTERM');
    await expectRestored(t, 143);
  });

  it('reads the log from stdin and the keys from the terminal', async () => {
    const t = (tmux = await Tmux.mcptrace(['explore', '-'], 80, 24, { stdinFrom: SAMPLE }));
    let s = await t.waitFor(
      (x) => rows(x)[0]!.startsWith('stdin · 144 records') && !x.includes('reading…'),
      'the list of stdin',
    );
    await t.keys('j', 'j');
    s = await t.waitFor((x) => selected(x).includes('#3 '), 'the third message selected');
    expect(rows(s)[0]).toMatch(/#3 3\/144$/);
    await t.keys('q');
    await expectRestored(t, 0);
  });

  it('--follow: the list grows as the file does', async () => {
    const lines = readFileSync(join(REPO_ROOT, SAMPLE), 'utf8')
      .split('\n')
      .filter((l) => l !== '');
    const file = join(tempDir('explore-follow'), 'live.ndjson');
    writeFileSync(file, lines.slice(0, 10).join('\n') + '\n');
    const t = (tmux = await Tmux.mcptrace(['explore', '--follow', file], 80, 24));
    let s = await t.waitFor((x) => rows(x)[0]!.includes('10 records · following'), 'the first ten records, following');
    await t.keys('G');
    await t.waitFor((x) => selected(x).includes('#10 '), 'the last record selected');
    appendFileSync(file, lines.slice(10, 40).join('\n') + '\n');
    s = await t.waitFor((x) => rows(x)[0]!.includes('40 records'), 'forty records');
    // At the end of the list, the selection stays on the last record as records come.
    expect(selected(s)).toContain('#40 ');
    expect(rows(s)[0]).toMatch(/#40 40\/40$/);
    await t.keys('q');
    await expectRestored(t, 0);
  });
});
