// The audit reports of 2026-07-28 sessions: the session facts say what the revision was without a handshake, and the
// diagrams draw each chain as one block (Mermaid in markdown, SVG in HTML) only where there is one.
import { describe, expect, it } from 'vitest';
import { renderAuditHtml } from '../../../src/output/audit/html.js';
import { renderAuditMarkdown } from '../../../src/output/audit/markdown.js';
import { reportOf } from '../../helpers/audit.js';

describe('audit reports of modern sessions', () => {
  it('name the revision as the transcript does, and say a modern session has no handshake', async () => {
    const report = await reportOf('test/fixtures/modern/messy/vscode-dual-era.log');
    const md = renderAuditMarkdown(report);
    expect(md).toContain('| revision | eras modern → legacy · revision 2025-11-25 |');
    expect(md).toContain('| revision | modern revision 2026-07-28 |');
    const page = renderAuditHtml(report);
    expect(page).toContain('<dt>revision</dt><dd>modern revision 2026-07-28</dd>');
    expect(page).toContain('<dt>handshake</dt><dd>initialize seen, notifications/initialized seen</dd>');
    expect(page).toContain(
      '<dt>handshake</dt><dd>none: 2026-07-28 has none (each request states its revision and capabilities)</dd>',
    );
  });

  it("say why a modern session's server capabilities are unknown: no server/discover, not a missing handshake", async () => {
    const modern = await reportOf('test/fixtures/modern/mrtr-rounds.txt');
    expect(renderAuditMarkdown(modern)).toContain('| server | tools | ❔ unknown (no server/discover seen) | 4 | 0 |');
    expect(renderAuditHtml(modern)).toContain(
      '<td class="num">0</td><td><span class="tag">no server/discover seen</span></td>',
    );
    // A legacy log that starts after the handshake still says so.
    const legacy = renderAuditMarkdown(await reportOf('test/fixtures/violations/orphan-response/bad.txt'));
    expect(legacy).toContain('❔ unknown (handshake not seen)');
    expect(legacy).not.toContain('server/discover');
  });

  it('draw the chains as blocks, with the legend entry only where a session has one', async () => {
    const page = renderAuditHtml(
      await reportOf(['test/fixtures/modern/messy/claude-desktop-mcp.log', 'test/fixtures/modern/plain.txt']),
    );
    const sessions = page.split('<section class="card session"').slice(1);
    expect(
      sessions.map((s) => [(s.match(/class="chain-band"/g) ?? []).length, s.includes('class="chain-key"')]),
    ).toEqual([
      [1, true],
      [1, true],
      [0, false],
    ]);
    const md = renderAuditMarkdown(await reportOf('test/fixtures/modern/messy/claude-desktop-mcp.log'));
    expect(md).toContain(
      'Note over Client,Server: operation #35;11: tools/call plan — 4 rounds, 2.24s (server 153ms, client 2.08s)',
    );
    expect(md).toContain(
      'Note over Client,Server: subscription #35;10: subscriptions/listen — acknowledged, 2 notifications',
    );
  });
});
