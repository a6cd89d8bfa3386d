// The pipeline without its edges: frames in, annotated records out, with end-of-input summary.
import { decodeFrame } from './decode/decode.js';
import { RuleEngine } from './rules/engine.js';
import { RunContext, Tracker } from './session/tracker.js';
export class Analyzer {
    opts;
    ctx;
    engine;
    open = [];
    constructor(opts = {}) {
        this.opts = opts;
        this.ctx = new RunContext(opts.maxPending ?? 100_000);
        this.engine = new RuleEngine(opts.rules, opts.ruleOptions);
    }
    /** Starts a new input stream (a file, stdin): its sessions are its own. */
    input(file) {
        const tracker = new Tracker(this.ctx, file);
        return {
            push: (frame) => {
                const out = [];
                for (const d of decodeFrame(frame)) {
                    const t = tracker.push(d);
                    this.engine.apply(t);
                    out.push(t.record);
                }
                return out;
            },
            end: () => {
                this.open.push(...tracker.finish());
            },
        };
    }
    /** What is known so far of a session (its handshake, revision, peers). */
    session(key) {
        return this.ctx.byKey.get(key)?.info;
    }
    /** What only the end of all inputs can tell. */
    summary() {
        const open = [...this.open].sort((a, b) => a.seq - b.seq);
        return { sessions: this.ctx.sessions.map((s) => s.info), open, findings: this.engine.finish(open, this.ctx.sessions) };
    }
}
//# sourceMappingURL=analyzer.js.map