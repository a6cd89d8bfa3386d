// The transcript's columns for a terminal width: which columns show and how wide, dropped in a fixed order as it narrows.

/** Columns of one record line, in display columns; 0 means the column is not shown. */
export interface TextLayout {
  /** The whole line, which nothing printed for a record goes past (where its content allows). */
  width: number;
  /** `#12`, right-aligned; a longer number widens its own line only. */
  seq: number;
  /** The session tag (`s2`), once sessions interleave; 0 until then. */
  session: number;
  time: number;
  arrow: number;
  kind: number;
  id: number;
  phase: number;
  /** 0: the method is not padded; it starts the free text (subject, pairing) that ends the line. */
  method: number;
  primitive: number;
  capability: number;
}

/** What the line shows when the width allows: the longest spec method (`notifications/resources/list_changed`) whole. */
const FULL: Omit<TextLayout, 'width' | 'session'> = {
  seq: 5,
  time: 12,
  arrow: 2,
  kind: 3,
  id: 10,
  phase: 4,
  method: 36,
  primitive: 16,
  capability: 28,
};

/**
 * The free text at the end of a line (subject, `↔ #12 4ms`, error) keeps at least this much: a tool name and its
 * pairing. Columns are given up for it in `NARROWER`'s order.
 */
export const FREE_MIN = 28;

/**
 * How the line narrows, one step at a time, while the columns leave the free text less than `free` (default
 * `FREE_MIN`): first what the method already says (the capability path, the primitive), then the method's padding,
 * then what is on every line alike (the phase, given up sooner for a subject with its pairing), and the clock last
 * (pairing prints latencies, and the record number orders the lines).
 */
const NARROWER: ReadonlyArray<{ free?: number; apply: (l: TextLayout) => void }> = [
  {
    apply: (l) => {
      l.id = 8;
    },
  },
  {
    apply: (l) => {
      l.capability = 22;
    },
  },
  {
    apply: (l) => {
      l.primitive = 0;
    },
  },
  {
    apply: (l) => {
      l.capability = 0;
    },
  },
  {
    apply: (l) => {
      l.method = 24;
    },
  },
  {
    apply: (l) => {
      l.id = 5;
    },
  },
  {
    apply: (l) => {
      l.method = 0;
    },
  },
  {
    free: 44,
    apply: (l) => {
      l.phase = 0;
    },
  },
  // Kept while a long method and its pairing fit beside it (`resources/templates/list ↔ #48 2ms`).
  {
    free: 36,
    apply: (l) => {
      l.time = 0;
    },
  },
];

/** Width of the columns before the free text, each followed by one space. */
export function fixedWidth(l: TextLayout): number {
  let w = 0;
  for (const k of [
    'seq',
    'session',
    'time',
    'arrow',
    'kind',
    'id',
    'phase',
    'method',
    'primitive',
    'capability',
  ] as const)
    if (l[k] > 0) w += l[k] + 1;
  return w;
}

/** The narrowest width the transcript lays out for; below it lines are cut at the end. */
const MIN_WIDTH = 40;

/**
 * The columns for `width`. `time`: whether any record has had a time (a log without times gives the clock's columns
 * to the text); `session`: width of the session tag column, 0 for none.
 */
export function textLayout(width: number, opts: { time?: boolean; session?: number } = {}): TextLayout {
  const l: TextLayout = { ...FULL, width: Math.max(MIN_WIDTH, Math.floor(width)), session: opts.session ?? 0 };
  if (opts.time === false) l.time = 0;
  for (const step of NARROWER) {
    if (fixedWidth(l) + (step.free ?? FREE_MIN) <= l.width) break;
    step.apply(l);
  }
  return l;
}

/** Where the lines under a record (findings, body) start: under the clock, or further left when the line is narrow. */
export function indentOf(l: TextLayout): number {
  const under = l.seq + 1 + (l.session > 0 ? l.session + 1 : 0);
  return Math.min(under + (l.time > 0 ? l.time + 1 : 0), Math.max(2, l.width - 60));
}

/** A stream as far as its width goes: a terminal's has `isTTY` and `columns`. */
interface Screen {
  isTTY?: boolean;
  columns?: number;
}

/** What is known of where the transcript is shown: the values that decide its width. */
interface WidthSource {
  /** `--width N`. */
  flag?: number;
  /**
   * The streams that may be the terminal, in order: the output, then stderr (the output piped into `less` or `head`
   * is read on the terminal that stderr still shows).
   */
  screens: readonly Screen[];
  env: Readonly<Record<string, string | undefined>>;
  /**
   * The columns of the controlling terminal, asked only when no stream is a terminal and `$COLUMNS` says nothing
   * (`mcptrace annotate log 2>&1 | less` is still read on one); undefined when there is none.
   */
  controlling?: () => number | undefined;
}

/** Columns when nothing says: a terminal of average width, and the width golden files are made at. */
export const DEFAULT_WIDTH = 100;

/** `--width N`, else the terminal's columns, else `$COLUMNS`, else the controlling terminal's columns, else 100. */
export function transcriptWidth(s: WidthSource): number {
  if (s.flag !== undefined && Number.isFinite(s.flag) && s.flag > 0) return Math.floor(s.flag);
  const tty = s.screens.find((x) => x.isTTY === true && x.columns !== undefined && x.columns > 0);
  if (tty) return tty.columns!;
  const env = Number(s.env.COLUMNS);
  if (Number.isSafeInteger(env) && env > 0) return env;
  const controlling = s.controlling?.();
  if (controlling !== undefined && Number.isSafeInteger(controlling) && controlling > 0) return controlling;
  return DEFAULT_WIDTH;
}
