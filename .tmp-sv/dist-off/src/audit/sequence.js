// Keeps the first and last messages of a session for its sequence diagram, in bounded memory.
import { subjectOf } from '../output/subject.js';
const RANK = { info: 1, warning: 2, error: 3 };
export class SequenceKeeper {
    headSize;
    tailSize;
    bodyBytes;
    head = [];
    ring = [];
    next = 0;
    seen = 0;
    constructor(headSize, tailSize, bodyBytes) {
        this.headSize = headSize;
        this.tailSize = tailSize;
        this.bodyBytes = bodyBytes;
    }
    add(r) {
        this.seen++;
        const step = this.step(r);
        if (this.head.length < this.headSize) {
            this.head.push(step);
            return;
        }
        if (this.tailSize === 0)
            return;
        if (this.ring.length < this.tailSize)
            this.ring.push(step);
        else
            this.ring[this.next] = step;
        this.next = (this.next + 1) % this.tailSize;
    }
    finish() {
        const tail = this.ring.length < this.tailSize ? [...this.ring] : [...this.ring.slice(this.next), ...this.ring.slice(0, this.next)];
        return { head: this.head, tail, elided: this.seen - this.head.length - tail.length };
    }
    step(r) {
        let severity = null;
        for (const f of r.findings)
            if (severity === null || RANK[f.severity] > RANK[severity])
                severity = f.severity;
        const subject = r.kind === 'request' || r.kind === 'notification' ? subjectOf(r.method, r.message) : '';
        const name = r.kind === 'event' ? (r.event?.name ?? 'event') : r.kind === 'invalid' ? '(invalid)' : (r.method ?? '?');
        return {
            seq: r.seq,
            ts: r.ts,
            dir: r.dir,
            kind: r.kind,
            id: r.id,
            method: r.method,
            label: subject === '' ? name : `${name} ${subject}`,
            latencyMs: r.latencyMs,
            severity,
            body: this.bodyBytes > 0 ? bodyOf(r, this.bodyBytes) : null,
        };
    }
}
function bodyOf(r, limit) {
    const text = r.kind === 'invalid' ? (r.raw ?? null) : r.kind === 'event' ? JSON.stringify(r.event ?? null) : (r.wire.text ?? JSON.stringify(r.message));
    if (text === null || text === undefined)
        return null;
    return text.length > limit ? `${text.slice(0, limit)}…` : text;
}
//# sourceMappingURL=sequence.js.map