// `mcptrace story`: how a request is named (id, #N, --tool/--method --nth, --session, --from), what is said when a name
// matches several requests or none, the timeline at the width, JSON, and the built executable's exit codes.
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { runMain } from '../helpers/in-process.js';

const EVERYTHING = 'samples/everything.envelope.ndjson';

describe('mcptrace story', () => {
  it('tells the story of a request by its id: what it was, how it ended, then a timeline within the width', async () => {
    const r = await runMain(['story', '--width', '80', EVERYTHING, '12']);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines[0]).toBe('tools/call trigger-long-running-operation · id 12 · client → server · session 1');
    expect(lines[1]).toBe('cancelled after 1.01s; never answered · 3 progress, 2 findings');
    expect(r.stdout).toMatch(
      /\n {2}\+1\.01s {6}4ms {2}#43 → cancel {3}mcptrace recorder: user cancelled the operati…\n/,
    );
    expect(r.stdout).toContain('↳ warning progress-after-completion:');
    for (const l of lines) expect(l.length).toBeLessThanOrEqual(80);
    const wide = await runMain(['story', '--width', '120', EVERYTHING, '39']);
    for (const l of wide.stdout.trimEnd().split('\n')) expect(l.length).toBeLessThanOrEqual(120);
    expect(wide.stdout).toContain('answer       task created: working (4ms)');
  });

  it('#N names the request a record belongs to; --tool and --method with --nth count requests', async () => {
    const byId = (await runMain(['story', EVERYTHING, '12'])).stdout;
    expect((await runMain(['story', EVERYTHING, '#44'])).stdout).toBe(byId);
    expect(
      (await runMain(['story', '--tool', 'trigger-long-running-operation', '--nth', '2', EVERYTHING])).stdout,
    ).toBe(byId);
    expect((await runMain(['story', '--method', 'tools/call', '--nth', '2', EVERYTHING])).stdout).toContain(
      'tools/call get-sum · id 4',
    );
  });

  it('an id several requests have: says so, lists them on stderr and exits 1; --from or --session chooses', async () => {
    const r = await runMain(['story', EVERYTHING, '1']);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(
      "mcptrace: story: id 1 names 2 requests; choose one with --from, '#N':\n" +
        '  #15  session 1  from client  id 1  ping  (samples/everything.envelope.ndjson:15)\n' +
        '  #89  session 1  from server  id 1  sampling/createMessage  (samples/everything.envelope.ndjson:89)\n',
    );
    expect((await runMain(['story', EVERYTHING, '1', '--from', 'server'])).stdout).toMatch(
      /^sampling\/createMessage · id 1 · server → client/,
    );
    const two = await runMain(['story', EVERYTHING, 'samples/memory.envelope.ndjson', '0']);
    expect(two.code).toBe(2); // one log at a time
  });

  it('a name that matches nothing: says so on stderr with the nearest ids, exits 1', async () => {
    const r = await runMain(['story', EVERYTHING, '99']);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe('mcptrace: story: no request matches id 99; nearest ids: 39, 40, 41, 42, 43\n');
    expect((await runMain(['story', EVERYTHING, '12', '--session', '2'])).stderr).toBe(
      'mcptrace: story: no request matches id 12 in session 2; id 12 is #41 of session 1, from the client\n',
    );
    expect((await runMain(['story', '--tool', 'echo', '--nth', '5', EVERYTHING])).stderr).toBe(
      'mcptrace: story: no request matches call 5 of tool echo\n',
    );
  });

  it('-f json: the same story, each step with its role, offset, gap, words, findings and marks', async () => {
    const r = await runMain(['story', '-f', 'json', 'test/fixtures/story/hang-tool.envelope.ndjson', '2']);
    const s = JSON.parse(r.stdout);
    expect(s).toMatchObject({
      session: '1',
      outcome: 'cancelled',
      text: 'cancelled after 1.51s; never answered',
      request: { seq: 7, id: 2, method: 'tools/call' },
    });
    expect(s.steps.map((x: { role: string; atMs: number; gapMs: number | null }) => [x.role, x.atMs, x.gapMs])).toEqual(
      [
        ['request', 0, null],
        ['cancel', 1506, 1506],
      ],
    );
    expect(s.steps[1].marks).toEqual([
      expect.objectContaining({ cause: 'request-timeout', text: 'tools/call export open for 1.51s: the host gave up' }),
    ]);
    expect(s.steps[0].message).toBeUndefined();
    const body = JSON.parse(
      (await runMain(['story', '-f', 'json', '--body', 'test/fixtures/story/hang-tool.envelope.ndjson', '2'])).stdout,
    );
    expect(body.steps[0].message).toMatchObject({ method: 'tools/call', params: { name: 'export' } });
  });

  it('annotate --story is the same story, text or JSON', async () => {
    const story = await runMain(['story', EVERYTHING, '12']);
    expect((await runMain(['annotate', '--story', '12', EVERYTHING])).stdout).toBe(story.stdout);
    expect((await runMain([EVERYTHING, '--story', '#116', '-f', 'json'])).stdout).toBe(
      (await runMain(['story', '-f', 'json', EVERYTHING, '37'])).stdout,
    );
    const two = await runMain(['annotate', '--story', '12', EVERYTHING, 'samples/memory.envelope.ndjson']);
    expect(two.code).toBe(2);
    expect(two.stderr).toBe('mcptrace: annotate --story reads one log: name it\n');
  });

  it('without a request to tell: a usage error', async () => {
    const r = await runMain(['story', EVERYTHING]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('name the request');
  });

  it('the built executable: exit 0 with the story, 1 when nothing matches', async () => {
    const ok = await runCli(['story', EVERYTHING, '#41']);
    expect(ok.code).toBe(0);
    expect(ok.stdout).toContain('#41 → request');
    const none = await runCli(['story', EVERYTHING, 'nope']);
    expect(none.code).toBe(1);
    expect(none.stderr).toMatch(/^mcptrace: story: no request matches id nope/);
  });
});
