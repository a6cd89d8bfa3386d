import { paramsOf } from '../../session/direction.js';
import { pendingKey } from '../../session/pending.js';
/** How many answered requests each memory keeps per session (the least recently answered are forgotten first). */
export const FLOW_MEMORY_LIMIT = 1024;
/** A map that keeps only its `limit` most recently set keys. */
export class RecentMap {
    limit;
    map = new Map();
    constructor(limit = FLOW_MEMORY_LIMIT) {
        this.limit = limit;
    }
    get(key) {
        return this.map.get(key);
    }
    set(key, value) {
        this.map.delete(key);
        this.map.set(key, value);
        if (this.map.size > this.limit)
            this.map.delete(this.map.keys().next().value);
    }
    delete(key) {
        this.map.delete(key);
    }
    get size() {
        return this.map.size;
    }
}
/**
 * Answered requests by sender and id, and by sender and progress token. A new request with the same id or token
 * makes the old entry obsolete (ids and tokens only have to be unique among active requests), so it is dropped.
 */
export class ClosedRequests {
    byId = new RecentMap();
    byToken = new RecentMap();
    /** Updates the memory from one record; call it on every record, before the lookups. */
    observe(record, facts) {
        if (record.kind === 'request' && record.id !== null) {
            this.byId.delete(pendingKey(record.dir, record.id));
            const token = progressTokenOf(record.message);
            if (token !== null)
                this.byToken.delete(pendingKey(record.dir, token));
            return;
        }
        const p = facts.request;
        if ((record.kind !== 'response' && record.kind !== 'error') || !p)
            return;
        const closed = {
            seq: p.seq, dir: p.dir, id: p.id, method: p.method, closedSeq: record.seq, cancelled: p.cancelled,
            taskId: record.kind === 'response' && p.task ? createdTaskId(record.message) : null,
        };
        this.byId.set(pendingKey(p.dir, p.id), closed);
        if (p.progressToken !== null)
            this.byToken.set(pendingKey(p.dir, p.progressToken), closed);
    }
    /** The answered request that `senderDir` sent with this id (either side's when the direction is unknown). */
    byRequestId(senderDir, id) {
        return lookup(this.byId, senderDir, id);
    }
    /** The answered request whose progress token a progress notification sent in `dir` names (sent the other way). */
    byProgressToken(dir, token) {
        return lookup(this.byToken, opposite(dir), token);
    }
}
/** Looks up a key by direction; with the direction unknown (raw logs), either side's entry. */
function lookup(map, dir, key) {
    if (dir !== 'unknown')
        return map.get(pendingKey(dir, key));
    return map.get(pendingKey('c2s', key)) ?? map.get(pendingKey('s2c', key));
}
export function opposite(d) {
    return d === 'c2s' ? 's2c' : d === 's2c' ? 'c2s' : 'unknown';
}
/** `params._meta.progressToken` of a request, when it is a string or number. */
export function progressTokenOf(message) {
    const meta = paramsOf(message)?._meta;
    const token = meta !== null && typeof meta === 'object' ? meta.progressToken : undefined;
    return typeof token === 'string' || typeof token === 'number' ? token : null;
}
/** `params.progressToken` of a progress notification, when it is a string or number. */
export function notifiedTokenOf(message) {
    const token = paramsOf(message)?.progressToken;
    return typeof token === 'string' || typeof token === 'number' ? token : null;
}
/** The `taskId` of a CreateTaskResult (`result.task.taskId`), else null. */
function createdTaskId(message) {
    const result = message?.result;
    const task = result !== null && typeof result === 'object' ? result.task : undefined;
    const id = task !== null && typeof task === 'object' ? task.taskId : undefined;
    return typeof id === 'string' ? id : null;
}
//# sourceMappingURL=flow-memory.js.map