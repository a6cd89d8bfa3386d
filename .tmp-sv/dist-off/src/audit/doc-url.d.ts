/** Repository-relative path of the rule's doc page (shipped in the npm package under the same path). */
export declare function ruleDocUrl(id: string): string;
