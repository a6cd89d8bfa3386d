// The pipeline without its edges: frames in, annotated records out, with end-of-input summary.
import { decodeFrameTo, type Decoded } from './decode/decode.js';
import type { Detection, DocumentSummary, InputFormat } from './input/index.js';
import { RuleEngine, type EndFinding, type RuleSettings } from './rules/engine.js';
import type { RuleOptions } from './rules/types.js';
import { DEFAULT_MAX_SESSIONS } from './session/live-sessions.js';
import { RunContext, Tracker } from './session/tracker.js';
import type { Frame, OpenRequest, PipelineRecord, SessionInfo, Side } from './types.js';
import { StatusLines, type Status } from './util/status.js';

/**
 * The run's status channel (src/util/status.ts) as the analyzer takes it: the lines the stages tell about each input,
 * and, when it has ended, what it held (the CLI says when that was no MCP message).
 */
export interface RunStatus extends Status {
  inputEnd?(input: InputSummary): void;
}

export interface AnalyzerOptions {
  /** Force an input format instead of detecting it per input. */
  inputFormat?: InputFormat;
  /** Told, for each input whose format was detected, what detection chose and every dialect's score. */
  onDetect?: (file: string, detection: Detection) => void;
  /**
   * The run's status channel, written by every stage as it reads (a capture's connections that gave no records, a
   * compressed input cut short, another reading, a followed file replaced) and told each input's summary as it ends.
   * Default: one that keeps the lines (`StatusLines`, `analyzer.status`).
   */
  status?: RunStatus;
  /** The `note` lines of `status` (about an input: a capture's, a compressed input's …), for callers that gave none. */
  onNote?: (file: string, text: string) => void;
  /** Told, for each input read as a JSON document, where its records were read and what it held besides. */
  onDocument?: (file: string, summary: DocumentSummary) => void;
  /** Bound on open requests tracked per session (default 100,000). */
  maxPending?: number;
  /**
   * Bound on live sessions (`--max-sessions`, default 10,000): past it the least recently active session is retired
   * (finding `session-limit`). A record that comes later for a retired session's key starts a new session.
   */
  maxSessions?: number;
  /** Longest line or record read whole (`--max-message-bytes`, default 16 MiB); longer ones are `oversized`. */
  maxMessageBytes?: number;
  /** Rule severity overrides (`off` disables). */
  rules?: RuleSettings;
  /** Options rules read (`slowMs`). */
  ruleOptions?: Partial<RuleOptions>;
  /**
   * For `--jobs` workers: keep each finding's rule data (a non-enumerable `data` property) and key unkeyed sessions
   * `<prefix><n>`, so that the coordinator can renumber one file's seqs and sessions into the run's.
   */
  renumberable?: { ordinalPrefix: string };
  /**
   * Call every rule's check on every record instead of only the records its trigger (`Rule.on`) lets through: the
   * same findings, slower. The reference the routing is tested against.
   */
  unrouted?: boolean;
}

/** What one input (a file, stdin) held, known when it ends. */
export interface InputSummary {
  /** The input's display name (`-` for stdin). */
  file: string;
  /** The reader that read it (`ndjson`, `envelope`, `transcript`, `json`, a dialect); null when not told. */
  format: string | null;
  /** MCP messages: request, response, error and notification records (summaries and cut ones included). */
  messages: number;
  /** `log` records: lines of the log that are not MCP messages. */
  logs: number;
  /** Physical lines read, when the reader counted them (else null). */
  lines: number | null;
  /** The input holds one side's messages only (every session of it that has messages is that side's), else null. */
  onlySide: Side | null;
  /** Why the input gave no bytes to read, when it did not (`not a log: ELF executable`; src/input/files/content.ts); absent else. */
  unread?: string;
}

export interface AnalysisSummary {
  /** The inputs read so far, in input order (absent in summaries made before version 2). */
  inputs?: InputSummary[];
  sessions: SessionInfo[];
  /** Requests never answered (cancelled ones flagged), in seq order. */
  open: OpenRequest[];
  /** Findings that only end of input can tell (unanswered requests). */
  findings: EndFinding[];
}

/** One input stream being analysed: push frames, get records; `end()` when the stream is done. */
export interface InputAnalysis {
  push(frame: Frame): PipelineRecord[];
  /** `push` appending to `out` (no array per frame). */
  pushTo(frame: Frame, out: PipelineRecord[]): void;
  /** The reader that produces the frames, for the records' `format` (set before the first frame). */
  setFormat(format: string): void;
  /** The input has ended; `lines`: the physical lines it held, when known; `unread`: why it gave none. Returns what it held. */
  end(lines?: number, unread?: string): InputSummary;
}

export class Analyzer {
  /** Where the stages tell what they notice about the inputs (`AnalyzerOptions.status`). */
  readonly status: RunStatus;
  private readonly ctx: RunContext;
  private readonly engine: RuleEngine;
  private readonly open: OpenRequest[] = [];
  private readonly inputs: InputSummary[] = [];
  /** Inputs started and not yet ended, for `snapshot()`. */
  private readonly live = new Set<Tracker>();

  constructor(readonly opts: AnalyzerOptions = {}) {
    this.status = opts.status ?? notesTo(opts.onNote) ?? new StatusLines();
    this.ctx = new RunContext(opts.maxPending ?? 100_000, opts.maxSessions ?? DEFAULT_MAX_SESSIONS);
    this.engine = new RuleEngine(opts.rules, opts.ruleOptions, undefined, !opts.unrouted);
    if (opts.renumberable) {
      this.ctx.ordinalPrefix = opts.renumberable.ordinalPrefix;
      this.engine.keepRefs = true;
    }
  }

  /** Starts a new input stream (a file, stdin): its sessions are its own. */
  input(file: string): InputAnalysis {
    const tracker = new Tracker(this.ctx, file);
    this.live.add(tracker);
    const decoded: Decoded[] = [];
    const pushTo = (frame: Frame, out: PipelineRecord[]): void => {
      decoded.length = 0;
      decodeFrameTo(frame, decoded);
      for (let i = 0; i < decoded.length; i++) {
        const t = tracker.push(decoded[i]!);
        this.engine.apply(t);
        if (t.retired) for (const s of t.retired) this.engine.retire(s);
        out.push(t.record);
      }
    };
    return {
      push: (frame) => {
        const out: PipelineRecord[] = [];
        pushTo(frame, out);
        return out;
      },
      pushTo,
      setFormat: (format) => {
        tracker.format = format;
      },
      end: (lines, unread) => {
        if (!this.live.delete(tracker)) return inputSummary(tracker, file, lines, unread); // ended already
        for (const s of tracker.close()) this.engine.retire(s);
        // One by one: spreading a long list into `push` arguments would overflow the stack.
        for (const o of tracker.finish()) this.open.push(o);
        const summary = inputSummary(tracker, file, lines, unread);
        this.inputs.push(summary);
        return summary;
      },
    };
  }

  /** Records numbered so far (the last seq) and unkeyed sessions numbered so far. */
  counts(): { records: number; ordinals: number } {
    return { records: this.ctx.seq, ordinals: this.ctx.ordinal };
  }

  /**
   * Sessions that can still get records (at most `maxSessions`: those of inputs not ended yet), and how many the
   * `maxSessions` bound has retired so far.
   */
  sessionCounts(): { live: number; retired: number } {
    return { live: this.ctx.live.size, retired: this.ctx.live.evicted };
  }

  /** What is known so far of a session (its handshake, revision, peers). */
  session(key: string): SessionInfo | undefined {
    return this.ctx.byKey.get(key)?.info;
  }

  /**
   * What is known so far, for a live view (`--follow`) while inputs are still being read: requests not
   * answered yet are in `open`, and `findings` is empty, because end-of-input findings (unanswered
   * requests, sessions that never finished their handshake) are only true once the input has ended.
   */
  snapshot(): AnalysisSummary {
    const open = [...this.open];
    for (const t of this.live) for (const o of t.finish()) open.push(o);
    open.sort((a, b) => a.seq - b.seq);
    return { inputs: [...this.inputs], sessions: this.ctx.sessions.map((s) => s.info), open, findings: [] };
  }

  /** What only the end of all inputs can tell. */
  summary(): AnalysisSummary {
    const open = [...this.open].sort((a, b) => a.seq - b.seq);
    return {
      inputs: [...this.inputs],
      sessions: this.ctx.sessions.map((s) => s.info),
      open,
      findings: this.engine.finish(open, this.ctx.sessions),
    };
  }
}

/** A channel that hands its `note` lines to `onNote` (the option it replaced). */
function notesTo(onNote: AnalyzerOptions['onNote']): RunStatus | undefined {
  return (
    onNote && {
      note: (source, text, kind = 'note') => {
        if (kind === 'note') onNote(source, text);
      },
    }
  );
}

/** An input's counts, once it has ended. */
function inputSummary(t: Tracker, file: string, lines: number | undefined, unread: string | undefined): InputSummary {
  const s: InputSummary = {
    file,
    format: t.format,
    messages: t.messages,
    logs: t.logs,
    lines: lines ?? null,
    onlySide: t.onlySide,
  };
  if (unread !== undefined) s.unread = unread;
  return s;
}
