// The HTML audit report: self-contained (no external URL), strict CSP pinned to its own style and script, every log string escaped.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderAuditHtml } from '../../../src/output/audit/html.js';
import { AUDIT_RENDERERS } from '../../../src/output/audit/renderers.js';
import type { AnalyzerOptions } from '../../../src/analyzer.js';
import { reportOf } from '../../helpers/audit.js';
import { parseHtml } from './html-check.js';
import { elements } from './xml-check.js';

const SAMPLE = 'samples/everything.envelope.ndjson';
const HOSTILE = 'test/fixtures/hostile/hostile.envelope.ndjson';
const VIOLATIONS = 'test/fixtures/violations';

/** Every tag of the page (log text is escaped, so a raw `<` only ever opens markup the renderer wrote). */
function tags(page: string): string[] {
  const markup = page.replace(/<(script|style)>[\s\S]*?<\/\1>/g, '<$1></$1>');
  return markup.match(/<[^>]*>/g) ?? [];
}

/** Attributes of every tag, as [name, value]; the renderer always double-quotes values. */
function attributes(page: string): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  for (const t of tags(page)) {
    if (t.startsWith('<!') || t.startsWith('</')) continue;
    const body = t.replace(/^<[a-zA-Z0-9-]+/, '').replace(/\/?>$/, '');
    for (const m of body.matchAll(/([^\s=]+)(?:="([^"]*)")?/g)) out.push([m[1], m[2] ?? '']);
  }
  return out;
}

function tagNames(page: string): Set<string> {
  return new Set(
    tags(page)
      .filter((t) => !t.startsWith('<!'))
      .map((t) => /^<\/?([a-zA-Z0-9-]+)/.exec(t)?.[1].toLowerCase() ?? t),
  );
}

/** Text between `<script>` and `</script>` (and the same for style). */
function inline(page: string, tag: 'script' | 'style'): string[] {
  return [...page.matchAll(new RegExp(`<${tag}>([\\s\\S]*?)</${tag}>`, 'g'))].map((m) => m[1]);
}

const ALLOWED_TAGS = new Set([
  'html',
  'head',
  'meta',
  'title',
  'style',
  'body',
  'main',
  'section',
  'header',
  'footer',
  'div',
  'span',
  'h1',
  'h2',
  'h3',
  'h4',
  'p',
  'b',
  'br',
  'code',
  'pre',
  'dl',
  'dt',
  'dd',
  'ul',
  'ol',
  'li',
  'a',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
  'details',
  'summary',
  'fieldset',
  'legend',
  'label',
  'input',
  'script',
  'svg',
  'wbr',
  'defs',
  'marker',
  'path',
  'line',
  'rect',
  'circle',
  'text',
  'title',
  'g',
]);

/**
 * The only links out of the page: spec sections of a known revision (or of the RFC an HTTP rule cites), and rule pages
 * of the package (file: URLs).
 */
const SPEC_LINK =
  /^https:\/\/modelcontextprotocol\.io\/specification\/(2024-11-05|2025-03-26|2025-06-18|2025-11-25|2026-07-28)\/[a-z/_-]*(#[a-z0-9-]+)?$|^https:\/\/www\.rfc-editor\.org\/rfc\/rfc\d+#section-[\d.]+$/;
const DOC_LINK = /^file:\/\/\/[^\s"<>]*\/docs\/rules\/[a-z0-9-]+\.md$/;

function expectSelfContained(page: string): void {
  for (const [name, value] of attributes(page)) {
    // No loading or navigating attribute points anywhere but into the page itself.
    if (
      [
        'src',
        'srcset',
        'action',
        'formaction',
        'poster',
        'data',
        'background',
        'xlink:href',
        'ping',
        'manifest',
      ].includes(name.toLowerCase())
    ) {
      throw new Error(`unexpected ${name}="${value}"`);
    }
    if (name.toLowerCase() === 'href') {
      expect(
        /^#[A-Za-z0-9-]+$/.test(value) || SPEC_LINK.test(value) || DOC_LINK.test(value),
        `href stays in the page or is a spec or rule page: ${value}`,
      ).toBe(true);
    }
    expect(name.toLowerCase().startsWith('on'), `event handler attribute ${name}`).toBe(false);
  }
  // Outside the links' href, no URL anywhere in the markup.
  const markup = tags(page)
    .map((t) => t.replace(/ href="[^"]*"/g, ''))
    .join('\n');
  expect(markup).not.toMatch(/https?:|javascript:|\/\/[a-z]/i);
  for (const u of page.matchAll(/url\(\s*['"]?([^)'"]*)/g))
    expect(u[1], 'url() only references in-page ids').toMatch(/^#/);
  expect(page).not.toMatch(/@import|@font-face/);
  for (const css of inline(page, 'style')) expect(css).not.toMatch(/https?:|\/\//);
  for (const name of tagNames(page)) expect(ALLOWED_TAGS, `tag <${name}>`).toContain(name);
}

function sha(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

describe('html audit report', () => {
  it('is registered as the html format', () => {
    expect(AUDIT_RENDERERS.html).toBe(renderAuditHtml);
  });

  it('is one self-contained page whose CSP allows only its own style and script, by hash', async () => {
    const page = renderAuditHtml(await reportOf(SAMPLE));
    expect(page.startsWith('<!DOCTYPE html>')).toBe(true);
    expectSelfContained(page);
    const csp = /<meta http-equiv="Content-Security-Policy" content="([^"]*)">/.exec(page)?.[1].replace(/&#39;/g, "'");
    expect(csp).toBeDefined();
    // The policy comes before any style or script, so it covers them.
    expect(page.indexOf('Content-Security-Policy')).toBeLessThan(page.indexOf('<style>'));
    const scripts = inline(page, 'script');
    const styles = inline(page, 'style');
    expect(scripts).toHaveLength(1);
    expect(styles).toHaveLength(1);
    const directives = Object.fromEntries(
      csp!
        .split(';')
        .map((d) => d.trim().split(/\s+/))
        .map(([k, ...v]) => [k, v.join(' ')]),
    );
    expect(directives['default-src']).toBe("'none'");
    expect(directives['script-src']).toBe(sha(scripts[0]));
    expect(directives['style-src']).toBe(sha(styles[0]));
    expect(directives['img-src']).toBe('data:');
    expect(csp).not.toMatch(/unsafe-inline|unsafe-eval|\*|https?:/);
    expect(tags(page).filter((t) => /^<script/i.test(t))).toEqual(['<script>']);
    expect(scripts[0]).not.toMatch(/<\/script/i);
    expect(page).not.toMatch(/\sstyle="/);
  });

  it('shows the summary, the session header, findings, the capability matrix and statistics', async () => {
    const report = await reportOf(SAMPLE);
    const page = renderAuditHtml(report);
    expect(page).toContain('mcptrace 0.0.0-test');
    expect(page).toContain('2026-01-02T03:04:05.000Z');
    expect(page).toContain(report.failed ? 'FAILED' : 'PASSED');
    expect(page).toContain('<b>mcptrace-recorder</b> <span class="muted">0.1.0</span>');
    expect(page).toContain('<b>mcp-servers/everything</b> <span class="muted">2.0.0</span>');
    expect(page).toContain('requested <code>2025-11-25</code>, negotiated <code>2025-11-25</code>');
    expect(page).toContain('<dd>stdio</dd>');
    expect(page.match(/<tr class="finding"/g)?.length ?? 0).toBe(report.findings.length);
    for (const s of ['error', 'warning', 'info'] as const) {
      expect(page).toContain(`<div class="total ${s}" data-total="${s}"><b>${report.totals[s]}</b>`);
    }
    expect(page).toContain('<table class="capabilities">');
    expect(page).toContain('declared, never used');
    expect(page).toContain('<table class="stats methods">');
    expect(page).toContain('<span class="tag">lifecycle</span>');
    expect(page).toContain('<h3>Tools</h3>');
  });

  it('gives the span of two logs months apart in days and hours', async () => {
    // Two real Claude Desktop logs of server-memory: May 2025 and March 2026.
    const hosts = 'test/fixtures/hosts/claude-desktop';
    const page = renderAuditHtml(
      await reportOf([`${hosts}/mcp-server-memory-2025-05.log`, `${hosts}/mcp-server-memory-2026-03-truncated.log`]),
    );
    expect(/<dt>time span<\/dt><dd>([^<]*)/.exec(page)![1]).toBe(
      '2025-05-14T08:02:11.402Z – 2026-03-18T00:47:11.908Z (307d 17h)',
    );
  });

  it('spec and doc references are links (doc links only with a docBase), their text breakable after each slash', async () => {
    const report = await reportOf(SAMPLE);
    const page = renderAuditHtml(report);
    const spec = report.rules.find((r) => r.id === 'progress-after-completion')!.specUrl;
    expect(page).toContain(
      `<a href="${spec}" target="_blank" rel="noreferrer noopener"><code class="ref">https:/<wbr>/<wbr>modelcontextprotocol.io/<wbr>`,
    );
    expect(page).toContain('<code class="ref">docs/<wbr>rules/<wbr>progress-after-completion.md</code>');
    expect(page).not.toMatch(/<a href="file:/);
    const linked = renderAuditHtml(report, { docBase: 'file:///opt/mcptrace/' });
    expect(linked).toContain(
      '<a href="file:///opt/mcptrace/docs/rules/progress-after-completion.md" target="_blank" rel="noreferrer noopener">',
    );
  });

  it('draws one diagram step per kept message and marks the elided gap', async () => {
    const report = await reportOf(SAMPLE);
    const page = renderAuditHtml(report);
    const seq = report.sessions[0].sequence;
    expect(seq.elided).toBeGreaterThan(0);
    const kept = seq.head.length + seq.tail.length;
    expect(page.match(/<a class="step"/g)).toHaveLength(kept);
    expect(page.match(/<line class="arrow msg /g)).toHaveLength(
      [...seq.head, ...seq.tail].filter((s) => s.kind !== 'event').length,
    );
    expect(page).toContain(`… ${seq.elided} messages elided …`);
    expect(page.match(/<details class="body" id="m-0-\d+">/g)).toHaveLength(kept);
    // Responses dashed, errors red, notifications with an open head.
    expect(page).toMatch(/<line class="arrow msg res"[^>]*marker-end="url\(#sq0-solid\)"/);
    expect(page).toMatch(/<line class="arrow msg err"[^>]*marker-end="url\(#sq0-red\)"/);
    expect(page).toMatch(/<line class="arrow msg ntf"[^>]*marker-end="url\(#sq0-open\)"/);
  });

  it('is deterministic', async () => {
    expect(renderAuditHtml(await reportOf(SAMPLE))).toBe(renderAuditHtml(await reportOf(SAMPLE)));
  });

  it('escapes hostile strings from the log in text, attributes, SVG and bodies', async () => {
    const report = await reportOf(HOSTILE);
    expect(report.findings.length).toBeGreaterThan(5);
    const page = renderAuditHtml(report);
    expectSelfContained(page);
    // Only the renderer's own script tag; none of the payloads' markup survives as markup.
    expect(page.match(/<script/gi)).toHaveLength(1);
    for (const raw of [
      '<img',
      '<svg onload',
      '<svg/onload',
      '<iframe',
      '</textarea>',
      '<link',
      '<meta http-equiv="refresh"',
      '<a href="javascript',
      ']]><script',
    ]) {
      expect(page.toLowerCase(), raw).not.toContain(raw.toLowerCase());
    }
    // …but all of it is there as text.
    expect(page).toContain(
      '&lt;script&gt;window.__pwned=&quot;script&quot;;document.title=&quot;pwned&quot;&lt;/script&gt;',
    );
    expect(page).toContain('&lt;img src=x onerror=&quot;window.__pwned=&#39;img&#39;;alert(&#39;img&#39;)&quot;&gt;');
    expect(page).toContain('&lt;/textarea&gt;&lt;script&gt;window.__pwned=');
    expect(page).toContain('javascript:window.__pwned=');
    expect(page).toContain('sess&quot;&gt;&lt;script&gt;');
    // Text that already looks like entities is shown literally, not decoded.
    expect(page).toContain('&amp;lt;script&amp;gt;window.__pwned=');
    // Terminal escapes and bidi overrides are made visible, not passed through.
    expect(page).toContain('esc\\x1b[31mred');
    expect(page).toContain('bidi\\u202eevil');
    expect(page).not.toMatch(/[\u0000\u001b\u202e]/);
  });

  it.each(readdirSync(VIOLATIONS).map((id) => [id] as const))('renders the %s violation fixture safely', async (id) => {
    const bad = readdirSync(join(VIOLATIONS, id)).find((f) => f.startsWith('bad.'));
    expect(bad, `${VIOLATIONS}/${id}/bad.* exists`).toBeDefined();
    const optsPath = join(VIOLATIONS, id, 'options.json');
    const opts = existsSync(optsPath) ? (JSON.parse(readFileSync(optsPath, 'utf8')) as AnalyzerOptions) : {};
    const { maxPending, maxSessions, maxMessageBytes, ruleOptions } = opts;
    const report = await reportOf(join(VIOLATIONS, id, bad!), {
      maxPending,
      maxSessions,
      maxMessageBytes,
      ruleOptions,
    });
    // The fixture breaks its rule here as in the rule tests, so the page has that finding to show.
    expect(report.findings.map((f) => f.rule)).toContain(id);
    const page = renderAuditHtml(report);
    expectSelfContained(page);
    parseHtml(page);
    expect(page.match(/<tr class="finding"/g)?.length ?? 0).toBe(report.findings.length);
  });
});

describe('html audit report well-formedness', () => {
  it('is well-formed: every element closed in order, attributes quoted, only XML entities (html-check.ts)', async () => {
    for (const log of [SAMPLE, HOSTILE]) {
      const report = await reportOf(log);
      const root = parseHtml(renderAuditHtml(report));
      expect(
        elements(root, 'tr').filter((tr) => tr.attrs.class === 'finding'),
        log,
      ).toHaveLength(report.findings.length);
      expect(elements(root, 'body'), log).toHaveLength(1);
    }
  });

  it('the check catches what HTML would repair silently', async () => {
    const page = renderAuditHtml(await reportOf(SAMPLE));
    parseHtml(page);
    const broken = [
      page.replace('</table>', ''),
      page.replace('</td>', ''),
      page.replace('<td>', '<td><b>'),
      page.replace('<br>', '<br></br>'),
      page.replace('<td>', '<td>a & b'),
      page.replace('<td>', '<td>a < b'),
      page.replace('<td>', '<td>&nbsp;'),
      page.replace('<td>', '<td class=x>'),
      page.replace('<td>', '<td class="a" class="b">'),
      page.replace('</html>', '</html><p>'),
      page.replace('<!DOCTYPE html>\n', ''),
    ];
    for (const b of broken) expect(b).not.toBe(page);
    for (const [k, b] of broken.entries()) expect(() => parseHtml(b), `broken page ${k}`).toThrow();
  });
});
