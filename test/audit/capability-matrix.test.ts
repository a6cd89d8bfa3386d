// The capability matrix: a parent capability used through its sub-capabilities is used, not "declared, never used";
// an extension's identifier (`io.modelcontextprotocol/ui`) is one key, whatever dots it holds.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { CapabilityMatrix } from '../../src/audit/capability-matrix.js';
import type { AuditReport } from '../../src/audit/types.js';
import { createPalette } from '../../src/output/color.js';
import { AUDIT_RENDERERS } from '../../src/output/audit/renderers.js';
import { reportOf } from '../helpers/audit.js';
import { tempDir } from '../helpers/temp.js';

/** What Claude Desktop declares with MCP Apps (ext-apps: the `io.modelcontextprotocol/ui` extension and its settings). */
const APPS_CLIENT = {
  roots: { listChanged: true },
  extensions: { 'io.modelcontextprotocol/ui': { mimeTypes: ['text/html;profile=mcp-app'] } },
};
const UI = 'extensions["io.modelcontextprotocol/ui"]';

describe('CapabilityMatrix', () => {
  it('counts the uses of a sub-capability for each declared ancestor, not for the other side or siblings', () => {
    const m = new CapabilityMatrix();
    m.use('client', 'elicitation.form', true);
    m.use('client', 'elicitation.form', true);
    m.use('client', 'tasks.requests.sampling.createMessage', true);
    m.use('server', 'tools', true);
    const rows = m.finish(
      { elicitation: { form: {}, url: {} }, tasks: { list: {}, requests: { sampling: { createMessage: {} } } } },
      { tools: {}, resources: { subscribe: true } },
    );
    const row = (side: string, path: string) => rows.find((r) => r.side === side && r.path === path)!;
    expect(row('client', 'elicitation')).toMatchObject({ declared: true, used: 0, usedBelow: 2 });
    expect(row('client', 'elicitation.url')).toMatchObject({ used: 0, usedBelow: 0 });
    expect(row('client', 'tasks')).toMatchObject({ used: 0, usedBelow: 1 });
    expect(row('client', 'tasks.requests')).toMatchObject({ used: 0, usedBelow: 1 });
    expect(row('client', 'tasks.requests.sampling')).toMatchObject({ used: 0, usedBelow: 1 });
    expect(row('client', 'tasks.list')).toMatchObject({ used: 0, usedBelow: 0 });
    expect(row('server', 'resources')).toMatchObject({ used: 0, usedBelow: 0 });
    // Finishing again (a live report, then the final one) does not count twice.
    expect(m.finish(null, null).find((r) => r.path === 'elicitation')!.usedBelow).toBe(2);
  });

  it('flags no parent of a used capability as never used in the bundled sample', async () => {
    const report = await reportOf('samples/everything.envelope.ndjson');
    const rows = report.sessions[0]!.capabilities;
    const neverUsed = rows.filter((r) => r.declared === true && r.used === 0 && r.usedBelow === 0);
    for (const r of neverUsed) {
      expect(
        rows.some((c) => c.side === r.side && c.path.startsWith(`${r.path}.`) && c.used > 0),
        r.path,
      ).toBe(false);
    }
    // elicitation (form and url used), tasks.requests (tools.call used) … are used; listChanged flags never sent stay flagged.
    expect(rows.find((r) => r.side === 'client' && r.path === 'elicitation')!.usedBelow).toBeGreaterThan(0);
    expect(neverUsed.map((r) => `${r.side}:${r.path}`)).toContain('server:prompts.listChanged');
  });
});

describe('an extension in the capabilities (Claude Desktop with MCP Apps)', () => {
  let report: AuditReport;
  beforeAll(async () => {
    // The real Claude Desktop log of server-memory, its client declaring the extension as Claude Desktop does.
    const log = readFileSync('test/fixtures/hosts/claude-desktop/mcp-server-memory-2025-07-metadata.log', 'utf8');
    const file = join(tempDir('extensions'), 'mcp-server-memory.log');
    writeFileSync(
      file,
      log.replaceAll('"capabilities":{},"clientInfo"', `"capabilities":${JSON.stringify(APPS_CLIENT)},"clientInfo"`),
    );
    report = await reportOf(file);
  });

  it('lists the extension as one declared capability, not its settings', () => {
    const m = new CapabilityMatrix();
    const rows = m.finish(APPS_CLIENT, { tools: {} }).filter((r) => r.side === 'client');
    expect(rows.map((r) => [r.path, r.declared])).toEqual([
      ['extensions', true],
      [UI, true],
      ['roots', true],
      ['roots.listChanged', true],
    ]);
  });

  it('says the extension is declared in the matrix of every session, in every format that shows it', () => {
    expect(report.sessions).toHaveLength(2);
    for (const s of report.sessions) {
      expect(
        s.capabilities
          .filter((r) => r.side === 'client' && r.path.startsWith('extensions'))
          .map((r) => [r.path, r.declared]),
      ).toEqual([
        ['extensions', true],
        [UI, true],
      ]);
    }
    const ctx = { palette: createPalette(false) };
    const json = JSON.parse(AUDIT_RENDERERS.json(report, ctx)) as {
      sessions: { capabilities: { side: string; path: string; declared: boolean }[] }[];
    };
    expect(json.sessions[0]!.capabilities.find((r) => r.side === 'client' && r.path === UI)?.declared).toBe(true);
    const md = AUDIT_RENDERERS.markdown(report, ctx);
    expect(md).toContain('| client | extensions\\["io.modelcontextprotocol/ui"\\] | ✅ yes |');
    expect(md).not.toMatch(/io\.modelcontextprotocol\/ui.*❌ no/);
    const html = AUDIT_RENDERERS.html(report, ctx);
    // The path breaks between its keys only, never inside the extension's identifier.
    expect(html).toContain('<td class="mono">extensions<wbr>[&quot;io.modelcontextprotocol/ui&quot;]</td><td>yes</td>');
  });
});
