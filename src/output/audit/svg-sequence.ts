// A session's sequence diagram as inline SVG, drawn by mcptrace itself: Client and Server lifelines, one arrow per message.
//
// Conventions (UML-like): requests solid with a filled head, responses dashed, error responses red and dashed,
// notifications solid with an open head, transport events as notes across both lifelines, invalid records red
// and dotted, messages of unknown direction as a headless dotted line. A record with findings gets a dot in its
// severity's colour at the right edge. Every step links to its body (`#<bodyId>`) below the diagram.
import type { AuditSession, SequenceStep } from '../../audit/types.js';
import { escapeTerminal } from '../escape.js';
import { formatMs } from '../../util/numbers.js';
import { truncate } from '../width.js';
import { display, html, type SafeHtml } from './html-escape.js';
import { countOf } from '../../util/plural.js';
import { diagramItems, type StepGroup } from './step-groups.js';

const W = 900;
const CLIENT_X = 230;
const SERVER_X = 780;
const TOP = 64;
const ROW = 30;
const GAP = 44;
const LABEL_COLS = 78;
/** A chain's block (step-groups.ts): its left and right edges, the inset per nesting level, its header row, the room after it. */
const BLOCK_X = 64;
const BLOCK_RIGHT = 30;
const BLOCK_INSET = 7;
const HEADER = 22;
const BLOCK_GAP = 6;
const TITLE_COLS = 110;

/** Element id of a step's body, shared with the bodies list (`m-<session index>-<seq>`). */
export function stepId(sessionIndex: number, seq: number): string {
  return `m-${sessionIndex}-${seq}`;
}

/** `22:36:49.220` from an ISO time; other times as logged, shortened. */
export function clockOf(ts: string | null): string {
  if (ts === null) return '';
  const m = /T(\d\d:\d\d:\d\d(?:\.\d{1,3})?)/.exec(ts);
  return m ? m[1] : truncate(escapeTerminal(ts), 14);
}

function kindClass(s: SequenceStep): string {
  if (s.kind === 'invalid') return 'inv';
  if (s.kind === 'error') return 'err';
  if (s.kind === 'response') return 'res';
  if (s.kind === 'notification') return 'ntf';
  return 'req';
}

function labelOf(s: SequenceStep): string {
  const id = s.id === null ? '' : typeof s.id === 'string' ? ` "${s.id}"` : ` ${s.id}`;
  const kind =
    s.kind === 'request'
      ? 'req'
      : s.kind === 'response'
        ? 'res'
        : s.kind === 'error'
          ? 'err'
          : s.kind === 'notification'
            ? 'ntf'
            : '';
  const latency = s.latencyMs === null ? '' : ` (${formatMs(s.latencyMs)})`;
  return `${kind}${id} ${s.label}${latency}`.trim();
}

function markers(p: string): SafeHtml {
  // One marker per head style; colours come from the classes (CSS), so dark mode applies to them too.
  return html`<defs>
<marker id="${p}-solid" class="head head-solid" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="9" markerHeight="9" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z"/></marker>
<marker id="${p}-red" class="head head-red" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="9" markerHeight="9" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z"/></marker>
<marker id="${p}-open" class="head head-open" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="9" markerHeight="9" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10"/></marker>
</defs>`;
}

function step(s: SequenceStep, y: number, p: string, sessionIndex: number): SafeHtml {
  const id = stepId(sessionIndex, s.seq);
  const full = labelOf(s);
  const label = truncate(escapeTerminal(full), LABEL_COLS);
  const mid = (CLIENT_X + SERVER_X) / 2;
  const gutter = html`<text class="seq" x="12" y="${y + 4}">#${s.seq}</text><text class="clock" x="${CLIENT_X - 16}" y="${y + 4}" text-anchor="end">${clockOf(s.ts)}</text>`;
  const sev =
    s.severity === null
      ? html``
      : html`<circle class="mark sev-${s.severity}" cx="${W - 18}" cy="${y}" r="6"><title>${s.severity}</title></circle>`;
  // The hit area makes the whole row clickable, not just the strokes and glyphs.
  const band = html`<rect class="${s.severity === null ? 'hit' : `hit band band-${s.severity}`}" x="0" y="${y - ROW / 2 - 2}" width="${W}" height="${ROW}"/>`;
  let body: SafeHtml;
  if (s.kind === 'event') {
    body = html`<rect class="note" x="${CLIENT_X + 20}" y="${y - 11}" width="${SERVER_X - CLIENT_X - 40}" height="20" rx="3"/><text class="note-text" x="${mid}" y="${y + 4}" text-anchor="middle">event: ${label}</text>`;
  } else if (s.dir === 'unknown') {
    body = html`<line class="arrow msg unk" x1="${CLIENT_X}" y1="${y}" x2="${SERVER_X}" y2="${y}"/><text class="label" x="${mid}" y="${y - 6}" text-anchor="middle">? ${label}</text>`;
  } else {
    const k = kindClass(s);
    const head = k === 'ntf' ? 'open' : k === 'err' || k === 'inv' ? 'red' : 'solid';
    const [x1, x2] = s.dir === 'c2s' ? [CLIENT_X, SERVER_X] : [SERVER_X, CLIENT_X];
    body = html`<line class="arrow msg ${k}" x1="${x1}" y1="${y}" x2="${x2}" y2="${y}" marker-end="url(#${p}-${head})"/><text class="label ${k}" x="${mid}" y="${y - 6}" text-anchor="middle">${label}</text>`;
  }
  return html`<a class="step" href="#${id}" data-open="${id}" data-seq="${s.seq}" data-kind="${s.kind}"><title>#${s.seq} ${s.dir} ${full}${s.severity === null ? '' : ` — ${s.severity}`}</title>${band}${gutter}${body}${sev}</a>`;
}

/** The diagram for one session; `index` makes marker and link ids unique in the page. */
export function sequenceSvg(session: AuditSession, index: number): SafeHtml {
  const { head, tail, elided } = session.sequence;
  const p = `sq${index}`;
  const parts: SafeHtml[] = [];
  // Blocks are drawn first, under the steps, in the order they open; each one open holds its top, lane and header.
  const blocks: SafeHtml[] = [];
  const open = new Map<StepGroup, { top: number; lane: number; at: number }>();
  const blockX = (lane: number) => BLOCK_X + lane * BLOCK_INSET;
  let y = TOP + ROW / 2;
  const lifelineBreaks: Array<[number, number]> = [];
  for (const item of diagramItems(session.sequence, { nest: false })) {
    if (item.kind === 'step') {
      // A leg of a block: a mark on the block's edge, so that its legs stand out from the messages between them.
      if (item.leg !== null)
        parts.push(
          html`<rect class="chain-leg" x="${blockX(item.leg) + 2}" y="${y - ROW / 2 + 5}" width="4" height="${ROW - 10}" rx="2"/>`,
        );
      parts.push(step(item.step, y, p, index));
      y += ROW;
    } else if (item.kind === 'open') {
      open.set(item.group, { top: y - ROW / 2, lane: item.depth, at: blocks.length });
      blocks.push(html``);
      const x = blockX(item.depth);
      const title = item.continued ? item.group.continued : item.group.title;
      parts.push(
        html`<text class="chain-title" x="${x + 10}" y="${y - ROW / 2 + 15}"><title>${title}</title>${truncate(escapeTerminal(title), TITLE_COLS - item.depth * 2)}</text>`,
      );
      y += HEADER;
    } else if (item.kind === 'close') {
      const b = open.get(item.group)!;
      open.delete(item.group);
      const x = blockX(b.lane);
      blocks[b.at] =
        html`<rect class="chain-band" x="${x}" y="${b.top}" width="${W - BLOCK_RIGHT - b.lane * BLOCK_INSET - x}" height="${y - ROW / 2 + 4 - b.top}" rx="5"/>`;
      y += BLOCK_GAP;
    } else {
      const gy = y - ROW / 2 + 4;
      lifelineBreaks.push([gy, gy + GAP - 8]);
      parts.push(
        html`<g class="gap"><rect class="gap-band" x="8" y="${gy}" width="${W - 16}" height="${GAP - 8}" rx="4"/><text class="gap-text" x="${W / 2}" y="${gy + GAP / 2}" text-anchor="middle">… ${countOf(item.count, 'message')} elided …</text></g>`,
      );
      y += GAP;
    }
  }
  const height = y - ROW / 2 + 16;
  const client = display(session.info.clientInfo?.name) || '(not seen)';
  const server = display(session.info.serverInfo?.name) || '(not seen)';
  const lifelines: SafeHtml[] = [];
  for (const x of [CLIENT_X, SERVER_X]) {
    let from = TOP - 12;
    for (const [a, b] of lifelineBreaks) {
      lifelines.push(html`<line class="lifeline" x1="${x}" y1="${from}" x2="${x}" y2="${a}"/>`);
      from = b;
    }
    lifelines.push(html`<line class="lifeline" x1="${x}" y1="${from}" x2="${x}" y2="${height - 4}"/>`);
  }
  const actor = (x: number, role: string, name: string) =>
    html`<rect class="actor" x="${x - 90}" y="6" width="180" height="${TOP - 20}" rx="6"/><text class="actor-role" x="${x}" y="24" text-anchor="middle">${role}</text><text class="actor-name" x="${x}" y="${TOP - 22}" text-anchor="middle">${truncate(escapeTerminal(name), 26)}</text>`;
  const steps = head.length + tail.length;
  return html`<svg class="sequence" viewBox="0 0 ${W} ${height}" width="${W}" height="${height}" role="img" aria-label="Sequence diagram: ${countOf(steps, 'message')} shown${elided > 0 ? `, ${elided} elided` : ''}" data-steps="${steps}" data-elided="${elided}">
${markers(p)}${blocks}${lifelines}${actor(CLIENT_X, 'Client', client)}${actor(SERVER_X, 'Server', server)}
${parts}
</svg>`;
}
