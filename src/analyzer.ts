// The pipeline without its edges: frames in, annotated records out, with end-of-input summary.
import { decodeFrame } from './decode/decode.js';
import type { InputFormat } from './input/index.js';
import { RuleEngine, type EndFinding, type RuleSettings } from './rules/engine.js';
import type { RuleOptions } from './rules/types.js';
import { RunContext, Tracker } from './session/tracker.js';
import type { Frame, OpenRequest, PipelineRecord, SessionInfo } from './types.js';

export interface AnalyzerOptions {
  /** Force an input format instead of detecting it per input. */
  inputFormat?: InputFormat;
  /** Bound on open requests tracked per session (default 100,000). */
  maxPending?: number;
  /** Rule severity overrides (`off` disables). */
  rules?: RuleSettings;
  /** Options rules read (`slowMs`). */
  ruleOptions?: Partial<RuleOptions>;
}

export interface AnalysisSummary {
  sessions: SessionInfo[];
  /** Requests never answered (cancelled ones flagged), in seq order. */
  open: OpenRequest[];
  /** Findings that only end of input can tell (unanswered requests). */
  findings: EndFinding[];
}

/** One input stream being analysed: push frames, get records; `end()` when the stream is done. */
export interface InputAnalysis {
  push(frame: Frame): PipelineRecord[];
  end(): void;
}

export class Analyzer {
  private readonly ctx: RunContext;
  private readonly engine: RuleEngine;
  private readonly open: OpenRequest[] = [];

  constructor(readonly opts: AnalyzerOptions = {}) {
    this.ctx = new RunContext(opts.maxPending ?? 100_000);
    this.engine = new RuleEngine(opts.rules, opts.ruleOptions);
  }

  /** Starts a new input stream (a file, stdin): its sessions are its own. */
  input(file: string): InputAnalysis {
    const tracker = new Tracker(this.ctx, file);
    return {
      push: (frame) => {
        const out: PipelineRecord[] = [];
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
  session(key: string): SessionInfo | undefined {
    return this.ctx.byKey.get(key)?.info;
  }

  /** What only the end of all inputs can tell. */
  summary(): AnalysisSummary {
    const open = [...this.open].sort((a, b) => a.seq - b.seq);
    return { sessions: this.ctx.sessions.map((s) => s.info), open, findings: this.engine.finish(open, this.ctx.sessions) };
  }
}
