/**
 * Builds a predicate; each flag may repeat (any of its values matches) and flags combine with AND.
 * A method value ending in `*` or `/` matches as a prefix (`--method 'tools/*'`).
 */
export function buildFilter(f) {
    const tests = [];
    if (f.method?.length) {
        const exact = new Set(f.method.filter((m) => !isPrefix(m)));
        const prefixes = f.method.filter(isPrefix).map((m) => m.replace(/\*$/, ''));
        tests.push((r) => r.method !== null && (exact.has(r.method) || prefixes.some((p) => r.method.startsWith(p))));
    }
    if (f.primitive?.length) {
        const set = new Set(f.primitive);
        tests.push((r) => set.has(r.primitive ?? 'unknown') || (r.feature !== null && set.has(r.feature)));
    }
    if (f.phase?.length)
        tests.push(inSet(f.phase, (r) => r.phase));
    if (f.dir?.length)
        tests.push(inSet(f.dir, (r) => r.dir));
    if (f.session?.length)
        tests.push(inSet(f.session, (r) => r.session));
    if (tests.length === 0)
        return null;
    return (r) => tests.every((t) => t(r));
}
const isPrefix = (m) => m.endsWith('*') || m.endsWith('/');
function inSet(values, get) {
    const set = new Set(values);
    return (r) => set.has(get(r));
}
//# sourceMappingURL=filter.js.map