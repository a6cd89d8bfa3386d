// Every link a report prints resolves: rule pages that exist, spec sections of a known revision, in the session's.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { ruleDocUrl } from '../../src/audit/doc-url.js';
import { MODERN_REVISIONS } from '../../src/protocol/modern.js';
import { FUTURE_REVISIONS, REVISIONS } from '../../src/protocol/revisions.js';
import { RULES } from '../../src/rules/registry.js';
import { SPEC_PAGES, specUrlFor } from '../../src/rules/spec-urls.js';
import { runMain } from '../helpers/in-process.js';
import { lazyTempDir } from '../helpers/temp.js';

const SITE = 'https://modelcontextprotocol.io/specification/';
/** Revisions a spec link may name: the supported ones, and the published one whose own rules cite it (2026-07-28). */
const KNOWN = [...REVISIONS, ...MODERN_REVISIONS, ...FUTURE_REVISIONS];
const revisionOf = (url: string) => url.slice(SITE.length).split('/')[0]!;

describe('rule and spec links', () => {
  it('gives every rule a doc page that exists, and a spec link on a known revision', () => {
    for (const r of RULES) {
      expect(existsSync(ruleDocUrl(r.meta.id)), r.meta.id).toBe(true);
      if (r.meta.specUrl.startsWith(SITE))
        expect(KNOWN, `${r.meta.id}: ${r.meta.specUrl}`).toContain(revisionOf(r.meta.specUrl));
    }
  });

  it('moves a spec link to each revision only where that revision has the section', () => {
    for (const r of RULES) {
      for (const rev of [...REVISIONS, '2026-07-28', '2024-10-07', 'nonsense', null]) {
        const url = specUrlFor(r.meta.specUrl, rev);
        if (!url.startsWith(SITE)) continue;
        expect(KNOWN, url).toContain(revisionOf(url));
        const page = url.slice(SITE.length + 11);
        if (url !== r.meta.specUrl) expect(SPEC_PAGES[page], url).toContain(rev);
      }
    }
    // Every section a rule cites on the latest revision is listed, so that older sessions get their own revision's.
    for (const r of RULES.filter((x) => x.meta.specUrl.startsWith(`${SITE}2025-11-25/`))) {
      expect(Object.keys(SPEC_PAGES), r.meta.id).toContain(r.meta.specUrl.slice(SITE.length + 11));
    }
    const progress = `${SITE}2025-11-25/basic/utilities/progress#implementation-notes`;
    expect(specUrlFor(progress, '2024-11-05')).toBe(`${SITE}2024-11-05/basic/utilities/progress#implementation-notes`);
    const header = `${SITE}2025-11-25/basic/transports#protocol-version-header`;
    expect(specUrlFor(header, '2025-03-26')).toBe(header);
    expect(specUrlFor(header, '2025-06-18')).toBe(`${SITE}2025-06-18/basic/transports#protocol-version-header`);
  });
});

describe('links in the reports of a 2024-11-05 session', () => {
  const tmp = lazyTempDir('report-links');
  let dir: string;
  let log: string;
  beforeAll(() => {
    dir = tmp.path;
    // The progress-after-completion example, negotiated on 2024-11-05.
    log = join(dir, 'old.txt');
    writeFileSync(
      log,
      readFileSync('test/fixtures/violations/progress-after-completion/bad.txt', 'utf8').replaceAll(
        '2025-11-25',
        '2024-11-05',
      ),
    );
  });

  it("html: spec links on the session's revision, rule pages that exist", async () => {
    const out = join(dir, 'report.html');
    const r = await runMain(['audit', '-f', 'html', '-o', out, '--fail-on', 'none', log]);
    expect(r.code).toBe(0);
    const hrefs = [...readFileSync(out, 'utf8').matchAll(/<a href="([^"#][^"]*)"/g)].map((m) =>
      m[1]!.replaceAll('&amp;', '&'),
    );
    const spec = hrefs.filter((h) => h.startsWith(SITE));
    const docs = hrefs.filter((h) => h.startsWith('file:'));
    // An HTTP rule cites the RFC of HTTP/1.1, which has no revisions of MCP's.
    const rfc = hrefs.filter((h) => h.startsWith('https://www.rfc-editor.org/rfc/'));
    expect(spec).toContain(`${SITE}2024-11-05/basic/utilities/progress#implementation-notes`);
    expect(docs.length).toBeGreaterThan(0);
    for (const d of docs) expect(existsSync(fileURLToPath(d)), d).toBe(true);
    for (const s of spec) expect(KNOWN).toContain(revisionOf(s));
    expect(hrefs.length).toBe(spec.length + docs.length + rfc.length);
  });

  it("text and markdown: the finding's spec link on the session's revision", async () => {
    for (const format of ['text', 'markdown']) {
      const r = await runMain(['audit', '-f', format, '--fail-on', 'none', log]);
      expect(r.stdout, format).toContain(`${SITE}2024-11-05/basic/utilities/progress#implementation-notes`);
      expect(r.stdout, format).not.toContain(`${SITE}2025-11-25/basic/utilities/progress`);
    }
  });
});
