export const DEFAULT_RULE_OPTIONS = { slowMs: 5_000 };
//# sourceMappingURL=types.js.map