// Builds a session's capability matrix: every capability declared or used, by whom, and how often.
import { isDeclared } from '../protocol/index.js';
/** Sub-objects below this depth are not listed (`tasks.requests.tools.call` is depth 4). */
const MAX_DEPTH = 4;
/** Dotted paths of everything a capabilities object declares (`experimental` contents are free-form). */
export function declaredPaths(caps) {
    if (caps === null)
        return [];
    const out = [];
    const walk = (obj, prefix, depth) => {
        for (const key of Object.keys(obj)) {
            const v = obj[key];
            const path = prefix === '' ? key : `${prefix}.${key}`;
            // Boolean flags (`listChanged`, `subscribe`) declare only when true; objects declare by presence.
            if (v === false || v === null || v === undefined)
                continue;
            out.push(path);
            if (path !== 'experimental' && depth < MAX_DEPTH && typeof v === 'object' && !Array.isArray(v)) {
                walk(v, path, depth + 1);
            }
        }
    };
    walk(caps, '', 1);
    return out;
}
export class CapabilityMatrix {
    rows = new Map();
    /** Records one message that depended on `side`'s capability `path`. */
    use(side, path, negotiated) {
        const row = this.row(side, path);
        row.used++;
        if (negotiated === false)
            row.usedUndeclared++;
    }
    /** Rows for everything used, plus everything declared and never used. */
    finish(client, server) {
        for (const [side, caps] of [['client', client], ['server', server]]) {
            const declared = new Set(declaredPaths(caps));
            for (const path of declared)
                this.row(side, path);
            for (const row of this.rows.values()) {
                if (row.side === side)
                    row.declared = caps === null ? null : isDeclared(caps, row.path);
            }
        }
        return [...this.rows.values()].sort((a, b) => (a.side === b.side ? a.path.localeCompare(b.path) : a.side === 'server' ? -1 : 1));
    }
    row(side, path) {
        const key = `${side}:${path}`;
        let row = this.rows.get(key);
        if (!row) {
            row = { side, path, declared: null, used: 0, usedUndeclared: 0 };
            this.rows.set(key, row);
        }
        return row;
    }
}
//# sourceMappingURL=capability-matrix.js.map