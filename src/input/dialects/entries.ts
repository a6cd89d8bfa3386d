// A dialect's JSON form (Dialect.entries): a host's log written as a JSON document of entries, each an event or a log record.
import { eventFrame, logFrame, type FrameContext, type Position } from '../lines/frames.js';
import type { JsonEntryReader } from '../json/json-document.js';
import { isoTime, NO_TIME } from '../shared/time.js';
import type { Frame } from '../../types.js';
import { getOwn } from '../../util/own.js';
import { eventOf } from './grammar.js';
import { DIALECTS, type DialectName } from './index.js';
import { Launches } from './launches.js';
import type { Dialect, JsonEntries } from './types.js';

type Obj = Record<string, unknown>;

/** The entry's level key (the first of the form's levels holding a string), or null when it is not an entry. */
function levelOf(form: JsonEntries, o: Obj): string | null {
  for (const k of form.levels) if (typeof o[k] === 'string' && Object.hasOwn(o, k)) return k;
  return null;
}

/**
 * Reads a dialect's entries: the text is an event when it is one of the dialect's event lines (a launch starts a new
 * session of the server, as in its line form), else a log record; the server is the one the input's name gives.
 */
export class EntryReader implements JsonEntryReader {
  private readonly form: JsonEntries;
  private readonly server: string | undefined;
  private readonly launches = new Launches();

  constructor(
    private readonly d: Dialect,
    file: string,
  ) {
    this.form = d.entries!;
    this.server = this.form.serverInPath?.exec(file)?.groups?.server;
  }

  isEntry(o: Obj): boolean {
    return levelOf(this.form, o) !== null;
  }

  frame(o: Obj, at: Position): Frame {
    const level = levelOf(this.form, o)!;
    const text = o[level] as string;
    const ev = eventOf(this.d, text);
    const server = ev?.server ?? this.server;
    if (ev?.event.startsSession && server !== undefined) this.launches.start(server);
    const t = getOwn(o, this.form.time);
    const ctx: FrameContext = {
      time: typeof t === 'string' ? isoTime(t) : NO_TIME,
      session: this.launches.key(server),
      server,
    };
    return ev === null ? logFrame(at, level, text, ctx) : eventFrame(at, { name: ev.event.name, data: { text } }, ctx);
  }
}

/** Every key some dialect's entries have: a first element with another key is no dialect's entry. */
export const ENTRY_KEYS: ReadonlySet<string> = new Set(
  DIALECTS.flatMap((d: Dialect) => (d.entries ? [...d.entries.levels, ...d.entries.keys] : [])),
);

/** The dialect whose entries have these keys (a level key and all the others), or null. */
export function entriesDialect(keys: ReadonlySet<string>): DialectName | null {
  for (const d of DIALECTS as readonly Dialect[]) {
    const form = d.entries;
    if (form?.levels.some((k) => keys.has(k)) && form.keys.every((k) => keys.has(k))) return d.name as DialectName;
  }
  return null;
}
