// HTML well-formedness for the report tests: the page read as XML by @rgrove/parse-xml (a strict XML 1.0 parser), after
// the three things HTML allows and XML does not are written the XML way, so every other slip is an error.
import { parseXml, type XmlElement } from './xml-check.js';

/** HTML's void elements: no end tag, so XML needs them self-closed. */
const VOID = new Set([
  'area',
  'base',
  'br',
  'col',
  'embed',
  'hr',
  'img',
  'input',
  'link',
  'meta',
  'source',
  'track',
  'wbr',
]);

/**
 * A start tag as the renderer writes it: a name, then attributes that are bare (`checked`) or double-quoted. A tag
 * of any other shape (an unquoted value, a stray `<`) is left alone, and the XML parser rejects it.
 */
const START_TAG = /<([a-zA-Z][a-zA-Z0-9-]*)((?:\s+[^\s"'<>/=]+(?:="[^"<]*")?)*)\s*(\/?)>/g;
const BARE_ATTRIBUTE = /(\s+)([^\s"'<>/=]+)(="[^"<]*")?/g;

/**
 * The page as an XML document: `<script>` and `<style>` bodies set aside (CSS and script the renderer wrote; the HTML
 * tests pin them by hash), void elements self-closed, bare attributes given an empty value. Nothing else changes: a
 * tag left open or closed twice, an end tag for a void element, an attribute given twice, a raw `<` or `&` in text, a
 * named entity XML does not know (only `&amp;` `&lt;` `&gt;` `&quot;` `&apos;` and numeric references are), or text
 * after `</html>` stays an error.
 */
export function htmlAsXml(page: string): string {
  return page
    .replace(/<(script|style)((?:\s[^>]*)?)>[\s\S]*?<\/\1>/g, '<$1$2></$1>')
    .replace(START_TAG, (_tag, name: string, attrs: string, slash: string) => {
      const xmlAttrs = attrs.replace(
        BARE_ATTRIBUTE,
        (_a, space: string, attr: string, value: string | undefined) => `${space}${attr}${value ?? '=""'}`,
      );
      return `<${name}${xmlAttrs}${slash || VOID.has(name.toLowerCase()) ? '/' : ''}>`;
    });
}

/** Parses the page (which must start with `<!DOCTYPE html>`) or throws the parser's first error; returns `<html>`. */
export function parseHtml(page: string): XmlElement {
  if (!page.startsWith('<!DOCTYPE html>')) throw new Error('no <!DOCTYPE html> first');
  const root = parseXml(htmlAsXml(page));
  if (root.name !== 'html') throw new Error(`root element is <${root.name}>`);
  return root;
}
