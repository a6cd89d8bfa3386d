// The explorer's state and what each key does to it: the list (a view over the index, maybe filtered), the detail
// pane, the panes (help, sessions, story, diagnosis), the prompt (filter, go to). No terminal here: `frame` lays the
// screen out as lines and the terminal side (screen.ts) writes them.
import type { SessionDiagnosis } from '../diagnose/types.js';
import { createPalette, type Palette } from '../output/color.js';
import { formatWhyText } from '../output/why-text.js';
import type { Finding, PipelineRecord, SessionInfo } from '../types.js';
import { detailLines } from './detail.js';
import { FilterScan, parseQuery } from './filter-scan.js';
import { helpLines } from './help-pane.js';
import { actionOf, type Action } from './keys.js';
import { ListView } from './list-view.js';
import { FLAG, type RecordIndex } from './record-index.js';
import { listLayout, rowLine } from './row-line.js';
import { RowSet } from './rows.js';
import { sessionLines } from './sessions-pane.js';
import { storyPaneLines } from './story-pane.js';

/** What the explorer reads: the index, the records behind it, and what the run knows of sessions. */
interface ExplorerSource {
  readonly index: RecordIndex;
  read(row: number): PipelineRecord;
  sessionInfo(key: string): SessionInfo | undefined;
  /** The diagnosis as of now (null while it cannot be told). */
  diagnosis(): SessionDiagnosis[] | null;
  /** Findings the end of the input put on record `seq` (an unanswered request). */
  endFindings(seq: number): readonly Finding[];
}

type Pane = 'list' | 'help' | 'sessions' | 'why' | 'story';
type Prompt = { kind: 'filter' | 'goto'; text: string; error: { message: string; column: number } | null };

/** Rows the filter reads back per step: a step stays short enough for the keys to feel live. */
const FILTER_STEP = 5_000;

export class Explorer {
  readonly list = new ListView(20);
  rows: RowSet;
  scan: FilterScan | null = null;
  pane: Pane = 'list';
  detail = false;
  detailTop = 0;
  paneTop = 0;
  /** The sessions pane's cursor. */
  readonly sessionCursor = new ListView(20);
  prompt: Prompt | null = null;
  /** A note for the status line until the next key (`no next finding`). */
  note: string | null = null;
  /** Reading (`reading`), following a growing file (`following`), or all read (`done`). */
  status: 'reading' | 'following' | 'done' = 'reading';
  /** Rows rendered (list rows and detail records read back) since the start: the work a frame did. */
  rendered = 0;
  private readonly plain = createPalette(false);
  private diagnosisCache: SessionDiagnosis[] | null = null;

  constructor(
    readonly source: ExplorerSource,
    readonly palette: Palette,
    /** What is explored, for the title: the files' names. */
    readonly title: string,
  ) {
    this.rows = RowSet.every(() => source.index.count);
  }

  get count(): number {
    return this.rows.count;
  }

  /** The selected row of the index, or -1 when the list is empty. */
  get selectedRow(): number {
    return this.count === 0 ? -1 : this.rows.row(this.list.cursor);
  }

  /** More records were indexed. */
  grew(): void {
    this.list.grew(this.count);
    this.diagnosisCache = null;
  }

  /** Does a bounded step of pending work (the filter's scan); true when there is more. */
  work(): boolean {
    if (this.scan === null || this.scan.done) return false;
    const selected = this.selectedRow;
    this.scan.step(FILTER_STEP);
    this.rows = RowSet.only(this.scan.rows());
    this.reselect(selected);
    return !this.scan.done;
  }

  /** Handles one key (its name, keys.ts); returns true when the explorer should end. */
  key(name: string): boolean {
    this.note = null;
    if (this.prompt !== null) {
      this.promptKey(name);
      return false;
    }
    const action = actionOf(name);
    if (action === undefined) return false;
    if (this.pane !== 'list') return this.paneAction(action);
    return this.listAction(action);
  }

  private listAction(action: Action): boolean {
    const n = this.count;
    switch (action) {
      case 'quit':
        return true;
      case 'down':
        this.list.move(1, n);
        break;
      case 'up':
        this.list.move(-1, n);
        break;
      case 'pageDown':
        this.list.page(1, n);
        break;
      case 'pageUp':
        this.list.page(-1, n);
        break;
      case 'first':
        this.list.moveTo(0, n);
        break;
      case 'last':
        this.list.moveTo(n - 1, n);
        break;
      case 'detail':
        this.detail = !this.detail;
        break;
      case 'back':
        this.detail = false;
        break;
      case 'detailDown':
        this.detailTop += 10;
        return false;
      case 'detailUp':
        this.detailTop = Math.max(0, this.detailTop - 10);
        return false;
      case 'pair':
        this.toPair();
        break;
      case 'nextFinding':
        this.seek(1, FLAG.errorFinding | FLAG.warningFinding | FLAG.infoFinding | FLAG.failed, 'finding');
        break;
      case 'prevFinding':
        this.seek(-1, FLAG.errorFinding | FLAG.warningFinding | FLAG.infoFinding | FLAG.failed, 'finding');
        break;
      case 'nextError':
        this.seek(1, FLAG.errorFinding | FLAG.failed, 'error');
        break;
      case 'prevError':
        this.seek(-1, FLAG.errorFinding | FLAG.failed, 'error');
        break;
      case 'goto':
        this.prompt = { kind: 'goto', text: '', error: null };
        break;
      case 'filter':
        this.prompt = { kind: 'filter', text: this.scan?.query.source ?? '', error: null };
        break;
      case 'clearFilter':
        this.setFilter(null);
        break;
      case 'sessions':
        this.openPane('sessions');
        break;
      case 'story':
        this.openPane('story');
        break;
      case 'why':
        this.openPane('why');
        break;
      case 'help':
        this.openPane('help');
        break;
    }
    this.detailTop = 0;
    return false;
  }

  private paneAction(action: Action): boolean {
    const sessions = this.pane === 'sessions';
    const n = this.source.index.sessions.length;
    switch (action) {
      case 'quit':
      case 'back':
        this.pane = 'list';
        break;
      case 'help':
      case 'why':
      case 'story':
        if (this.pane === action) this.pane = 'list';
        else this.openPane(action);
        break;
      case 'sessions':
        if (sessions) this.pane = 'list';
        else this.openPane('sessions');
        break;
      case 'down':
        if (sessions) this.sessionCursor.move(1, n);
        else this.paneTop++;
        break;
      case 'up':
        if (sessions) this.sessionCursor.move(-1, n);
        else this.paneTop = Math.max(0, this.paneTop - 1);
        break;
      case 'pageDown':
      case 'detailDown':
        if (sessions) this.sessionCursor.page(1, n);
        else this.paneTop += 10;
        break;
      case 'pageUp':
      case 'detailUp':
        if (sessions) this.sessionCursor.page(-1, n);
        else this.paneTop = Math.max(0, this.paneTop - 10);
        break;
      case 'first':
        if (sessions) this.sessionCursor.moveTo(0, n);
        else this.paneTop = 0;
        break;
      case 'last':
        if (sessions) this.sessionCursor.moveTo(n - 1, n);
        else this.paneTop = Number.MAX_SAFE_INTEGER;
        break;
      case 'detail':
        if (sessions && n > 0) {
          const s = this.source.index.sessions[this.sessionCursor.cursor]!;
          this.pane = 'list';
          this.goToRow(s.firstRow, `session ${s.key === '' ? '(outside any session)' : s.key}`);
        } else this.pane = 'list';
        break;
      default:
        break;
    }
    return false;
  }

  private openPane(pane: Pane): void {
    this.pane = pane;
    this.paneTop = 0;
  }

  private promptKey(name: string): void {
    const prompt = this.prompt!;
    if (name === 'escape' || name === 'C-c') {
      this.prompt = null;
      return;
    }
    if (name === 'return' || name === 'enter') {
      if (prompt.kind === 'goto') this.goto(prompt.text);
      else this.applyFilter(prompt.text);
      return;
    }
    if (name === 'backspace') prompt.text = prompt.text.slice(0, -1);
    else if (name === 'C-u') prompt.text = '';
    else if (name === 'space') prompt.text += ' ';
    else if ([...name].length === 1 && name >= ' ') prompt.text += name;
    else return;
    prompt.error = null;
  }

  private applyFilter(text: string): void {
    if (text.trim() === '') {
      this.setFilter(null);
      this.prompt = null;
      return;
    }
    const index = this.source.index;
    const q = parseQuery(text, { sessionTag: (key) => index.tagOf(key) });
    if (!q.ok) {
      this.prompt!.error = { message: q.message, column: q.column };
      return;
    }
    this.prompt = null;
    this.setFilter(new FilterScan(q, this.source.index, (row) => this.source.read(row)));
  }

  private setFilter(scan: FilterScan | null): void {
    const selected = this.selectedRow;
    this.scan = scan;
    this.rows = scan === null ? RowSet.every(() => this.source.index.count) : RowSet.only(new Uint32Array(0));
    if (scan !== null) this.work();
    this.reselect(selected);
  }

  /** After the rows changed: the same record selected if it is still listed, else the next one that is. */
  private reselect(row: number): void {
    const n = this.count;
    if (row < 0 || n === 0) {
      this.list.moveTo(0, n);
      return;
    }
    const pos = this.rows.positionAtOrAfter(row);
    this.list.jumpTo(pos < 0 ? n - 1 : pos, n);
  }

  private goto(text: string): void {
    const seq = Number(text.trim().replace(/^#/, ''));
    if (!Number.isSafeInteger(seq) || seq < 0) {
      this.prompt!.error = { message: 'a record number, e.g. 12 or #12', column: 0 };
      return;
    }
    this.prompt = null;
    const row = this.source.index.rowAtOrAfter(seq);
    if (row < 0) {
      this.note = `no record #${seq}: the last is #${this.source.index.count === 0 ? 0 : this.source.index.seq(this.source.index.count - 1)}`;
      return;
    }
    this.goToRow(row, `#${seq}`);
  }

  private goToRow(row: number, what: string): void {
    const pos = this.rows.positionAtOrAfter(row);
    if (pos < 0) {
      this.note = `${what} is hidden by the filter (\\ clears it)`;
      return;
    }
    if (this.rows.row(pos) !== row) this.note = `${what} is hidden by the filter: the next message shown`;
    this.list.jumpTo(pos, this.count);
  }

  private toPair(): void {
    const row = this.selectedRow;
    if (row < 0) return;
    const pair = this.source.index.pair(row);
    if (pair < 0) {
      const kind = this.source.index.kind(row);
      this.note =
        kind === 'request'
          ? 'no answer in the log (yet)'
          : kind === 'response' || kind === 'error'
            ? 'its request is not in the log'
            : `a ${kind} has no pair`;
      return;
    }
    this.goToRow(pair, `#${this.source.index.seq(pair)}`);
  }

  /** The next (or previous) listed row whose flags have any of `mask`. */
  private seek(direction: 1 | -1, mask: number, what: string): void {
    const index = this.source.index;
    for (let pos = this.list.cursor + direction; pos >= 0 && pos < this.count; pos += direction) {
      if ((index.flags(this.rows.row(pos)) & mask) !== 0) {
        this.list.jumpTo(pos, this.count);
        return;
      }
    }
    this.note = `no ${direction === 1 ? 'next' : 'previous'} ${what}`;
  }

  // The screen.

  /** Lines of the list's rows `from`…`to`, each with its gutter: `>` on the selected one, its mark. */
  listLines(width: number, from: number, to: number): string[] {
    const layout = listLayout(this.source.index, width - 2);
    const out: string[] = [];
    for (let pos = from; pos < to; pos++) {
      const row = this.rows.row(pos);
      const selected = pos === this.list.cursor;
      const line = this.rowText(row, layout, selected ? this.plain : this.palette);
      out.push((selected ? '>' : ' ') + this.mark(row) + line);
    }
    return out;
  }

  private rowText(row: number, layout: ReturnType<typeof listLayout>, p: Palette): string {
    const index = this.source.index;
    const r = this.source.read(row);
    this.rendered++;
    const pair = index.pair(row);
    const request =
      pair >= 0 && pair < row && (r.kind === 'response' || r.kind === 'error') ? this.source.read(pair) : null;
    return rowLine(r, request, index.session(row).tag, layout, p);
  }

  private mark(row: number): string {
    const f = this.source.index.flags(row);
    const p = this.palette;
    if ((f & (FLAG.errorFinding | FLAG.failed)) !== 0) return p.red('✗');
    if ((f & FLAG.warningFinding) !== 0) return p.yellow('!');
    if ((f & FLAG.infoFinding) !== 0) return p.cyan('i');
    return ' ';
  }

  /** The detail pane's lines for the selected record. */
  detailLines(width: number): string[] {
    const row = this.selectedRow;
    if (row < 0) return [];
    const index = this.source.index;
    const record = this.source.read(row);
    const pairRow = index.pair(row);
    const pair = pairRow < 0 ? null : this.source.read(pairRow);
    this.rendered += pair === null ? 1 : 2;
    const answer = record.kind === 'response' || record.kind === 'error';
    return detailLines(
      {
        record,
        request: answer ? pair : null,
        pair,
        tag: index.session(row).tag,
        pairTag: pairRow < 0 ? '' : index.session(pairRow).tag,
        endFindings: this.source.endFindings(record.seq),
      },
      listLayout(index, width - 2),
      this.palette,
    );
  }

  /** The lines of the pane open now (help, sessions, why, story). */
  paneLines(width: number): string[] {
    const p = this.palette;
    switch (this.pane) {
      case 'help':
        return helpLines(p, width);
      case 'why': {
        const d = this.diagnosis();
        if (d === null || d.length === 0) return [p.dim('no session to diagnose yet')];
        return [
          p.bold('diagnosis') + p.dim(' (as mcptrace why says it)'),
          '',
          ...formatWhyText(d, width).replace(/\n$/, '').split('\n'),
        ];
      }
      case 'sessions': {
        const index = this.source.index;
        const head = [
          p.bold('sessions') + p.dim(` (${index.sessions.length}; Enter goes to the session's first message)`),
          '',
        ];
        return [
          ...head,
          ...sessionLines(index.sessions, (k) => this.source.sessionInfo(k), this.diagnosis(), p, width),
        ];
      }
      case 'story':
        return this.storyLines(width);
      default:
        return [];
    }
  }

  private storyLines(width: number): string[] {
    const row = this.selectedRow;
    if (row < 0) return [];
    return storyPaneLines(
      this.source.index,
      (r) => {
        this.rendered++;
        return this.source.read(r);
      },
      row,
      this.palette,
      width,
    );
  }

  diagnosis(): SessionDiagnosis[] | null {
    return (this.diagnosisCache ??= this.source.diagnosis());
  }
}
