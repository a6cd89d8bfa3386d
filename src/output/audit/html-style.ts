// The audit report's stylesheet: inline (no external fonts or files), light and dark, print-friendly.
//
// The page has no `style` attributes: the Content-Security-Policy allows only this sheet, by hash. SVG
// colours are set here by class too, so the diagram follows the colour scheme.

export const HTML_STYLE = `
:root {
  --fg: #1d2330; --muted: #5f6b7a; --bg: #f6f7f9; --card: #ffffff; --line: #d9dee5; --head: #eef1f5;
  --error: #c62828; --warning: #a15c00; --info: #1f63b5; --ok: #2e7d32;
  --error-bg: #fdecea; --warning-bg: #fff4e0; --info-bg: #e8f0fb; --ok-bg: #e8f5e9;
  --mono: ui-monospace, SFMono-Regular, Menlo, Consolas, "DejaVu Sans Mono", "Liberation Mono", monospace;
  color-scheme: light dark;
}
@media (prefers-color-scheme: dark) {
  :root {
    --fg: #e3e7ee; --muted: #9aa5b4; --bg: #14171c; --card: #1c2027; --line: #343a45; --head: #242a33;
    --error: #ff6b6b; --warning: #f0a742; --info: #6aa8ff; --ok: #5fcf6a;
    --error-bg: #3a1f21; --warning-bg: #3a2d18; --info-bg: #1b2a40; --ok-bg: #1d3321;
  }
}
* { box-sizing: border-box; }
[hidden] { display: none !important; }
body { margin: 0; background: var(--bg); color: var(--fg); font: 14px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "DejaVu Sans", sans-serif; }
main { max-width: 1180px; margin: 0 auto; padding: 20px 24px 48px; }
h1 { font-size: 22px; margin: 0 0 4px; }
h2 { font-size: 18px; margin: 0 0 10px; }
h3 { font-size: 15px; margin: 18px 0 8px; color: var(--muted); text-transform: uppercase; letter-spacing: .04em; }
a { color: var(--info); }
code, pre, .mono { font-family: var(--mono); font-size: 12.5px; }
.muted { color: var(--muted); }
/* A section off screen is not laid out until it comes near: a report of many sessions opens in the time of its first screen. */
section.session, #statistics, #rules { content-visibility: auto; contain-intrinsic-size: auto 900px; }
section.brief { contain-intrinsic-size: auto 240px; }
section.card { background: var(--card); border: 1px solid var(--line); border-radius: 8px; padding: 16px 20px; margin: 16px 0; }
header.report { display: flex; flex-wrap: wrap; gap: 16px; align-items: flex-start; justify-content: space-between; }
.verdict { font-weight: 700; padding: 6px 14px; border-radius: 6px; font-size: 15px; }
.verdict.failed { background: var(--error-bg); color: var(--error); border: 1px solid var(--error); }
.verdict.passed { background: var(--ok-bg); color: var(--ok); border: 1px solid var(--ok); }
.verdict.ungated { background: var(--head); color: var(--muted); border: 1px solid var(--line); }
dl.facts { display: grid; grid-template-columns: max-content 1fr; gap: 4px 16px; margin: 10px 0 0; }
dl.facts dt { color: var(--muted); }
dl.facts dd { margin: 0; overflow-wrap: break-word; }
.totals { display: flex; gap: 10px; flex-wrap: wrap; margin: 12px 0 0; }
.total { border-radius: 6px; padding: 6px 12px; min-width: 96px; border: 1px solid var(--line); }
.total b { display: block; font-size: 20px; }
.total.error { background: var(--error-bg); color: var(--error); }
.total.warning { background: var(--warning-bg); color: var(--warning); }
.total.info { background: var(--info-bg); color: var(--info); }
.filter { position: sticky; top: 0; z-index: 2; background: var(--card); border: 1px solid var(--line); border-radius: 8px; padding: 8px 14px; margin: 12px 0; display: flex; gap: 18px; align-items: center; }
.filter legend { float: left; font-weight: 600; margin-right: 8px; padding: 0; }
.filter label { cursor: pointer; }
table { border-collapse: collapse; width: 100%; margin: 4px 0 8px; }
th, td { text-align: left; padding: 5px 10px; border-bottom: 1px solid var(--line); vertical-align: top; }
th { background: var(--head); font-weight: 600; font-size: 12.5px; }
td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; }
td.num, td.nowrap { white-space: nowrap; }
td.msg { overflow-wrap: break-word; }
td.mono { overflow-wrap: normal; word-break: normal; }
/* A table wider than a narrow window scrolls sideways rather than break names mid-word (paths break after '/'). */
.scroll { overflow-x: auto; }
/* Whatever a link or the script scrolls to stays clear of the sticky filter bar. */
[id], details.body { scroll-margin-top: 4.5rem; }
a.ref { font-size: 12px; }
td.rule { min-width: 12ch; }
@media (min-width: 900px) { td.rule { white-space: nowrap; } }
.sev { display: inline-block; font-size: 11.5px; font-weight: 700; text-transform: uppercase; border-radius: 4px; padding: 1px 6px; }
.sev.error { background: var(--error-bg); color: var(--error); }
.sev.warning { background: var(--warning-bg); color: var(--warning); }
.sev.info { background: var(--info-bg); color: var(--info); }
.hide-error tr[data-sev="error"], .hide-warning tr[data-sev="warning"], .hide-info tr[data-sev="info"] { display: none; }
.tag { display: inline-block; font-size: 12px; border-radius: 4px; padding: 0 6px; border: 1px solid var(--line); }
.tag.bad { color: var(--error); border-color: var(--error); }
.tag.warn { color: var(--warning); border-color: var(--warning); }
.tag.good { color: var(--ok); border-color: var(--ok); }
.split { display: flex; gap: 16px; align-items: center; flex-wrap: wrap; }
svg.bar { width: 320px; height: 14px; }
svg.bar .life { fill: var(--info); } svg.bar .op { fill: var(--ok); }
.grid2 { display: grid; grid-template-columns: repeat(auto-fit, minmax(420px, 1fr)); gap: 0 24px; }
.diagram { overflow-x: auto; border: 1px solid var(--line); border-radius: 6px; background: var(--card); }
/* Narrower than 820 px the diagram scrolls in its box: its smallest labels (11 of its 900 units) stay 10 px. */
svg.sequence { display: block; margin: 0 auto; max-width: 100%; min-width: 820px; height: auto; font-size: 12px; }
svg.sequence text { fill: var(--fg); }
svg.sequence .seq, svg.sequence .clock { fill: var(--muted); font-family: var(--mono); font-size: 11px; }
svg.sequence .lifeline { stroke: var(--muted); stroke-width: 1.2; stroke-dasharray: 2 4; }
svg.sequence .actor { fill: var(--head); stroke: var(--muted); }
svg.sequence .actor-role { font-weight: 700; font-size: 13px; }
svg.sequence .actor-name { fill: var(--muted); font-size: 11px; }
svg.sequence .msg { stroke: var(--fg); stroke-width: 1.4; fill: none; }
svg.sequence .msg.res { stroke-dasharray: 6 4; }
svg.sequence .msg.err { stroke: var(--error); stroke-dasharray: 6 4; }
svg.sequence .msg.inv { stroke: var(--error); stroke-dasharray: 2 3; }
svg.sequence .msg.unk { stroke: var(--muted); stroke-dasharray: 2 3; }
svg.sequence .label.err, svg.sequence .label.inv { fill: var(--error); }
svg.sequence .head-solid path { fill: var(--fg); }
svg.sequence .head-red path { fill: var(--error); }
svg.sequence .head-open path { fill: none; stroke: var(--fg); stroke-width: 1.5; }
svg.sequence .note { fill: var(--warning-bg); stroke: var(--warning); }
svg.sequence .note-text { font-style: italic; }
svg.sequence .gap-band { fill: var(--head); stroke: var(--muted); stroke-dasharray: 4 3; }
svg.sequence .gap-text { fill: var(--muted); font-weight: 600; }
svg.sequence .chain-band { fill: var(--info-bg); fill-opacity: .45; stroke: var(--info); stroke-opacity: .6; }
svg.sequence .chain-title { fill: var(--info); font-weight: 600; font-size: 11.5px; }
svg.sequence .chain-leg { fill: var(--info); }
.legend .chain-key { color: var(--info); }
svg.sequence .hit { fill: transparent; }
svg.sequence .band { opacity: .55; }
svg.sequence .band-error { fill: var(--error-bg); } svg.sequence .band-warning { fill: var(--warning-bg); } svg.sequence .band-info { fill: var(--info-bg); }
svg.sequence .mark.sev-error { fill: var(--error); } svg.sequence .mark.sev-warning { fill: var(--warning); } svg.sequence .mark.sev-info { fill: var(--info); }
svg.sequence a.step:hover .label, svg.sequence a.step:focus .label { text-decoration: underline; }
.bodies { max-height: 30rem; overflow: auto; border: 1px solid var(--line); border-radius: 6px; margin-top: 10px; }
details.body { border-bottom: 1px solid var(--line); }
details.body > summary { cursor: pointer; padding: 3px 10px; font-family: var(--mono); font-size: 12.5px; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
details.body:target > summary, details.body[open] > summary { background: var(--head); }
details.body pre { margin: 0; padding: 8px 12px; white-space: pre-wrap; overflow-wrap: anywhere; background: var(--bg); }
.badge { display: inline-block; font-size: 11.5px; font-weight: 700; text-transform: uppercase; border-radius: 4px; padding: 1px 6px; border: 1px solid currentColor; }
.badge.failed { background: var(--error-bg); color: var(--error); }
.badge.degraded { background: var(--warning-bg); color: var(--warning); }
.badge.ok { background: var(--ok-bg); color: var(--ok); }
#what-happened .lead { font-size: 15px; margin: 0 0 4px; }
#what-happened h4 { font-size: 14px; margin: 14px 0 6px; }
.rules-fired { overflow-wrap: anywhere; }
/* A cause's id is never broken at its dashes. */
span.cause { white-space: nowrap; }
/* A summary quotes the log, whose words can be a long JSON token: it breaks anywhere rather than widen the table. */
table.diagnoses td.msg, table.causes td.msg { overflow-wrap: anywhere; min-width: 16ch; }
table.diagnoses td.name { overflow-wrap: anywhere; min-width: 14ch; }
table.diagnoses .side { width: 1%; white-space: nowrap; }
.why { border-top: 1px solid var(--line); padding-top: 2px; }
.why.failed h4 { color: var(--error); } .why.degraded h4 { color: var(--warning); }
.cause-item { margin: 0 0 8px 12px; }
.cause-item p { margin: 4px 0; overflow-wrap: break-word; }
.cause-item.note { color: var(--muted); }
.tag.side { font-family: var(--mono); }
ol.evidence { list-style: none; margin: 0 0 0 12px; padding: 0; }
ol.evidence li { margin: 2px 0 6px; }
ol.evidence .where { font-size: 12px; }
ol.evidence pre { margin: 2px 0 0; padding: 6px 10px; background: var(--bg); border-left: 3px solid var(--line); white-space: pre-wrap; overflow-wrap: anywhere; max-height: 16rem; overflow: auto; }
.why.failed ol.evidence pre { border-left-color: var(--error); } .why.degraded ol.evidence pre { border-left-color: var(--warning); }
section.brief { padding: 6px 20px; margin: 6px 0; }
section.brief h2 { font-size: 14px; display: inline; margin: 0; overflow-wrap: anywhere; }
details.brief > summary { cursor: pointer; }
details.brief[open] > summary { margin-bottom: 8px; }
.facts-line { margin: 0 0 6px; overflow-wrap: break-word; }
details.story { border-bottom: 1px solid var(--line); }
details.story > summary { cursor: pointer; padding: 3px 10px; }
details.story:target > summary, details.story[open] > summary { background: var(--head); }
table.story td.msg { overflow-wrap: anywhere; }
table.story .note { margin-top: 2px; font-size: 12.5px; }
details.steps > summary { cursor: pointer; color: var(--muted); }
details.steps pre { margin: 6px 0; padding: 8px 12px; background: var(--bg); white-space: pre-wrap; overflow-wrap: anywhere; }
.legend { display: flex; flex-wrap: wrap; gap: 14px; font-size: 12.5px; color: var(--muted); margin: 6px 0; }
footer { color: var(--muted); font-size: 12.5px; text-align: center; margin-top: 24px; }
@media print { .filter, .bodies { display: none; } section.session, #statistics, #rules { content-visibility: visible; } section.card { break-inside: avoid-page; } }
`;
