// What a JSON document held, by path pattern (`$.session.interactions[*].request`): where records were read, what was skipped.
//
// A document's messages may sit under any key; values that are not messages are skipped without an error. This is
// how a person learns what was read and what was passed over (said at `--log-level info`, src/cli/context.ts), in
// bounded memory: array indexes are folded into `[*]`, and at most MAX_PATHS patterns are kept of each.

/** Distinct patterns kept of each kind; more are counted, not named. */
const MAX_PATHS = 32;

const PLAIN_KEY = /^[A-Za-z_$][\w$-]*$/;

/** The pattern of a member (`key`) or of any element (`null`) of the value at `path`. */
export function childPath(path: string, key: string | null): string {
  if (key === null) return `${path}[*]`;
  return PLAIN_KEY.test(key) ? `${path}.${key}` : `${path}[${JSON.stringify(key)}]`;
}

/** Values at one pattern: how many, and (for skipped ones) their JSON types. */
interface PathCount {
  path: string;
  count: number;
  kinds?: string[];
}

/** What a document held: the patterns records were read at and those skipped, and how many values were at patterns not named. */
export interface DocumentSummary {
  read: PathCount[];
  skipped: PathCount[];
  /** Values (records or skipped ones) at patterns past the MAX_PATHS named of each kind. */
  more: number;
}

export class DocumentPaths {
  private readonly read = new Map<string, number>();
  private readonly skipped = new Map<string, { count: number; kinds: Set<string> }>();
  private more = 0;

  /** The path of the last record read, and how many were read there in a row (most documents read one list). */
  private last: string | null = null;
  private run = 0;

  /** A record was read at `path`. */
  found(path: string): void {
    if (path === this.last) {
      this.run++;
      return;
    }
    this.flush();
    this.last = path;
    this.run = 1;
  }

  private flush(): void {
    const path = this.last;
    if (path === null) return;
    this.last = null;
    const n = this.read.get(path);
    if (n !== undefined) this.read.set(path, n + this.run);
    else if (this.read.size < MAX_PATHS) this.read.set(path, this.run);
    else this.more += this.run;
  }

  /** A value of JSON type `kind` at `path` holds no record and was skipped. */
  skip(path: string, kind: string): void {
    const s = this.skipped.get(path);
    if (s !== undefined) {
      s.count++;
      s.kinds.add(kind);
    } else if (this.skipped.size < MAX_PATHS) this.skipped.set(path, { count: 1, kinds: new Set([kind]) });
    else this.more++;
  }

  summary(): DocumentSummary {
    this.flush();
    return {
      read: [...this.read].map(([path, count]) => ({ path, count })),
      skipped: [...this.skipped].map(([path, s]) => ({ path, count: s.count, kinds: [...s.kinds] })),
      more: this.more,
    };
  }
}

/** One line: `records read at $.requests[*] (3), $.responses[*] (3); skipped $.name (string), $.meta (object ×2)`. */
export function describeDocument(s: DocumentSummary): string {
  const each = (p: PathCount) =>
    `${p.path} (${p.kinds ? `${p.kinds.join('|')}${p.count > 1 ? ` ×${p.count}` : ''}` : p.count})`;
  const read = s.read.length === 0 ? 'no record read' : `records read at ${s.read.map(each).join(', ')}`;
  const skipped = s.skipped.length === 0 ? '' : `; skipped ${s.skipped.map(each).join(', ')}`;
  return `${read}${skipped}${s.more > 0 ? `; ${s.more} more at paths not named` : ''}`;
}
