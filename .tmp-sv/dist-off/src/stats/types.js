/** Key under which keys past a table's cap are aggregated. */
export const OTHER_KEY = '(other)';
//# sourceMappingURL=types.js.map