// The HTML audit report in a real browser (Debian's Chromium via playwright-core): what it shows, the filter, and that no log content runs.
//
// Skipped with a message only when /usr/bin/chromium is missing on a developer machine; with CI set, a missing
// browser fails the run (CI installs it: .ci/run apt_packages), so CI never passes without running these.
import { copyFileSync, existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditReport } from '../../src/audit/types.js';
import { renderAuditHtml } from '../../src/output/audit/html.js';
import { reportOf } from '../helpers/audit.js';
import { runCli } from '../helpers/cli.js';
import {
  CHROMIUM,
  KEEP_SHOTS,
  launchChromium,
  open,
  renderAll,
  SHOTS,
  SKIP_BROWSER,
  unstick,
  writeReport,
  type Watch,
} from './chromium.js';
import { tempDir } from '../helpers/temp.js';

const SAMPLE = 'samples/everything.envelope.ndjson';
const HOSTILE = 'test/fixtures/hostile/hostile.envelope.ndjson';
const VIOLATIONS = 'test/fixtures/violations';
const CRASH = 'test/fixtures/failures/claude-desktop/mcp-server-notes-search-crash-x3.log';
const ACCESS_DENIED = 'test/fixtures/failures/vscode/mcp-server-filesystem-access-denied.log';
const HOSTILE_CRASH = 'test/fixtures/hostile/hostile-crash.claude-desktop.log';
const FAILURES = 'test/fixtures/failures';
const DOC_BASE = 'file:///mcptrace/';
/** The sessions not folded into a closed line (a report of many sessions folds those that need no attention). */
const UNFOLDED = 'section.session:not(:has(> details.brief:not([open])))';

/** The ids of the page's cards in document order, and whether the first finding row comes after `#what-happened`. */
async function layout(
  page: Page,
): Promise<{ cards: string[]; findingAfter: boolean | null; sessionAfter: boolean | null }> {
  return page.evaluate(() => {
    const what = document.getElementById('what-happened')!;
    const after = (sel: string) => {
      const el = document.querySelector(sel);
      return el === null ? null : Boolean(what.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING);
    };
    return {
      cards: [...document.querySelectorAll('main > section.card')].map(
        (e) => e.id || (e.classList.contains('session') ? 'session' : '?'),
      ),
      findingAfter: after('tr.finding'),
      sessionAfter: after('section.session'),
    };
  });
}

/**
 * Screenshots of `url` at 700 and 1400 px wide: the top, and when a person will look, the whole page (`full`) or the
 * screens at each of `at` (a page of hundreds of sessions is too long for one shot).
 */
async function shots(browser: Browser, url: string, name: string, full = true, at: string[] = []): Promise<void> {
  for (const width of [700, 1400]) {
    const ctx = await browser.newContext({ viewport: { width, height: 900 } });
    try {
      const { page } = await open(ctx, url);
      await page.screenshot({ path: join(SHOTS, `${name}-${width}-top.png`) });
      if (KEEP_SHOTS && full) await renderAll(page);
      if (KEEP_SHOTS && full) await page.screenshot({ path: join(SHOTS, `${name}-${width}.png`), fullPage: true });
      for (const [i, sel] of (KEEP_SHOTS ? at : []).entries()) {
        await page
          .locator(sel)
          .first()
          .evaluate((e) => e.scrollIntoView({ block: 'start' }));
        await page.screenshot({ path: join(SHOTS, `${name}-${width}-at${i + 1}.png`) });
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    } finally {
      await ctx.close();
    }
  }
}

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

    it('at 700 px the sequence diagram keeps its labels readable (at least 10 px) and scrolls in its box, not the page', async () => {
      const narrow = await browser.newContext({ viewport: { width: 700, height: 900 } });
      try {
        const { page: p } = await open(narrow, url);
        await renderAll(p);
        const m = await p.evaluate(() => {
          const svg = document.querySelector('svg.sequence') as SVGSVGElement;
          const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
          const sizes = [...svg.querySelectorAll('text')].map((t) => parseFloat(getComputedStyle(t).fontSize) * scale);
          const box = svg.closest('.diagram')!;
          return {
            smallest: Math.min(...sizes),
            scrolls: box.scrollWidth > box.clientWidth,
            page: document.documentElement.scrollWidth,
          };
        });
        if (KEEP_SHOTS) {
          await unstick(p);
          await p
            .locator('.diagram')
            .first()
            .screenshot({ path: join(SHOTS, 'everything-sequence-700.png') });
        }
        expect(m.smallest).toBeGreaterThanOrEqual(10);
        expect(m.scrolls).toBe(true);
        expect(m.page).toBeLessThanOrEqual(700);
      } finally {
        await narrow.close();
      }
    });

    it('loads nothing but itself, logs no CSP violation, and can be screenshotted', async () => {
      const shot = join(SHOTS, 'everything-top.png');
      await page.screenshot({ path: shot });
      if (KEEP_SHOTS) {
        await renderAll(page);
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
      await expect(page.locator('svg.sequence line.arrow').count()).resolves.toBe(
        steps.filter((s) => s.kind !== 'event').length,
      );
      await expect(page.locator('svg.sequence .gap-text').textContent()).resolves.toBe(
        `… ${report.sessions[0].sequence.elided} messages elided …`,
      );
      await expect(page.locator('svg.sequence line.err').count()).resolves.toBe(
        steps.filter((s) => s.kind === 'error').length,
      );
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

    it("opens a finding's body below the sticky filter bar, not under it", async () => {
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

    it('opens a request into its story from a finding on it: the timeline with offsets, gaps, roles and the findings', async () => {
      const stories = report.sessions[0].stories!;
      // What went wrong (a tool error, the cancelled call, two error answers), then the slowest.
      expect(stories.map((x) => [x.request.seq, x.outcome])).toEqual([
        [33, 'tool-error'],
        [35, 'ok'],
        [41, 'cancelled'],
        [54, 'error'],
        [100, 'error'],
        [108, 'ok'],
        [117, 'ok'],
        [126, 'ok'],
        [135, 'ok'],
      ]);
      await expect(page.locator('details.story').count()).resolves.toBe(stories.length);
      const details = page.locator('details#story-0-41');
      await expect(details.getAttribute('open')).resolves.toBeNull();
      await page.locator('tr.finding:has(a[data-open="m-0-44"]) a.story-link').click();
      await expect(details.getAttribute('open')).resolves.toBe('');
      await expect(details.locator('summary').innerText()).resolves.toBe(
        'CANCELLED #41 → tools/call trigger-long-running-operation · cancelled after 1.01s; never answered · 2 findings',
      );
      const rows = await details
        .locator('tr.step')
        .evaluateAll((trs) =>
          trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => (td as HTMLElement).innerText)),
        );
      expect(rows.map((r) => r.slice(0, 5))).toEqual([
        ['0ms', '', '#41', '→', 'request'],
        ['+1.00s', '1.00s', '#42', '←', 'progress'],
        ['+1.01s', '4ms', '#43', '→', 'cancel'],
        ['+2.01s', '1.00s', '#44', '←', 'progress'],
        ['+3.01s', '1.00s', '#45', '←', 'progress'],
      ]);
      expect(rows[3]![5]).toMatch(
        /^2\/3\nWARNING progress-after-completion: progress for token 12 after its tools\/call request \(id 12\) was cancelled$/,
      );
      expect(await details.locator('table.story').isVisible()).toBe(true);
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

  describe('failing host logs: what happened comes first', () => {
    // The report, its page at 1400 px, and what the page did.
    let v: { report: AuditReport; url: string; context: BrowserContext; page: Page; watch: Watch };

    beforeAll(async () => {
      const report = await reportOf([CRASH, ACCESS_DENIED, SAMPLE], { failOn: 'none' });
      const url = writeReport('what-happened', renderAuditHtml(report, { docBase: DOC_BASE }));
      const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
      v = { report, url, context, ...(await open(context, url)) };
    });
    afterAll(async () => {
      await v?.context.close();
    });

    it('puts the diagnosis after the header and before every session and finding', async () => {
      const l = await layout(v.page);
      expect(l.cards.slice(0, 2)).toEqual(['summary', 'what-happened']);
      expect(l.findingAfter).toBe(true);
      expect(l.sessionAfter).toBe(true);
      expect(v.watch.errors).toEqual([]);
      expect(v.watch.requests).toEqual([v.url]);
    });

    it('has a row per session with its verdict, server, headline cause and side', async () => {
      const rows = await v.page
        .locator('#what-happened tr.diagnosis')
        .evaluateAll((trs) =>
          trs.map((tr) => [...tr.querySelectorAll('td')].slice(0, 4).map((td) => (td as HTMLElement).innerText)),
        );
      expect(rows).toHaveLength(v.report.diagnoses.length);
      expect(rows.filter((r) => r[0] === 'FAILED').map((r) => [r[1], r[3]])).toEqual([
        ['notes-search', 'server'],
        ['notes-search', 'server'],
        ['notes-search', 'client'],
      ]);
      expect(rows.find((r) => r[0] === 'DEGRADED')?.[2]).toMatch(/^tool-errors: /);
      expect(rows[0][2]).toMatch(/^server-exited: notes-search exited before answering initialize/);
    });

    it("quotes the server's stderr as evidence and links the cause's page and the record", async () => {
      const evidence = await v.page.locator('#what-happened ol.evidence pre').allInnerTexts();
      expect(evidence).toContain("AttributeError: 'NoneType' object has no attribute 'tools_changed'");
      expect(evidence.some((e) => e.includes("can't open file '/Users/dev/src/notes-search/server_main.py'"))).toBe(
        true,
      );
      const causes = await v.page
        .locator('#what-happened a[href$=".md"]')
        .evaluateAll((as) => [...new Set(as.map((a) => a.getAttribute('href')))]);
      expect(causes.sort()).toEqual(
        ['server-exited', 'spawn-failed', 'tool-errors'].map((c) => `${DOC_BASE}docs/causes/${c}.md`),
      );
      // A tool's error result: the link opens its body in the session's section.
      const link = v.page.locator('#what-happened .why.degraded ol.evidence a[data-open]').first();
      const id = (await link.getAttribute('data-open'))!;
      expect(id).toMatch(/^m-\d+-\d+$/);
      await link.click();
      await expect(v.page.locator(`details#${id}`).getAttribute('open')).resolves.toBe('');
      await expect(v.page.locator(`details#${id} pre`).innerText()).resolves.toContain('isError');
    });

    it('reads at 700 and 1400 px', async () => {
      await shots(browser, v.url, 'what-happened');
    });
  });

  describe('300 sessions', () => {
    let context: BrowserContext;
    let report: AuditReport;
    let html: string;
    let page: Page;
    let url: string;

    beforeAll(async () => {
      // Every failing host log, and the sample's session re-keyed until there are 300 sessions.
      const failing = readdirSync(FAILURES, { recursive: true })
        .map((f) => join(FAILURES, String(f)))
        .filter((f) => /\.(log|txt|jsonl)$/.test(f))
        .sort();
      const sample = readFileSync(SAMPLE, 'utf8')
        .split('\n')
        .filter((l) => l.trim() !== '');
      const dir = tempDir('many-sessions');
      const healthy = join(dir, 'healthy.envelope.ndjson');
      const failed = (await reportOf(failing, { failOn: 'none' })).diagnoses.filter((d) => d.session !== '').length;
      writeFileSync(
        healthy,
        Array.from({ length: 300 - failed }, (_, k) =>
          sample.map((l) => JSON.stringify({ ...JSON.parse(l), session: `s${k}` })).join('\n'),
        ).join('\n') + '\n',
      );
      report = await reportOf([...failing, healthy], { failOn: 'none' });
      html = renderAuditHtml(report, { docBase: DOC_BASE });
      url = writeReport('many-sessions', html);
      context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
      ({ page } = await open(context, url));
    });
    afterAll(async () => {
      await context?.close();
    });

    it('opens with the summary by cause and by rule, and draws only the sessions that need attention', async () => {
      expect(report.diagnoses.filter((d) => d.session !== '')).toHaveLength(300);
      const l = await layout(page);
      expect(l.cards.slice(0, 2)).toEqual(['summary', 'what-happened']);
      expect(l.findingAfter).toBe(true);
      const what = page.locator('#what-happened');
      await expect(what.locator('.lead').innerText()).resolves.toMatch(
        /^300 sessions: FAILED \d+, DEGRADED \d+, OK \d+/,
      );
      await expect(what.locator('table.causes tbody tr').count()).resolves.toBeGreaterThan(5);
      await expect(what.locator('.rules-fired a').count()).resolves.toBeGreaterThan(0);
      // The first screen is the header and the summary by cause, not a list of sessions.
      const causes = await what.locator('table.causes').boundingBox();
      expect(causes!.y).toBeLessThan(900);
      // The sessions that are ok are a line each, folded; the ones drawn in full are few.
      await expect(what.locator('details.ok-sessions').getAttribute('open')).resolves.toBeNull();
      expect(await page.locator('svg.sequence').count()).toBeLessThanOrEqual(10);
      await expect(page.locator('section.brief details.brief:not([open])').count()).resolves.toBeGreaterThan(100);
      // Small: a page of a few hundred bytes per session, not tens of kilobytes (the sessions drawn in full were 18 MB).
      expect(html.length).toBeLessThan(3_000_000);
    });

    it('opens a session that is a line when its line is clicked', async () => {
      const index = await page
        .locator('section.brief:has(> details.brief:not([open]))')
        .first()
        .getAttribute('data-session-index');
      const brief = page.locator(`section.brief[data-session-index="${index}"] > details.brief`);
      await brief.locator('> summary').click();
      await expect(brief.getAttribute('open')).resolves.toBe('');
      await expect(brief.locator('details.steps summary').isVisible()).resolves.toBe(true);
    });

    it('reads at 700 and 1400 px', async () => {
      await shots(browser, url, 'many-sessions', false, [
        '#what-happened h3:nth-of-type(3)',
        '#what-happened .why',
        'section.session',
        'section.brief',
      ]);
    });
  });

  describe('a modern session with crossing chains and a listen stream', () => {
    let context: BrowserContext;
    let page: Page;
    let watch: Watch;
    let url: string;

    beforeAll(async () => {
      url = writeReport(
        'modern-chains',
        renderAuditHtml(await reportOf('test/fixtures/modern/messy/wrap-capture.envelope.ndjson')),
      );
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
          titles: [...document.querySelectorAll('svg.sequence text.chain-title')].map((e) => ({
            ...box(e),
            text: [...e.childNodes]
              .filter((n) => n.nodeType === 3)
              .map((n) => n.textContent)
              .join(''),
          })),
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
      for (const l of boxes.legs)
        expect(boxes.bands.some((b) => l.top >= b.top && l.bottom <= b.bottom && l.left >= b.left)).toBe(true);
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
      const bad = readdirSync(VIOLATIONS).flatMap((id) =>
        readdirSync(join(VIOLATIONS, id))
          .filter((f) => f.startsWith('bad.'))
          .map((f) => join(VIOLATIONS, id, f)),
      );
      report = await reportOf(bad);
      context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      ({ page } = await open(context, writeReport('violations', renderAuditHtml(report))));
    });
    afterAll(async () => {
      await context?.close();
    });

    // A report of many sessions folds those that need no attention into a line each: their rows are shown when opened.
    const visible = async (sev: string) => ({
      total: await page.locator(`${UNFOLDED} tr.finding[data-sev="${sev}"]`).count(),
      shown: await page.locator(`tr.finding[data-sev="${sev}"]:visible`).count(),
    });

    it("hides a severity's rows when it is unchecked and shows them again", async () => {
      for (const s of ['error', 'warning', 'info'] as const)
        expect(report.totals[s], `fixtures give ${s} findings`).toBeGreaterThan(0);
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
        expect(await p.locator('tr.finding').count()).toBe(report.findings.length);
        const rows = await p.locator(`${UNFOLDED} tr.finding`).count();
        expect(rows).toBeGreaterThan(0);
        expect(await p.locator('tr.finding:visible').count()).toBe(rows);
        // A folded session opens by its native <details> toggle.
        const index = await p
          .locator('section.brief:has(> details.brief:not([open]))')
          .first()
          .getAttribute('data-session-index');
        const folded = p.locator(`section.brief[data-session-index="${index}"] > details.brief`);
        await folded.locator('> summary').click();
        expect(await folded.locator('tr.finding').first().isVisible()).toBe(true);
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
      page = renderAuditHtml(await reportOf([HOSTILE, HOSTILE_CRASH]));
    });

    // The same checks with the CSP as rendered, and with the CSP removed: escaping alone must already hold.
    it.each([
      ['with its CSP', 'hostile', (p: string) => p],
      [
        'with the CSP removed',
        'hostile-no-csp',
        (p: string) => p.replace(/<meta http-equiv="Content-Security-Policy"[^>]*>/, ''),
      ],
    ])('runs no script and loads nothing %s', async (_label, name, transform) => {
      const html = transform(page);
      const url = writeReport(name, html);
      const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      try {
        const { page: p, watch } = await open(ctx, url);
        if (name === 'hostile') {
          await p.screenshot({ path: join(SHOTS, `${name}-top.png`) });
          if (KEEP_SHOTS) {
            await renderAll(p);
            await p.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
            await unstick(p);
            await p
              .locator('section.session')
              .first()
              .screenshot({ path: join(SHOTS, `${name}-session.png`) });
          }
        }
        // Give handlers every chance: hover and click everything, open every body, focus every control.
        // Links out of the page (spec sections, rule pages: made from the rule table, never from the log; their
        // addresses are checked below) are hovered but not followed.
        await p.evaluate(() => {
          for (const el of document.querySelectorAll('body *')) {
            const out = el.closest('a[target="_blank"]') !== null;
            for (const type of ['mouseover', 'mouseenter', 'focus', 'click'])
              if (!(out && type === 'click')) el.dispatchEvent(new MouseEvent(type, { bubbles: true }));
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
          loaders: document.querySelectorAll(
            'img, iframe, object, embed, link, video, audio, source, meta[http-equiv="refresh"], base, form',
          ).length,
          handlers: [...document.querySelectorAll('*')].flatMap((e) =>
            [...e.attributes].filter((a) => a.name.toLowerCase().startsWith('on')).map((a) => `${e.tagName} ${a.name}`),
          ),
          links: [...document.querySelectorAll('a')]
            .map((a) => a.getAttribute('href'))
            .filter((h) => h === null || !h.startsWith('#')),
          outLinks: [...document.querySelectorAll('a[target="_blank"]')].map(
            (a) => `${a.getAttribute('href')} ${a.getAttribute('rel')}`,
          ),
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
          expect(l).toMatch(
            /^(https:\/\/modelcontextprotocol\.io\/specification\/[0-9-]+\/\S+|https:\/\/www\.rfc-editor\.org\/rfc\/rfc\d+#section-[\d.]+) noreferrer noopener$/,
          );
        }
        expect(state.location).toBe(url);
        expect(watch.dialogs).toEqual([]);
        expect(watch.requests).toEqual([url]);
        expect(watch.errors).toEqual([]);
        // The payloads are on the page as text.
        expect(state.text).toContain('<script>window.__pwned="script";document.title="pwned"</script>');
        expect(state.text).toContain(`<img src=x onerror="window.__pwned='img';alert('img')">`);
        expect(state.text).toContain('javascript:window.__pwned="js-url"');
        // The crash's stderr, quoted as the diagnosis's evidence: text too, its controls made visible.
        expect(state.text).toContain(
          `AttributeError: <img src=x onerror="window.__pwned='stderr'"><script>window.__pwned='stderr-script'</script> \\u202e`,
        );
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
      // Only the line that says what was written.
      expect(r.stderr).toMatch(/^mcptrace: wrote \S*report\.html \([\d,]+ bytes; html; [^\n]*\)\n$/);
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
            for (const type of ['mouseover', 'focus', 'click'])
              if (!(out && type === 'click')) el.dispatchEvent(new MouseEvent(type, { bubbles: true }));
          }
          for (const d of document.querySelectorAll('details')) d.open = true;
        });
        await p.waitForTimeout(200);
        const state = await p.evaluate(() => ({
          pwned: (window as unknown as { __pwned?: unknown }).__pwned ?? null,
          scripts: document.scripts.length,
          loaders: document.querySelectorAll('img, iframe, object, embed, link, video, audio, source, base, form')
            .length,
          handlers: [...document.querySelectorAll('*')].flatMap((e) =>
            [...e.attributes].filter((a) => a.name.toLowerCase().startsWith('on')).map((a) => a.name),
          ),
          text: document.body.innerText,
        }));
        expect(state.pwned).toBeNull();
        expect(state.scripts).toBe(1);
        expect(state.loaders).toBe(0);
        expect(state.handlers).toEqual([]);
        expect(watch.dialogs).toEqual([]);
        expect(watch.requests).toEqual([url]);
        expect(state.text).toContain(
          `"><img src=x onerror="window.__pwned='file'"><svg onload=window.__pwned='name'>.ndjson`,
        );
      } finally {
        await ctx.close();
      }
    });
  });
});
