// The text transcript as it streams: session headers once each, session tags once sessions interleave, responses told what they answer.
import type { SessionDiagnosis } from '../diagnose/types.js';
import type { OpenRequest, PipelineRecord, SessionInfo } from '../types.js';
import type { Palette } from './color.js';
import { escapeTerminal } from './escape.js';
import { subjectOf } from '../protocol/subject.js';
import { NO_SESSION } from '../session/outside.js';
import {
  bodyCutNote,
  formatOutsideTitle,
  formatSessionNote,
  formatSessionPeers,
  formatSessionTitle,
  formatTextFooter,
  formatTextRecord,
  peersKnownAfter,
  type RecordContext,
  type TextOptions,
} from './text.js';
import { formatDiagnosisBlock } from './text-diagnosis.js';
import { textLayout, type TextLayout } from './text-layout.js';
import { displayWidth } from './width.js';
import { SessionTags, TAG_MAX } from './session-tags.js';
import { wrapWords } from './wrap-words.js';

interface TranscriptOptions extends Pick<TextOptions, 'body' | 'bodyWidth' | 'errorName'> {
  /** Columns, or how to read them at each record (a terminal that is resized lays out the next lines anew). */
  width: number | (() => number);
  /** The sessions' tags, when they were given from all the records read (the filters' too): session-tags.ts. */
  tags?: SessionTags;
}

/** Requests whose subject is kept for their answer; past it the oldest is forgotten (memory stays bounded). */
const MAX_ASKED = 10_000;

/**
 * Each record becomes its text (`record`), preceded by its session's title when the session first appears (records
 * outside any session, by `outside any session` where they begin) and followed by the peers line once the handshake
 * is answered. Sessions one after another each get their header; once
 * a record comes from a session other than the last one's (sessions interleave), every line carries its session's tag.
 */
export class TextTranscript {
  private readonly headed = new WeakSet<SessionInfo>();
  private readonly peered = new WeakSet<SessionInfo>();
  /** Sessions whose note (what the log's format never holds) was printed: in the title, or after the record that told it. */
  private readonly noted = new WeakSet<SessionInfo>();
  /** What each request still unanswered was about (tool name, uri …), by its seq. */
  private readonly asked = new Map<number, string>();
  private lastSession: string | null = null;
  private interleaved = false;
  private bodyCut = false;
  private sawTime = false;
  private widestTag = 0;
  private layout: TextLayout | null = null;
  private layoutKey = '';

  private readonly tags: SessionTags;

  constructor(
    private readonly palette: Palette,
    private readonly opts: TranscriptOptions,
  ) {
    this.tags = opts.tags ?? new SessionTags();
  }

  /**
   * The text of one record, ending in a newline. `info` is the session as the analyzer knows it now (its identity
   * marks what was printed); `shown` is what to print of it (redacted), by default `info`.
   */
  record(r: PipelineRecord, info: SessionInfo | undefined, shown: SessionInfo | undefined = info): string {
    const p = this.palette;
    let s = '';
    if (r.ts !== null) this.sawTime = true;
    if (info && shown && !this.headed.has(info)) {
      this.headed.add(info);
      if (info.notLogged !== null) this.noted.add(info);
      s += formatSessionTitle(shown, p, { width: this.width(), tag: this.tagOf(r.session) }) + '\n';
    } else if (r.session === NO_SESSION) {
      // Lines outside any session get a title of their own where they begin: they are no session's.
      if (this.lastSession !== NO_SESSION) s += formatOutsideTitle(r.wire.file, p, this.width()) + '\n';
    } else if (this.lastSession !== null && r.session !== this.lastSession) {
      this.interleaved = true;
    }
    this.lastSession = r.session;
    const ctx: RecordContext = { answers: this.answers(r), session: this.tagOf(r.session) };
    s +=
      formatTextRecord(
        r,
        p,
        {
          body: this.opts.body,
          bodyWidth: this.opts.bodyWidth,
          errorName: this.opts.errorName,
          layout: this.layoutNow(),
        },
        ctx,
      ) + '\n';
    if (ctx.bodyCut) this.bodyCut = true;
    // Known from the session's first message, which may come after its title (a process's start, its banner). An
    // inferred one side is told at the end only: it is a guess until then (session/one-side.ts).
    if (info && shown && info.notLogged !== null && !this.noted.has(info)) {
      this.noted.add(info);
      s += `${formatSessionNote(shown, p) ?? ''}\n`;
    }
    if (peersKnownAfter(r) && info && shown && !this.peered.has(info)) {
      this.peered.add(info);
      // Once sessions interleave, the peers line says whose it is, as the record lines do.
      const tag = this.interleaved ? this.tagOf(r.session) : '';
      const peers = formatSessionPeers(shown, p, this.width() - (tag === '' ? 0 : displayWidth(tag) + 1));
      s += (tag === '' ? peers : peers.replace(/^ {3}/, `   ${p.magenta(tag)} `)) + '\n';
    }
    return s;
  }

  /**
   * Requests never answered, after a blank line, then what went wrong in each session that did not go well (its
   * diagnosis, when given: text-diagnosis.ts), and how bodies were cut if any was; '' when there is nothing to say.
   * `text` masks what a diagnosis quotes of the log.
   */
  end(open: readonly OpenRequest[], diagnoses: readonly SessionDiagnosis[] = [], text?: (s: string) => string): string {
    // The diagnosis after a blank line of its own: it is about the sessions, the footer's lines about requests.
    const blocks = [
      formatTextFooter(open, this.palette, this.width()),
      formatDiagnosisBlock(diagnoses, this.palette, this.width(), (d) => this.sessionName(d.session), text),
    ];
    const parts = [blocks.filter((x) => x !== '').join('\n\n')];
    if (this.bodyCut) parts.push(this.palette.dim(wrapWords(bodyCutNote(this.opts), this.width()).join('\n')));
    const footer = parts.filter((x) => x !== '').join('\n');
    return footer ? `\n${footer}\n` : '';
  }

  /** A session as its title named it: `session KEY (tag)`; the lines outside any session as their title did. */
  private sessionName(key: string): string {
    const p = this.palette;
    if (key === NO_SESSION) return p.bold('outside any session');
    const tag = this.tagOf(key);
    return (
      p.bold(`session ${escapeTerminal(key)}`) +
      (tag === escapeTerminal(key) ? '' : ' ' + p.magenta(`(${escapeTerminal(tag)})`))
    );
  }

  private width(): number {
    return typeof this.opts.width === 'number' ? this.opts.width : this.opts.width();
  }

  /** A request's subject is kept until its answer; an answer takes its request's. */
  private answers(r: PipelineRecord): string | undefined {
    if (r.kind === 'request') {
      const subject = subjectOf(r.method, r.message);
      if (subject !== '') {
        if (this.asked.size >= MAX_ASKED) this.asked.delete(this.asked.keys().next().value!);
        this.asked.set(r.seq, subject);
      }
      return undefined;
    }
    if ((r.kind === 'response' || r.kind === 'error') && r.pair !== null) {
      const subject = this.asked.get(r.pair);
      this.asked.delete(r.pair);
      return subject;
    }
    return undefined;
  }

  private tagOf(session: string): string {
    const tag = this.tags.ofShown(session); // '' outside any session: no number taken from the sessions'
    this.widestTag = Math.max(this.widestTag, displayWidth(tag));
    return tag;
  }

  /** The layout for the width now: with the clock once a record had a time, with tags once sessions interleave. */
  private layoutNow(): TextLayout {
    const width = this.width();
    // On a narrow line a long tag is cut (`every…`): the method and its pairing need the room more.
    const tagWidth = this.interleaved ? Math.min(Math.max(2, this.widestTag), width < 100 ? 6 : TAG_MAX) : 0;
    const key = `${width} ${this.sawTime} ${tagWidth}`;
    if (this.layout !== null && this.layoutKey === key) return this.layout;
    this.layoutKey = key;
    return (this.layout = textLayout(width, { time: this.sawTime, session: tagWidth }));
  }
}
