// A record's mark (a failure where it happens: src/diagnose/marks.ts) in words, the one sentence the transcript prints
// under the record and the JSON outputs carry as its `text`.
import type { RecordMark } from '../types.js';
import { formatMs } from '../util/numbers.js';
import { countOf } from '../util/plural.js';

export function markText(m: RecordMark): string {
  switch (m.cause) {
    case 'server-exited': {
      const code = m.exitCode === undefined ? '' : ` (exit code ${m.exitCode})`;
      // With no request open, a server is marked only when it had just failed (an exception, an error line).
      const when = m.beforeInitialize
        ? ' before answering initialize'
        : m.open
          ? ` with ${countOf(m.open, 'request')} open`
          : ' after an error';
      return `the server exited${when}${code}`;
    }
    case 'spawn-failed':
      return 'the server could not be started';
    case 'initialize-timeout':
    case 'request-timeout':
      return `${m.request ?? 'a request'} ${m.openMs === undefined ? 'not answered' : `open for ${formatMs(m.openMs)}`}: the host gave up`;
    case 'stdout-pollution':
      return "no protocol message on the server's stdout";
  }
}
