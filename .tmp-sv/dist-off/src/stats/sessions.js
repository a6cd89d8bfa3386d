import { CappedMap } from './capped-map.js';
import { ScopeTally } from './scope.js';
import { OTHER_KEY } from './types.js';
function peer(info) {
    const name = info?.name;
    const version = info?.version;
    return { name: typeof name === 'string' ? name : null, version: typeof version === 'string' ? version : null };
}
/** Session key → tally, capped at `maxSessions` distinct keys (the rest share `(other)`). */
export class SessionTable {
    limits;
    tallies;
    constructor(maxSessions, limits) {
        this.limits = limits;
        this.tallies = new CappedMap(maxSessions, () => new ScopeTally(this.limits));
    }
    add(r) {
        this.tallies.get(r.session).add(r);
    }
    /**
     * One entry per session: first in the order the session stage reports them (a reported session with no
     * records gets zero counts), then sessions seen only in records, then `(other)` when the cap was hit.
     * Open requests go to their session, or to `(other)` when their session has no entry of its own.
     */
    toStats(infos, open) {
        const known = new Set(infos.map((s) => s.key));
        const openBy = new Map();
        for (const o of open) {
            const key = this.tallies.has(o.session) || known.has(o.session) ? o.session : OTHER_KEY;
            let list = openBy.get(key);
            if (list === undefined)
                openBy.set(key, (list = []));
            list.push(o);
        }
        const out = [];
        const done = new Set();
        const emit = (key, info, tally) => {
            done.add(key);
            out.push({
                key,
                file: info?.file ?? null,
                client: peer(info?.clientInfo),
                server: peer(info?.serverInfo),
                requestedRevision: info?.requestedRevision ?? null,
                negotiatedRevision: info?.negotiatedRevision ?? null,
                ...tally.toStats(openBy.get(key) ?? []),
            });
        };
        for (const info of infos) {
            if (done.has(info.key))
                continue;
            emit(info.key, info, this.tallies.has(info.key) ? this.tallies.get(info.key) : new ScopeTally(this.limits));
        }
        for (const [key, tally] of this.tallies.sortedEntries(() => 0))
            if (!done.has(key))
                emit(key, undefined, tally);
        return out;
    }
}
//# sourceMappingURL=sessions.js.map