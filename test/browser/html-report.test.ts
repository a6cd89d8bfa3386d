// The HTML audit report in a real browser (Debian's Chromium via playwright-core): what it shows, the filter, and that no log content runs.
//
// Skipped with a message only when /usr/bin/chromium is missing on a developer machine; with CI set, a missing
// browser fails the run (CI installs it: .ci/run apt_packages), so CI never passes without running these.
import { copyFileSync, existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditReport } from '../../src/audit/types.js';
import { renderAuditHtml } from '../../src/output/audit/html.js';
import { reportOf } from '../helpers/audit.js';
import { runCli } from '../helpers/cli.js';
import { CHROMIUM, KEEP_SHOTS, launchChromium, open, SHOTS, SKIP_BROWSER, unstick, writeReport, type Watch } from './chromium.js';
import { tempDir } from '../helpers/temp.js';

const SAMPLE = 'samples/everything.envelope.ndjson';
const HOSTILE = 'test/fixtures/hostile/hostile.envelope.ndjson';
const VIOLATIONS = 'test/fixtures/violations';

// A failed test of its own, not only a failed suite, when CI runs without the browser.
it.skipIf(SKIP_BROWSER)(`has Debian's Chromium at ${CHROMIUM} (CI installs it via .ci/run apt_packages)`, () => {
  expect(existsSync(CHROMIUM), `${CHROMIUM} is missing: apt-get install -y chromium`).toBe(true);
});

describe.skipIf(SKIP_BROWSER)(`HTML report in Chromium (${CHROMIUM})`, () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });

  describe('a real session', () => {
    let context: BrowserContext;
    let report: AuditReport;
    let page: Page;
    let watch: Watch;
    let url: string;

    beforeAll(async () => {
      report = await reportOf(SAMPLE);
      url = writeReport('everything', renderAuditHtml(report));
      context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      ({ page, watch } = await open(context, url));
    });
    afterAll(async () => {
      await context?.close();
    });

    it('loads nothing but itself, logs no CSP violation, and can be screenshotted', async () => {
      const shot = join(SHOTS, 'everything-top.png');
      await page.screenshot({ path: shot });
      if (KEEP_SHOTS) {
        await page.screenshot({ path: join(SHOTS, 'everything.png'), fullPage: true });
        await unstick(page);
        await page.locator('svg.sequence').screenshot({ path: join(SHOTS, 'everything-sequence.png') });
        console.log(`screenshots: ${shot}, everything.png and everything-sequence.png beside it`);
      }
      expect(existsSync(shot)).toBe(true);
      expect(watch.requests).toEqual([url]);
      expect(watch.errors).toEqual([]);
      expect(watch.dialogs).toEqual([]);
    });

    it('shows the session header', async () => {
      const session = page.locator('section.session').first();
      await expect(session.locator('dd.client').innerText()).resolves.toBe('mcptrace-recorder 0.1.0');
      await expect(session.locator('dd.server').innerText()).resolves.toBe('mcp-servers/everything 2.0.0');
      await expect(session.locator('h2').innerText()).resolves.toContain(SAMPLE);
      await expect(session.innerText()).resolves.toMatch(/requested 2025-11-25, negotiated 2025-11-25/);
      await expect(page.locator('.verdict').innerText()).resolves.toMatch(report.failed ? /FAILED/ : /PASSED/);
    });

    it('has one visible row per finding', async () => {
      expect(report.findings.length).toBeGreaterThan(0);
      await expect(page.locator('tr.finding').count()).resolves.toBe(report.findings.length);
      // Playwright's `:visible` (what isVisible checks), counted in one call rather than asked row by row.
      await expect(page.locator('tr.finding:visible').count()).resolves.toBe(report.findings.length);
    });

    it('draws one arrow per kept message', async () => {
      const steps = [...report.sessions[0].sequence.head, ...report.sessions[0].sequence.tail];
      await expect(page.locator('svg.sequence a.step').count()).resolves.toBe(steps.length);
      await expect(page.locator('svg.sequence line.arrow').count()).resolves.toBe(steps.filter((s) => s.kind !== 'event').length);
      await expect(page.locator('svg.sequence .gap-text').textContent()).resolves.toBe(`… ${report.sessions[0].sequence.elided} messages elided …`);
      await expect(page.locator('svg.sequence line.err').count()).resolves.toBe(steps.filter((s) => s.kind === 'error').length);
    });

    it('opens a body when its arrow is clicked', async () => {
      const echo = report.sessions[0].sequence.head.find((s) => s.label === 'tools/call echo')!;
      const details = page.locator(`details#m-0-${echo.seq}`);
      await expect(details.getAttribute('open')).resolves.toBeNull();
      await page.locator(`svg.sequence a.step[data-seq="${echo.seq}"]`).click();
      await expect(details.getAttribute('open')).resolves.toBe('');
      const pre = details.locator('pre');
      expect(await pre.isVisible()).toBe(true);
      await expect(pre.innerText()).resolves.toContain('"name":"echo"');
    });

    it('opens a finding\'s body below the sticky filter bar, not under it', async () => {
      const link = page.locator('tr.finding a[data-open]').first();
      const id = (await link.getAttribute('data-open'))!;
      await page.evaluate(() => window.scrollTo(0, 0));
      await link.click();
      const [bar, summary] = await page.evaluate((target) => {
        const rect = (e: Element | null) => e!.getBoundingClientRect().toJSON() as DOMRect;
        return [rect(document.querySelector('fieldset.filter')), rect(document.querySelector(`#${target} > summary`))];
      }, id);
      expect(await page.locator(`details#${id}`).getAttribute('open')).toBe('');
      expect(summary.top).toBeGreaterThanOrEqual(bar.bottom);
      expect(summary.bottom).toBeLessThanOrEqual(900);
    });

    it('fits a 700 px window: tables scroll inside the page rather than widen it, paths break after a slash', async () => {
      const narrow = await browser.newContext({ viewport: { width: 700, height: 900 } });
      try {
        const { page: p } = await open(narrow, url);
        expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(700);
        // The findings' sources may break at their <wbr> after `/` only: each piece stays whole on its line.
        const sources = await p.locator('tr.finding td.mono .muted').evaluateAll((els) => els.map((e) => e.innerHTML));
        expect(sources.length).toBeGreaterThan(0);
        for (const s of sources) expect(s).toMatch(/^samples\/<wbr>everything\.envelope\.ndjson:\d+$/);
      } finally {
        await narrow.close();
      }
    });
  });

  describe('a modern session with crossing chains and a listen stream', () => {
    let context: BrowserContext;
    let page: Page;
    let watch: Watch;
    let url: string;

    beforeAll(async () => {
      url = writeReport('modern-chains', renderAuditHtml(await reportOf('test/fixtures/modern/messy/wrap-capture.envelope.ndjson')));
      context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      ({ page, watch } = await open(context, url));
    });
    afterAll(async () => {
      await context?.close();
    });

    it('draws each chain as one block headed by its operation, every leg marked inside it, and keeps the legs clickable', async () => {
      if (KEEP_SHOTS) {
        await unstick(page);
        await page.locator('svg.sequence').screenshot({ path: join(SHOTS, 'modern-chains-sequence.png') });
      }
      const boxes = await page.evaluate(() => {
        const box = (e: Element) => e.getBoundingClientRect().toJSON() as DOMRect;
        return {
          bands: [...document.querySelectorAll('svg.sequence rect.chain-band')].map(box),
          // The header's own text, not its tooltip (<title>, the whole header when the shown one is cut).
          titles: [...document.querySelectorAll('svg.sequence text.chain-title')].map((e) => ({ ...box(e), text: [...e.childNodes].filter((n) => n.nodeType === 3).map((n) => n.textContent).join('') })),
          legs: [...document.querySelectorAll('svg.sequence rect.chain-leg')].map(box),
        };
      });
      expect(boxes.titles.map((t) => t.text)).toEqual([
        'subscription #5: subscriptions/listen — acknowledged, 1 notification',
        'operation #8: tools/call alert — 2 rounds, 2.91s (server 90ms, client 2.82s)',
        'operation #9: tools/call forecast — 2 rounds, 3.00s (server 746ms, client 2.25s)',
      ]);
      // Each header in the top row of its band; each leg mark inside a band; the crossing bands overlap, none hides another's header.
      boxes.titles.forEach((t, i) => {
        const b = boxes.bands[i]!;
        expect(t.left).toBeGreaterThan(b.left);
        expect(t.right).toBeLessThan(b.right);
        expect(t.top).toBeGreaterThanOrEqual(b.top);
        expect(t.bottom).toBeLessThan(b.top + 24);
      });
      expect(boxes.legs).toHaveLength(11);
      for (const l of boxes.legs) expect(boxes.bands.some((b) => l.top >= b.top && l.bottom <= b.bottom && l.left >= b.left)).toBe(true);
      const retry = page.locator('svg.sequence a.step[data-seq="13"]');
      await retry.click();
      await expect(page.locator('details#m-0-13').getAttribute('open')).resolves.toBe('');
      await expect(page.locator('.legend .chain-key').isVisible()).resolves.toBe(true);
      expect(watch.errors).toEqual([]);
      expect(watch.requests).toEqual([url]);
    });
  });

  describe('the severity filter', () => {
    let context: BrowserContext;
    let report: AuditReport;
    let page: Page;

    beforeAll(async () => {
      const bad = readdirSync(VIOLATIONS).flatMap((id) => readdirSync(join(VIOLATIONS, id)).filter((f) => f.startsWith('bad.')).map((f) => join(VIOLATIONS, id, f)));
      report = await reportOf(bad);
      context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      ({ page } = await open(context, writeReport('violations', renderAuditHtml(report))));
    });
    afterAll(async () => {
      await context?.close();
    });

    const visible = async (sev: string) => ({
      total: await page.locator(`tr.finding[data-sev="${sev}"]`).count(),
      shown: await page.locator(`tr.finding[data-sev="${sev}"]:visible`).count(),
    });

    it('hides a severity\'s rows when it is unchecked and shows them again', async () => {
      for (const s of ['error', 'warning', 'info'] as const) expect(report.totals[s], `fixtures give ${s} findings`).toBeGreaterThan(0);
      expect(await page.locator('fieldset.filter').isVisible()).toBe(true);
      const before = await visible('warning');
      expect(before.shown).toBe(before.total);
      await page.locator('input[data-sev-filter="warning"]').uncheck();
      expect((await visible('warning')).shown).toBe(0);
      const errors = await visible('error');
      expect(errors.shown).toBe(errors.total);
      const infos = await visible('info');
      expect(infos.shown).toBe(infos.total);
      await page.locator('input[data-sev-filter="warning"]').check();
      expect((await visible('warning')).shown).toBe(before.total);
    });

    it('without JavaScript shows every row, no dead filter, and bodies still open', async () => {
      const noJs = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 900 } });
      try {
        const { page: p } = await open(noJs, writeReport('violations-nojs', renderAuditHtml(report)));
        expect(await p.locator('fieldset.filter').isVisible()).toBe(false);
        const rows = await p.locator('tr.finding').all();
        expect(rows.length).toBe(report.findings.length);
        expect(rows.length).toBeGreaterThan(0);
        expect(await p.locator('tr.finding:visible').count()).toBe(rows.length);
        const first = p.locator('details.body').first();
        await first.locator('summary').click();
        expect(await first.locator('pre, p').first().isVisible()).toBe(true);
      } finally {
        await noJs.close();
      }
    });
  });

  describe('a hostile log', () => {
    let page: string;

    beforeAll(async () => {
      page = renderAuditHtml(await reportOf(HOSTILE));
    });

    // The same checks with the CSP as rendered, and with the CSP removed: escaping alone must already hold.
    it.each([
      ['with its CSP', 'hostile', (p: string) => p],
      ['with the CSP removed', 'hostile-no-csp', (p: string) => p.replace(/<meta http-equiv="Content-Security-Policy"[^>]*>/, '')],
    ])('runs no script and loads nothing %s', async (_label, name, transform) => {
      const html = transform(page);
      const url = writeReport(name, html);
      const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      try {
        const { page: p, watch } = await open(ctx, url);
        if (name === 'hostile') {
          await p.screenshot({ path: join(SHOTS, `${name}-top.png`) });
          if (KEEP_SHOTS) {
            await p.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
            await unstick(p);
            await p.locator('section.session').screenshot({ path: join(SHOTS, `${name}-session.png`) });
          }
        }
        // Give handlers every chance: hover and click everything, open every body, focus every control.
        // Links out of the page (spec sections, rule pages: made from the rule table, never from the log; their
        // addresses are checked below) are hovered but not followed.
        await p.evaluate(() => {
          for (const el of document.querySelectorAll('body *')) {
            const out = el.closest('a[target="_blank"]') !== null;
            for (const type of ['mouseover', 'mouseenter', 'focus', 'click']) if (!(out && type === 'click')) el.dispatchEvent(new MouseEvent(type, { bubbles: true }));
          }
          for (const d of document.querySelectorAll('details')) d.open = true;
        });
        for (const step of (await p.locator('svg.sequence a.step').all()).slice(0, 5)) await step.hover();
        await p.keyboard.press('Tab');
        await p.waitForTimeout(200);

        const state = await p.evaluate(() => ({
          pwned: (window as unknown as { __pwned?: unknown }).__pwned ?? null,
          title: document.title,
          scripts: document.scripts.length,
          loaders: document.querySelectorAll('img, iframe, object, embed, link, video, audio, source, meta[http-equiv="refresh"], base, form').length,
          handlers: [...document.querySelectorAll('*')].flatMap((e) => [...e.attributes].filter((a) => a.name.toLowerCase().startsWith('on')).map((a) => `${e.tagName} ${a.name}`)),
          links: [...document.querySelectorAll('a')].map((a) => a.getAttribute('href')).filter((h) => h === null || !h.startsWith('#')),
          outLinks: [...document.querySelectorAll('a[target="_blank"]')].map((a) => `${a.getAttribute('href')} ${a.getAttribute('rel')}`),
          text: document.body.innerText,
          location: location.href.split('#')[0],
        }));
        expect(state.pwned).toBeNull();
        expect(state.title).not.toBe('pwned');
        expect(state.title).toMatch(/^MCP audit report/);
        expect(state.scripts).toBe(1);
        expect(state.loaders).toBe(0);
        expect(state.handlers).toEqual([]);
        // The only links out: the spec sections of the rules that fired (the MCP specification's, or an RFC's section
        // for the HTTP framing rule), opened apart with no referrer.
        expect(state.links.length).toBeGreaterThan(0);
        expect(state.links.length).toBe(state.outLinks.length);
        for (const l of state.outLinks) {
          expect(l).toMatch(/^(https:\/\/modelcontextprotocol\.io\/specification\/[0-9-]+\/\S+|https:\/\/www\.rfc-editor\.org\/rfc\/rfc\d+#section-[\d.]+) noreferrer noopener$/);
        }
        expect(state.location).toBe(url);
        expect(watch.dialogs).toEqual([]);
        expect(watch.requests).toEqual([url]);
        expect(watch.errors).toEqual([]);
        // The payloads are on the page as text.
        expect(state.text).toContain('<script>window.__pwned="script";document.title="pwned"</script>');
        expect(state.text).toContain(`<img src=x onerror="window.__pwned='img';alert('img')">`);
        expect(state.text).toContain('javascript:window.__pwned="js-url"');
      } finally {
        await ctx.close();
      }
    });
  });
  describe('a hostile log under a hostile file name, through the CLI (redaction on, as by default)', () => {
    let dir: string;
    let html: string;

    beforeAll(async () => {
      dir = tempDir('hostile-name');
      const name = join(dir, `"><img src=x onerror="window.__pwned='file'"><svg onload=window.__pwned='name'>.ndjson`);
      copyFileSync(HOSTILE, name);
      const out = join(dir, 'report.html');
      const r = await runCli(['audit', '-f', 'html', '-o', out, name]);
      expect(r.stderr).toBe('');
      html = readFileSync(out, 'utf8');
    });
    afterAll(() => {
      if (dir) rmSync(dir, { recursive: true, force: true });
    });

    it('runs no script, loads nothing, and shows the file name as text', async () => {
      const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      try {
        const url = writeReport('hostile-file-name', html);
        const { page: p, watch } = await open(ctx, url);
        await p.evaluate(() => {
          for (const el of document.querySelectorAll('body *')) {
            const out = el.closest('a[target="_blank"]') !== null;
            for (const type of ['mouseover', 'focus', 'click']) if (!(out && type === 'click')) el.dispatchEvent(new MouseEvent(type, { bubbles: true }));
          }
          for (const d of document.querySelectorAll('details')) d.open = true;
        });
        await p.waitForTimeout(200);
        const state = await p.evaluate(() => ({
          pwned: (window as unknown as { __pwned?: unknown }).__pwned ?? null,
          scripts: document.scripts.length,
          loaders: document.querySelectorAll('img, iframe, object, embed, link, video, audio, source, base, form').length,
          handlers: [...document.querySelectorAll('*')].flatMap((e) => [...e.attributes].filter((a) => a.name.toLowerCase().startsWith('on')).map((a) => a.name)),
          text: document.body.innerText,
        }));
        expect(state.pwned).toBeNull();
        expect(state.scripts).toBe(1);
        expect(state.loaders).toBe(0);
        expect(state.handlers).toEqual([]);
        expect(watch.dialogs).toEqual([]);
        expect(watch.requests).toEqual([url]);
        expect(state.text).toContain(`"><img src=x onerror="window.__pwned='file'"><svg onload=window.__pwned='name'>.ndjson`);
      } finally {
        await ctx.close();
      }
    });
  });
});
