// The tag a session is shown with (`(s2)`) and that `--session` and the filter's `session` field take: a key short
// enough is its own tag (a server's name); a longer one (an HTTP session id) gets `s1`, `s2` … in the order sessions
// appear among all the records read, those the filters leave out too, so that a tag does not depend on the filter.
import { NO_SESSION } from '../session/outside.js';
import { displayWidth } from './width.js';

/** A key at most this wide (in columns) and without spaces is its own tag. */
export const TAG_MAX = 10;

export class SessionTags {
  /** Tags by the key as shown. */
  private readonly tags = new Map<string, string>();
  /** Tags by the key as read (its shown form is not made again for each record). */
  private readonly read = new Map<string, string>();

  /** `shown`: a key as it is printed (redacted), for the records whose key is seen as read. */
  constructor(private readonly shown: (key: string) => string = (key) => key) {}

  /** The tag of a session key as read (a record's); '' for the lines outside any session. */
  of(key: string): string {
    if (key === NO_SESSION) return '';
    let tag = this.read.get(key);
    if (tag === undefined) this.read.set(key, (tag = this.ofShown(this.shown(key))));
    return tag;
  }

  /** The tag of a session key as printed; '' for the lines outside any session (they take no number). */
  ofShown(key: string): string {
    if (key === NO_SESSION) return '';
    let tag = this.tags.get(key);
    if (tag === undefined) {
      tag = displayWidth(key) <= TAG_MAX && !/\s/.test(key) ? key : `s${this.tags.size + 1}`;
      this.tags.set(key, tag);
    }
    return tag;
  }
}
