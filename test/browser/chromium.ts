// Shared by the browser tests: Debian's Chromium through playwright-core, the skip-or-fail rule, and page watching.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { testTmpRoot } from '../helpers/temp.js';

export const CHROMIUM = '/usr/bin/chromium';
const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const HAVE_CHROMIUM = existsSync(CHROMIUM);
const IN_CI = process.env.CI !== undefined && process.env.CI !== '';

/**
 * Skip only on a developer machine without the browser. With CI set a missing browser is not a skip:
 * `launchChromium` throws, so the tests fail and CI cannot pass without running them.
 */
export const SKIP_BROWSER = !HAVE_CHROMIUM && !IN_CI;
if (SKIP_BROWSER) {
  console.warn(
    `browser tests SKIPPED: ${CHROMIUM} not found. Install it with \`apt-get install -y chromium\`. (With CI set this is a failure, not a skip.)`,
  );
}

export async function launchChromium(): Promise<Browser> {
  if (!HAVE_CHROMIUM)
    throw new Error(
      `${CHROMIUM} is missing and CI is set: install Debian's chromium (npm test's first step, scripts/system-tools.mjs, installs it)`,
    );
  return chromium.launch({ executablePath: CHROMIUM, args: ARGS });
}

/**
 * Reports and screenshots: in the run's temporary folder (removed after the run), or kept in MCPTRACE_SHOTS for a
 * person to look at (`MCPTRACE_SHOTS=/tmp/shots npx vitest run test/browser`).
 */
export const SHOTS = process.env.MCPTRACE_SHOTS || join(testTmpRoot(), 'mcptrace-html-report');

/**
 * Whether a person will look at the screenshots (MCPTRACE_SHOTS is set). Only then are the full-page and element
 * screenshots taken, which cost seconds each; otherwise they would be removed unseen, and one viewport screenshot
 * per page shows that it renders.
 */
export const KEEP_SHOTS = Boolean(process.env.MCPTRACE_SHOTS);

/** Writes a report page under SHOTS and returns its file:// URL. */
export function writeReport(name: string, page: string): string {
  mkdirSync(SHOTS, { recursive: true });
  const file = join(SHOTS, `${name}.html`);
  writeFileSync(file, page);
  return pathToFileURL(resolve(file)).href;
}

/**
 * Before element screenshots: the sticky filter bar would cover part of the element. Set through the CSSOM,
 * which the page's CSP allows (an injected <style>, as Playwright's `style` option adds, is refused).
 */
export async function unstick(page: Page): Promise<void> {
  await page.evaluate(() =>
    document.querySelectorAll<HTMLElement>('.filter').forEach((e) => (e.style.position = 'static')),
  );
}

/** Everything the page did that it should not: dialogs, requests, console errors and warnings, uncaught errors. */
export interface Watch {
  dialogs: string[];
  requests: string[];
  errors: string[];
}

/** Opens `url` in a new page of `context`, recording dialogs (dismissed), every request, and console errors. */
export async function open(context: BrowserContext, url: string): Promise<{ page: Page; watch: Watch }> {
  const watch: Watch = { dialogs: [], requests: [], errors: [] };
  const page = await context.newPage();
  page.on('dialog', (d) => {
    watch.dialogs.push(`${d.type()}: ${d.message()}`);
    void d.dismiss();
  });
  context.on('request', (r) => watch.requests.push(r.url()));
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') watch.errors.push(m.text());
  });
  page.on('pageerror', (e) => watch.errors.push(String(e)));
  await page.goto(url, { waitUntil: 'load' });
  return { page, watch };
}

/**
 * Before full-page screenshots: sections off screen are not rendered (`content-visibility: auto`) until they come
 * near, and a full-page screenshot does not bring them; set through the CSSOM, as `unstick` does.
 */
export async function renderAll(page: Page): Promise<void> {
  await page.evaluate(() =>
    document.querySelectorAll<HTMLElement>('section.card').forEach((e) => (e.style.contentVisibility = 'visible')),
  );
}
