// unanswered-request and the 2026-07-28 listen: a subscription still open when the log ends awaits no answer yet.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runMain } from '../helpers/in-process.js';
import { tempDir } from '../helpers/temp.js';

const SUBSCRIPTION = 'test/fixtures/modern/subscription.txt';

async function unanswered(text: string): Promise<string[]> {
  const file = join(tempDir('listen-open'), 'session.txt');
  writeFileSync(file, text);
  const { stdout } = await runMain(['audit', '-f', 'json', '--fail-on', 'none', file]);
  const report = JSON.parse(stdout) as { findings: { rule: string; message: string }[] };
  return report.findings.filter((f) => f.rule === 'unanswered-request').map((f) => f.message);
}

describe('unanswered-request on a subscriptions/listen', () => {
  const lines = readFileSync(SUBSCRIPTION, 'utf8').trimEnd().split('\n');
  const last = lines[lines.length - 1]!;

  it("the fixture ends with the listen answered on the stream's graceful close", () => {
    expect(last).toContain('"id":"listen-1","result"');
  });

  it('a log that ends while the listen is open reports nothing unanswered', async () => {
    expect(await unanswered(lines.slice(0, -1).join('\n') + '\n')).toEqual([]);
  });

  it('an ordinary request left open beside it is still reported', async () => {
    const open = lines[5]!.replace('"id":2', '"id":99');
    expect(open).toContain('"id":99');
    const text = [...lines.slice(0, -1), open].join('\n') + '\n';
    expect(await unanswered(text)).toEqual([
      expect.stringMatching(/^tools\/list request #\d+ \(id 99\) was never answered$/),
    ]);
  });
});
