// A modern chain in the audit's sequence diagrams: each leg's label, and the chain as one block (Mermaid and SVG).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { analyze } from '../../src/analyze-stream.js';
import { renumberStep, SequenceKeeper } from '../../src/audit/sequence.js';
import type { AuditSession, SequenceStep } from '../../src/audit/types.js';
import { renderSequenceMermaid } from '../../src/output/audit/mermaid.js';
import { diagramItems, type DiagramItem } from '../../src/output/audit/step-groups.js';
import { sequenceSvg } from '../../src/output/audit/svg-sequence.js';

/** The kept sequence of every session of `file` (head of `head` steps, tail of `tail`), its text changed by `edit`. */
async function sessionsOf(
  file: string,
  head = 200,
  tail = 0,
  edit: (text: string) => string = (t) => t,
): Promise<AuditSession[]> {
  const bytes = Buffer.from(edit(readFileSync(file, 'utf8')));
  const out = await analyze(
    (async function* () {
      yield bytes;
    })(),
    { file },
  );
  const keepers = new Map<string, SequenceKeeper>();
  for (const r of out.records) {
    if (r.kind === 'log') continue;
    let k = keepers.get(r.session);
    if (k === undefined) keepers.set(r.session, (k = new SequenceKeeper(head, tail, 0)));
    k.add(r);
  }
  return out.sessions.map((info) => ({
    info,
    counts: { error: 0, warning: 0, info: 0 },
    capabilities: [],
    sequence: keepers.get(info.key)!.finish(),
  }));
}

/** The blocks as `first.n: seqs inside` (nested mode), checking that opens and closes pair up as Mermaid needs. */
function blocks(items: readonly DiagramItem[]): Record<string, number[]> {
  const stack: string[] = [];
  const inside: Record<string, number[]> = {};
  let n = 0;
  for (const item of items) {
    if (item.kind === 'open') {
      expect(item.depth).toBe(stack.length);
      const key = `${item.group.first}.${n++}`;
      stack.push(key);
      inside[key] = [];
    } else if (item.kind === 'close') {
      expect(stack.pop()?.split('.')[0]).toBe(String(item.group.first));
      expect(item.depth).toBe(stack.length);
    } else if (item.kind === 'step') {
      expect(item.depth).toBe(stack.length);
      for (const key of stack) inside[key]!.push(item.step.seq);
    }
  }
  expect(stack).toEqual([]);
  return inside;
}

/** Every leg of a drawn chain is inside a block of its chain. */
function expectLegsInside(items: readonly DiagramItem[]): void {
  const open: number[] = [];
  for (const item of items) {
    if (item.kind === 'open') open.push(item.group.first);
    else if (item.kind === 'close') open.splice(open.lastIndexOf(item.group.first), 1);
    else if (item.kind === 'step' && item.leg !== null)
      expect(open, `#${item.step.seq}`).toContain(item.step.chain!.first);
  }
}

describe('sequence of a modern chain', () => {
  it('labels each leg: its round, an input_required answer, the whole operation', async () => {
    const [s] = await sessionsOf('test/fixtures/modern/mrtr-one.txt');
    expect(s!.sequence.head.map((x) => x.label)).toEqual([
      'start',
      'tools/call deploy',
      'tools/call (input required)',
      'tools/call deploy (round 2 of #2)',
      'tools/call (operation #2: 2 rounds, 1.58s)',
    ]);
    const text = renderSequenceMermaid(s!, []);
    expect(text).toContain('Server-->>Client: tools/call result (input required) (id 1, 20ms)');
    expect(text).toContain('Server-->>Client: tools/call result (operation #35;2: 2 rounds, 1.58s) (id 2, 60ms)');
  });

  it('draws an MRTR chain as one Mermaid block headed by its operation, rounds, server and client time', async () => {
    const [s] = await sessionsOf('test/fixtures/modern/mrtr-rounds.txt');
    const text = renderSequenceMermaid(s!, []);
    const lines = text.split('\n');
    const open = lines.indexOf('    rect rgba(127, 127, 127, 0.12)');
    expect(lines[open + 1]).toBe(
      '      Note over Client,Server: operation #35;2: tools/call release-notes — 4 rounds, 1.17s (server 115ms, client 1.05s)',
    );
    // All eight legs inside, indented one level; the block ends after the terminal answer.
    expect(lines.slice(open + 2, open + 10).every((l) => l.startsWith('      ') && /Client|Server/.test(l))).toBe(true);
    expect(lines[open + 10]).toBe('    end');
    expect(lines.filter((l) => l.trim() === 'end')).toHaveLength(1);
  });

  it('draws a -32022 version retry and a subscription stream as blocks too', async () => {
    const [retry] = await sessionsOf('test/fixtures/modern/dual-era-version-retry.txt');
    expect(renderSequenceMermaid(retry!, [])).toContain(
      'Note over Client,Server: version retry #35;2: tools/list — 2 rounds, 20ms (server 15ms, client 5ms)',
    );
    const [sub] = await sessionsOf('test/fixtures/modern/subscription.txt');
    const items = diagramItems(sub!.sequence, { nest: true });
    expect(items.filter((i) => i.kind === 'open').map((i) => (i as { group: { title: string } }).group.title)).toEqual([
      'subscription #4: subscriptions/listen — acknowledged, 2 notifications, closed after 1.64s',
    ]);
    // The listen, its acknowledgement, both notifications and its final answer are its legs; the tools/list calls in
    // between are inside the block's span but not legs.
    expect(
      items.filter((i) => i.kind === 'step' && i.leg !== null).map((i) => (i as { step: SequenceStep }).step.seq),
    ).toEqual([4, 5, 8, 9, 12]);
    expect(blocks(items)).toEqual({ '4.0': [4, 5, 6, 7, 8, 9, 10, 11, 12] });
  });

  it("a listen the server ends with notifications/cancelled (stdio): the notification is the stream's last leg", async () => {
    const [s] = await sessionsOf('test/fixtures/modern/cancel-progress.txt');
    const items = diagramItems(s!.sequence, { nest: true });
    expect(items.filter((i) => i.kind === 'open').map((i) => (i as { group: { title: string } }).group.title)).toEqual([
      'subscription #10: subscriptions/listen — acknowledged, 0 notifications, ended by the server',
    ]);
    expect(blocks(items)).toEqual({ '10.0': [10, 11, 12] });
    // The client's own cancel of a tools/call is no leg of anything.
    expect(items.some((i) => i.kind === 'step' && i.step.seq === 9 && i.leg !== null)).toBe(false);
  });

  it('leaves a plain modern request and answer alone', async () => {
    const [s] = await sessionsOf('test/fixtures/modern/plain.txt');
    expect(diagramItems(s!.sequence, { nest: true }).some((i) => i.kind === 'open')).toBe(false);
    expect(renderSequenceMermaid(s!, [])).not.toContain('rect');
  });

  it('crossing chains: Mermaid blocks nest (the later chain is closed with the earlier and opened again); SVG blocks each span their own legs', async () => {
    const [s] = await sessionsOf('test/fixtures/modern/messy/wrap-capture.envelope.ndjson');
    const nested = diagramItems(s!.sequence, { nest: true });
    expectLegsInside(nested);
    const opens = nested
      .filter((i): i is Extract<DiagramItem, { kind: 'open' }> => i.kind === 'open')
      .map((i) => `${i.group.first}${i.continued ? '+' : ''}`);
    // The listen (#5) is open throughout; #8 and #9 cross; #9 goes on after #8 and after the listen's last leg.
    expect(opens).toEqual(['5', '8', '9', '9+', '9+']);
    expect(blocks(nested)).toEqual({
      '5.0': [5, 6, 8, 9, 10, 12, 13, 14, 15, 16],
      '8.1': [8, 9, 10, 12, 13, 14, 15],
      '9.2': [9, 10, 12, 13, 14, 15],
      '9.3': [16],
      '9.4': [17],
    });
    const mermaid = renderSequenceMermaid(s!, []);
    expect(mermaid.split('\n').filter((l) => l.trim().startsWith('rect')).length).toBe(
      mermaid.split('\n').filter((l) => l.trim() === 'end').length,
    );
    expect(mermaid).toContain('Note over Client,Server: operation #35;9: tools/call forecast (continued)');

    const flat = diagramItems(s!.sequence, { nest: false });
    expectLegsInside(flat);
    const spans = flat
      .filter((i) => i.kind === 'open' || i.kind === 'close')
      .map(
        (i) =>
          `${i.kind === 'open' ? '+' : '-'}${(i as { group: { first: number } }).group.first}@${(i as { depth: number }).depth}`,
      );
    expect(spans).toEqual(['+5@0', '+8@1', '+9@2', '-8@1', '-5@0', '-9@2']);
    const svg = String(sequenceSvg(s!, 0));
    expect(svg.match(/class="chain-band"/g)).toHaveLength(3);
    expect(svg.match(/class="chain-leg"/g)).toHaveLength(11);
    expect(svg).toContain('operation #9: tools/call forecast — 2 rounds, 3.00s (server 746ms, client 2.25s)');
  });

  it("interleaved sessions: each session's diagram holds its own chain", async () => {
    const sessions = await sessionsOf('test/fixtures/modern/messy/claude-desktop-mcp.log');
    const titles = sessions.map((s) =>
      diagramItems(s.sequence, { nest: true })
        .filter((i) => i.kind === 'open')
        .map((i) => (i as { group: { title: string } }).group.title),
    );
    expect(titles).toEqual([
      ['operation #11: tools/call plan — 4 rounds, 2.24s (server 153ms, client 2.08s)'],
      ['subscription #10: subscriptions/listen — acknowledged, 2 notifications'],
    ]);
  });

  it("a chain cut by the elided middle: each part a block of its own, the tail's one continued", async () => {
    const [s] = await sessionsOf('test/fixtures/modern/mrtr-rounds.txt', 4, 3);
    expect(s!.sequence.elided).toBe(2);
    const items = diagramItems(s!.sequence, { nest: true });
    expect(
      items.map((i) => (i.kind === 'open' ? `open${i.continued ? '+' : ''}` : i.kind === 'step' ? i.step.seq : i.kind)),
    ).toEqual(
      ['step', 'open', 2, 3, 4, 'close', 'elided', 'open+', 7, 8, 9, 'close'].map((x) => (x === 'step' ? 1 : x)),
    );
    expect(renderSequenceMermaid(s!, [])).toContain(
      'Note over Client,Server: operation #35;2: tools/call release-notes (continued)',
    );
  });

  it("escapes a hostile tool name in a block's header, for Mermaid and for SVG", async () => {
    const evil = 'x;#%%{init: {}}%%<script>alert(1)</script>\\n"end';
    const [s] = await sessionsOf('test/fixtures/modern/mrtr-one.txt', 200, 0, (t) =>
      t.replaceAll('"name":"deploy"', `"name":${JSON.stringify(evil)}`),
    );
    const header = renderSequenceMermaid(s!, [])
      .split('\n')
      .find((l) => l.includes('Note over Client,Server: operation'))!;
    expect(header).toMatch(
      /^ {6}Note over Client,Server: operation #35;2: tools\/call x#59;#35;#37;#37;#123;init: #123;#125;#125;#37;#37;#lt;script#gt;/,
    );
    // Nothing Mermaid reads is left once its entity codes are taken out.
    expect(header.slice('      Note over Client,Server: '.length).replace(/#(\d+|[a-z]+);/g, '')).not.toMatch(
      /[;#<>"%{}]/,
    );
    const svg = String(sequenceSvg(s!, 0));
    expect(svg).not.toContain('<script>');
    expect(svg).toContain('operation #2: tools/call x;#%%{init: {}}%%&lt;script&gt;');
  });

  it('--jobs: a renumbered step keeps its chain, its label and its block', async () => {
    const [s] = await sessionsOf('test/fixtures/modern/mrtr-one.txt');
    const moved = s!.sequence.head.map((x) => renumberStep(x, (n) => n + 100));
    expect(moved.map((x) => x.label).slice(3)).toEqual([
      'tools/call deploy (round 2 of #102)',
      'tools/call (operation #102: 2 rounds, 1.58s)',
    ]);
    const items = diagramItems({ head: moved, tail: [], elided: 0 }, { nest: true });
    expect(items.filter((i) => i.kind === 'open').map((i) => (i as { group: { title: string } }).group.title)).toEqual([
      'operation #102: tools/call deploy — 2 rounds, 1.58s (server 80ms, client 1.50s)',
    ]);
  });
});
