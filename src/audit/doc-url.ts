// Where a rule's documentation page is: in the package, at docs/rules/<id>.md.

/** Repository-relative path of the rule's doc page (shipped in the npm package under the same path). */
export function ruleDocUrl(id: string): string {
  let url = URLS.get(id);
  if (url === undefined) {
    url = `docs/rules/${id}.md`;
    // One string per rule, shared by all its findings (the report keeps up to 10,000), while the ids stay few.
    if (URLS.size < 1_000) URLS.set(id, url);
  }
  return url;
}

const URLS = new Map<string, string>();

/** Repository-relative path of a cause's doc page (shipped in the npm package under the same path). */
export function causeDocUrl(id: string): string {
  return `docs/causes/${id}.md`;
}
