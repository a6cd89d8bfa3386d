// Where a rule's documentation page is: in the package, at docs/rules/<id>.md.
/** Repository-relative path of the rule's doc page (shipped in the npm package under the same path). */
export function ruleDocUrl(id) {
    return `docs/rules/${id}.md`;
}
//# sourceMappingURL=doc-url.js.map