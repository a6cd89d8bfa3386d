// The filter language: precedence, every operator, units, times, and mistakes reported at their column with the
// names that were probably meant.
import { describe, expect, it } from 'vitest';
import { FilterError } from '../../src/filter/error.js';
import { compile } from '../../src/filter/evaluate.js';
import { parseFilter, type Expr } from '../../src/filter/parse.js';
import { rec } from '../helpers/records.js';

/** The tree as an s-expression: `(and (== method tools/call) (has isError))`. */
function tree(e: Expr): string {
  switch (e.t) {
    case 'or':
    case 'and':
      return `(${e.t} ${tree(e.a)} ${tree(e.b)})`;
    case 'not':
      return `(not ${tree(e.x)})`;
    case 'has':
      return e.field.name;
    case 'compare':
      return `(${e.op} ${e.field.name} ${JSON.stringify(e.value)})`;
    case 'in':
      return `(in ${e.field.name} ${JSON.stringify(e.values)})`;
    case 'match':
      return `(~ ${e.field.name} ${e.re.source})`;
    case 'contains':
      return `(contains ${e.field?.name ?? '*'} ${e.text})`;
  }
}

const p = (s: string) => tree(parseFilter(s));

function mistake(src: string): { column: number; message: string } {
  try {
    parseFilter(src);
  } catch (err) {
    if (!(err instanceof FilterError)) throw err;
    return { column: err.column, message: err.message };
  }
  throw new Error(`${src} parsed`);
}

describe('precedence', () => {
  it('not binds tighter than and, and tighter than or; parentheses group', () => {
    expect(p('kind == req or kind == res and not isError')).toBe(
      '(or (== kind "request") (and (== kind "response") (not isError)))',
    );
    expect(p('(kind == req or kind == res) and !isError')).toBe(
      '(and (or (== kind "request") (== kind "response")) (not isError))',
    );
    expect(p('seq == 1 || seq == 2 && seq == 3')).toBe('(or (== seq 1) (and (== seq 2) (== seq 3)))');
    expect(p('not not ok')).toBe('(not (not ok))');
  });
  it('and and or are left-associative', () => {
    expect(p('seq == 1 or seq == 2 or seq == 3')).toBe('(or (or (== seq 1) (== seq 2)) (== seq 3))');
  });
});

describe('operators and values', () => {
  it('reads every comparison, =, in, not in, ~, !~, matches and contains', () => {
    expect(p('seq != 1')).toBe('(!= seq 1)');
    expect(p('seq < 1 and seq <= 2 and seq > 3 and seq >= 4')).toBe(
      '(and (and (and (< seq 1) (<= seq 2)) (> seq 3)) (>= seq 4))',
    );
    expect(p('method = tools/call')).toBe('(== method "tools/call")');
    expect(p('tool in {echo, \'get-sum\', "x y"}')).toBe('(in tool ["echo","get-sum","x y"])');
    expect(p('tool not in {echo}')).toBe('(not (in tool ["echo"]))');
    expect(p('method ~ tools/*')).toBe('(~ method ^tools\\/.*$)');
    expect(p('method !~ "notifications/?ancel*"')).toBe('(not (~ method ^notifications\\/.ancel.*$))');
    expect(p('method matches /^res.+list$/i')).toBe('(~ method ^res.+list$)');
    expect(p('error.message contains "not found"')).toBe('(contains error.message not found)');
    expect(p('contains "hello world"')).toBe('(contains * hello world)');
  });
  it('reads the short forms of the vocabularies', () => {
    expect(p('dir == → and phase == op and primitive == base:progress and kind in {ntf, err}')).toBe(
      '(and (and (and (== dir "c2s") (== phase "operation")) (== primitive "progress")) (in kind ["notification","error"]))',
    );
  });
  it('reads durations, sizes and plain numbers in the base unit', () => {
    expect(p('latency > 500ms')).toBe('(> latency 500)');
    expect(p('latency > 2s or latency >= 1.5m or latency < 250us or latency < 1h')).toBe(
      '(or (or (or (> latency 2000) (>= latency 90000)) (< latency 0.25)) (< latency 3600000))',
    );
    expect(p('latency > 40')).toBe('(> latency 40)');
    expect(p('bytes > 1MB and bytes < 10kB and bytes != 2KiB and bytes > 3 and bytes < 1GiB')).toBe(
      '(and (and (and (and (> bytes 1000000) (< bytes 10000)) (!= bytes 2048)) (> bytes 3)) (< bytes 1073741824))',
    );
    expect(p('error.code == -32601')).toBe('(== error.code -32601)');
    expect(p('id == 5')).toBe('(== id "5")');
  });
});

describe('evaluation', () => {
  const call = rec({
    seq: 3,
    id: 4,
    kind: 'request',
    method: 'tools/call',
    primitive: 'tools',
    feature: null,
    ts: '2026-11-30T10:32:05.100Z',
    message: {
      jsonrpc: '2.0',
      id: 4,
      method: 'tools/call',
      params: { name: 'echo', arguments: { message: 'line one\nline "two"' } },
    },
  });
  const failed = rec({
    seq: 4,
    id: 4,
    kind: 'response',
    method: 'tools/call',
    primitive: 'tools',
    feature: null,
    dir: 's2c',
    latencyMs: 750,
    pair: 3,
    ts: '2026-11-30T10:32:05.850Z',
    findings: [{ rule: 'slow-response', severity: 'warning', message: 'took 750 ms' }],
    message: { jsonrpc: '2.0', id: 4, result: { content: [], isError: true } },
  });
  const error = rec({
    seq: 5,
    id: 5,
    kind: 'error',
    method: 'tools/list',
    dir: 's2c',
    latencyMs: 3,
    ts: '2026-11-30T10:40:00Z',
    message: { jsonrpc: '2.0', id: 5, error: { code: -32601, message: 'Method not found' } },
  });
  const all = [call, failed, error];
  const sel = (s: string) => all.filter(compile(parseFilter(s))).map((r) => r.seq);

  it('reads the fields from the record and its message', () => {
    expect(sel('tool == echo')).toEqual([3]);
    expect(sel('isError')).toEqual([4]);
    expect(sel('ok == false')).toEqual([4, 5]);
    expect(sel('status == error')).toEqual([5]);
    expect(sel('error.code == -32601 and error.message ~ "*not found"')).toEqual([5]);
    expect(sel('latency > 500ms')).toEqual([4]);
    expect(sel('latency <= 0.75s')).toEqual([4, 5]);
    expect(sel('rule == slow-response and severity == warning')).toEqual([4]);
    expect(sel('finding')).toEqual([4]);
    expect(sel('not finding')).toEqual([3, 5]);
    expect(sel('id in {4}')).toEqual([3, 4]);
  });
  it('a record without the field matches no comparison on it, != included', () => {
    expect(sel('tool != other')).toEqual([3]);
    expect(sel('not tool == other')).toEqual([3, 4, 5]);
  });
  it('compares times as clocks, as dates and as instants', () => {
    expect(sel('time > 10:32:05.5')).toEqual([4, 5]);
    expect(sel('time >= 10:33')).toEqual([5]);
    expect(sel('time < 2026-11-30T10:35')).toEqual([3, 4]);
    expect(sel('time > 2026-11-30T11:35:00+01:00')).toEqual([5]);
    expect(sel('time >= 2026-12-01')).toEqual([]);
  });
  it('contains finds text in a body as logged and in its strings as decoded', () => {
    expect(sel('contains "line \\"two\\""')).toEqual([3]);
    expect(sel('contains "one\\nline"')).toEqual([3]);
    expect(sel('contains isError')).toEqual([4]);
    expect(sel('body contains "-32601"')).toEqual([5]);
  });
});

describe('mistakes', () => {
  it('an unknown field: its column and the names it could have meant', () => {
    expect(mistake('kind == req and methd == x')).toMatchObject({
      column: 16,
      message: 'no field methd; did you mean method?',
    });
    expect(mistake('latncy > 5').message).toBe('no field latncy; did you mean latency?');
    expect(mistake('iserror').message).toContain('did you mean isError?');
  });
  it('a value the field never has, with the nearest ones', () => {
    expect(mistake('kind == reqest')).toMatchObject({
      column: 8,
      message: 'kind is never reqest; did you mean request?',
    });
  });
  it('a unit of the wrong kind, an ordering of text, a missing value', () => {
    expect(mistake('latency > 5MB')).toMatchObject({
      column: 10,
      message: 'latency is a duration: MB is no unit of one (us, ms, s, sec, m, min, h)',
    });
    expect(mistake('bytes > 5ms').message).toMatch(/^bytes is a size: ms is no unit/);
    expect(mistake('method > a')).toMatchObject({
      column: 7,
      message: '> compares numbers, durations, sizes and times; method is text',
    });
    expect(mistake('seq == ')).toMatchObject({ column: 7, message: 'seq is a number, not the end' });
    expect(mistake('time > soon').message).toMatch(/^time is a time \(10:32/);
  });
  it('unbalanced parentheses and sets, stray operators, unclosed strings and regular expressions', () => {
    expect(mistake('(seq == 1')).toMatchObject({
      column: 9,
      message: 'expected ) to close the ( at column 1, not the end',
    });
    expect(mistake('seq == 1)')).toMatchObject({ column: 8, message: 'expected and, or or the end, not )' });
    expect(mistake('tool in {a, b')).toMatchObject({ column: 13, message: 'expected , or } in the set, not the end' });
    expect(mistake('and seq == 1')).toMatchObject({ column: 0 });
    expect(mistake('tool == "echo')).toMatchObject({ column: 8, message: 'a string is not closed: end it with "' });
    expect(mistake('method ~ /(x/')).toMatchObject({ column: 9 });
    expect(mistake('method ~ /x')).toMatchObject({
      column: 9,
      message: 'a regular expression is not closed: end it with /',
    });
    expect(mistake('seq == 1 # x')).toMatchObject({ column: 9, message: 'unexpected "#"' });
    expect(mistake('')).toMatchObject({ column: 0 });
  });
});
