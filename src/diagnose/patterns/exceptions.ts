// DATA: the shapes of an uncaught exception's report per language: what marks a traceback, and which line is its
// headline (the exception, not the first frame). Patterns run on one physical line of at most 4 KiB, after the
// decoration of nested groups (`  | `, `+-+`) is stripped; all are anchored and linear.

export interface ExceptionShape {
  language: string;
  /** A line that marks the start of such a report; null when the headline line is enough. */
  start: RegExp | null;
  /** The headline line. */
  headline: RegExp;
  /** Which headline line of the group: Python prints the exception last, the others first. */
  pick: 'first' | 'last';
  /** Java: the last `Caused by:` line is the root of the chain, kept beside the headline. */
  cause?: RegExp;
}

export const EXCEPTION_SHAPES: readonly ExceptionShape[] = [
  {
    language: 'python',
    start: /(?:Exception Group )?Traceback \(most recent call last\):/,
    headline: /^(?:[A-Za-z_]\w{0,80}\.){0,10}[A-Z]\w{0,80}(?:Error|Exception|Exit|Interrupt|Group)(?::|$)/,
    pick: 'last',
  },
  {
    language: 'java',
    start: /^Exception in thread "/,
    headline: /^Exception in thread "[^"]{0,200}" \S/,
    pick: 'first',
    cause: /^Caused by: \S/,
  },
  {
    language: 'java',
    start: /^\s{0,8}at [\w$.]{1,300}\([\w$]{1,200}\.java:\d{1,6}\)/,
    headline: /^(?:[a-z_]\w{0,80}\.){1,12}[A-Z][\w$]{0,80}(?:Exception|Error)(?::|$)/,
    pick: 'first',
    cause: /^Caused by: \S/,
  },
  { language: '.net', start: /^Unhandled exception\. /, headline: /^Unhandled exception\. \S/, pick: 'first' },
  { language: 'go', start: /^panic: /, headline: /^panic: /, pick: 'first' },
  { language: 'go', start: /^fatal error: /, headline: /^fatal error: /, pick: 'first' },
  {
    language: 'rust',
    start: /^thread '[^']{0,200}' panicked at /,
    headline: /^thread '[^']{0,200}' panicked at /,
    pick: 'first',
  },
  {
    language: 'node',
    start: null,
    headline: /^(?:Uncaught )?(?:[A-Z]\w{0,60})?(?:Error|Exception)(?: \[[A-Z_]{1,60}\])?: \S/,
    pick: 'first',
  },
];

/** The decoration of nested Python exception groups and indentation before a line's text. */
export const GROUP_DECORATION = /^[\s|+-]{0,60}/;
