// XML well-formedness for the JUnit tests: parses with @rgrove/parse-xml (strict XML 1.0) into a small tree.
import { parseXml as parseStrict, XmlElement as RgroveElement, XmlText, XmlCdata } from '@rgrove/parse-xml';

export interface XmlElement {
  name: string;
  attrs: Record<string, string>;
  children: XmlElement[];
  /** Concatenated character data directly inside the element, references decoded. */
  text: string;
}

function convert(el: RgroveElement): XmlElement {
  const children: XmlElement[] = [];
  let text = '';
  for (const c of el.children) {
    if (c instanceof RgroveElement) children.push(convert(c));
    else if (c instanceof XmlText || c instanceof XmlCdata) text += c.text;
  }
  return { name: el.name, attrs: { ...el.attributes }, children, text };
}

/** Parses `xml` or throws on the first well-formedness error; returns the root element. */
export function parseXml(xml: string): XmlElement {
  const root = parseStrict(xml).root;
  if (!root) throw new Error('no root element');
  return convert(root);
}

/** Every element named `name` in the tree below `root` (root included), in document order. */
export function elements(root: XmlElement, name: string): XmlElement[] {
  const out: XmlElement[] = [];
  const walk = (e: XmlElement): void => {
    if (e.name === name) out.push(e);
    e.children.forEach(walk);
  };
  walk(root);
  return out;
}
