/** Text content: `&` `<` `>` as entities (so `]]>` cannot appear either), CR as a reference (a parser would turn it into LF). */
export declare function xmlText(s: string): string;
/**
 * An attribute value (for a double-quoted attribute): as text, plus `"` and `'`, and tab, LF and CR as
 * character references, which attribute-value normalisation (§3.3.3) would otherwise turn into spaces.
 */
export declare function xmlAttr(s: string): string;
