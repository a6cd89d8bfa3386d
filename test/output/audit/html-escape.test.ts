// The HTML escaping template: every interpolated value is escaped unless it is markup the renderer built.
import { describe, expect, it } from 'vitest';
import { display, escapeHtml, html, preText, rawHtml, SafeHtml } from '../../../src/output/audit/html-escape.js';

describe('escapeHtml', () => {
  it('escapes the five characters that matter in text and quoted attributes', () => {
    expect(escapeHtml(`<a href="x" title='y'>&amp;</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;amp;&lt;/a&gt;',
    );
  });

  it('shows control characters, C1 and bidi overrides as visible escapes', () => {
    expect(escapeHtml('a\x1b[31mb\u009bc\u202ed\u2066e\nf\x00')).toBe('a\\x1b[31mb\\u009bc\\u202ed\\u2066e\\nf\\x00');
  });

  it('keeps newlines and tabs for <pre> blocks only', () => {
    expect(escapeHtml('a\n\tb<', true)).toBe('a\n\tb&lt;');
    expect(preText('x\ny\x1b').value).toBe('x\ny\\x1b');
  });
});

describe('html template', () => {
  it('escapes interpolated strings and numbers, and drops null, undefined and false', () => {
    const evil = '"><script>alert(1)</script>';
    expect(html`<td title="${evil}">${evil}${null}${undefined}${false}${0}</td>`.value).toBe(
      '<td title="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;">&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;0</td>',
    );
  });

  it('passes markup built by html through, and joins arrays', () => {
    const cells = ['<a>', 'b'].map((c) => html`<td>${c}</td>`);
    const row = html`<tr>${cells}</tr>`;
    expect(row).toBeInstanceOf(SafeHtml);
    expect(row.value).toBe('<tr><td>&lt;a&gt;</td><td>b</td></tr>');
    expect(html`${rawHtml('<b>')}`.value).toBe('<b>');
  });

  it('does not trust objects that merely look like markup', () => {
    const fake = { value: '<script>' } as unknown as string;
    expect(html`${fake}`.value).toBe('[object Object]');
  });
});

describe('display', () => {
  it('turns any JSON value from the log into text', () => {
    expect(display('x')).toBe('x');
    expect(display(3)).toBe('3');
    expect(display(null)).toBe('null');
    expect(display(undefined)).toBe('');
    expect(display({ a: '<b>' })).toBe('{"a":"<b>"}');
  });
});
