// What `mcptrace diff` compares: a summary of each side (one capture or a set; what `--write-baseline` keeps), and the
// changes between two of them.

/** The server's surface as its answers showed it: every tool, prompt, resource and template by name, as listed. */
export interface Surface {
  /** The revision the sessions agreed (the first one known). */
  revision: string | null;
  serverInfo: { name: string; version: string } | null;
  /** The server's capabilities from its `initialize` (or `server/discover`) answer. */
  capabilities: Record<string, unknown> | null;
  tools: Record<string, unknown>;
  prompts: Record<string, unknown>;
  resources: Record<string, unknown>;
  templates: Record<string, unknown>;
}

/** How one request was answered. */
export interface Outcome {
  status: 'ok' | 'isError' | 'error';
  /** The error's code (`error`). */
  code?: number;
  /** The result (`ok`, `isError`), when no larger than MAX_KEPT_RESULT; else absent. */
  result?: unknown;
}

/** Latencies and failures of one method (tools by name: `tools/call echo`). */
export interface CallStats {
  calls: number;
  /** JSON-RPC errors and `isError` results. */
  failures: number;
  /** Latencies in ms, a uniform sample of at most MAX_LATENCIES. */
  latencies: number[];
}

/** One side of a diff: what its captures showed of the server. Plain JSON: the `--write-baseline` file. */
export interface Side {
  /** `mcptrace-diff-baseline/1` in a baseline file. */
  kind: 'mcptrace-diff-baseline/1';
  captures: string[];
  sessions: number;
  messages: number;
  surface: Surface;
  /** How each request (by its key: method and params, `_meta` set aside) was answered, in order. */
  answers: Record<string, Outcome[]>;
  calls: Record<string, CallStats>;
  /** Findings by rule. */
  findings: Record<string, number>;
  /** Sessions by the cause their diagnosis gave (`ok` for none). */
  causes: Record<string, number>;
}

export type Category = 'surface' | 'behaviour' | 'latency' | 'findings';

/** One difference between the sides. */
export interface Change {
  category: Category;
  /** Breaks a client that worked with A: a tool, prompt or resource removed, a required argument added, a type narrowed, an answer that became an error. */
  breaking: boolean;
  /** What changed: `tool echo`, `tools/call echo`, `rule schema-violation`. */
  subject: string;
  /** What happened to it, in words. */
  what: string;
}

export interface DiffReport {
  a: { captures: string[]; sessions: number; messages: number };
  b: { captures: string[]; sessions: number; messages: number };
  changes: Change[];
  /** Requests compared (asked on both sides), and asked on one side only. */
  requests: { compared: number; onlyA: number; onlyB: number };
}
