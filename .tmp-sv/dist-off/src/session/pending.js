/**
 * Key by sender and exact id: `1` and `"1"` differ, and a client request 0 and a server request 0
 * are different requests (basic/index.mdx §Requests: ids are unique per requestor and session).
 */
export function pendingKey(dir, id) {
    return (typeof id === 'number' ? `${dir}#n` : `${dir}#s`) + id;
}
export class PendingTable {
    limit;
    open = new Map();
    constructor(limit) {
        this.limit = limit;
    }
    get size() {
        return this.open.size;
    }
    get(dir, id) {
        return this.open.get(pendingKey(dir, id));
    }
    /** Adds a request; returns the entry it displaced (same key) and the oldest entry evicted by the bound. */
    add(p) {
        const key = pendingKey(p.dir, p.id);
        const replaced = this.open.get(key);
        if (replaced)
            this.open.delete(key);
        let evicted;
        if (this.open.size >= this.limit) {
            const oldest = this.open.keys().next();
            if (!oldest.done) {
                evicted = this.open.get(oldest.value);
                this.open.delete(oldest.value);
            }
        }
        this.open.set(key, p);
        return { replaced, evicted };
    }
    take(dir, id) {
        const key = pendingKey(dir, id);
        const p = this.open.get(key);
        if (p)
            this.open.delete(key);
        return p;
    }
    values() {
        return this.open.values();
    }
}
//# sourceMappingURL=pending.js.map