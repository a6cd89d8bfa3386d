// Records outside any session (session/outside.ts): a line or an event that no session holds is kept, and is no session.
import { beforeEach, describe, expect, it } from 'vitest';
import { Analyzer } from '../../src/analyzer.js';
import type { Frame } from '../../src/types.js';
import { event, initReq, initRes, logLine, msg, req, res, resetLines } from '../helpers/frames.js';

function run(frames: Frame[]) {
  const a = new Analyzer();
  const input = a.input('t.log');
  const records = frames.flatMap((f) => input.push(f));
  input.end();
  return { records, ...a.summary() };
}

beforeEach(resetLines);

describe('records outside any session', () => {
  it('lines and events before the first message: kept, under no session, and the first session is still `1`', () => {
    const { records, sessions } = run([
      logLine('banner'), event('listening'), msg('c2s', initReq(0)), msg('s2c', initRes(0)), logLine('after'),
    ]);
    expect(records.map((r) => `${r.seq} ${r.kind} ${JSON.stringify(r.session)}`)).toEqual([
      '1 log ""', '2 event ""', '3 request "1"', '4 response "1"', '5 log "1"',
    ]);
    expect(sessions.map((s) => s.key)).toEqual(['1']);
    expect(sessions[0]).toMatchObject({ firstSeq: 3, lastSeq: 5 });
  });

  it('a process start or a session break starts the session it opens: it is not outside', () => {
    const { records, sessions } = run([logLine('banner'), event('start'), logLine('Server started'), msg('c2s', req(1, 'ping'))]);
    expect(records.map((r) => r.session)).toEqual(['', '1', '1', '1']);
    expect(sessions.map((s) => s.key)).toEqual(['1']);
    expect(run([event('session'), msg('c2s', req(1, 'ping'))]).records.map((r) => r.session)).toEqual(['1', '1']);
  });

  it('a line between named sessions, when no unnamed one is current, is outside (a bridge\'s next launch before it connects)', () => {
    const { records, sessions } = run([
      msg('c2s', req(1, 'ping'), { session: 'a' }), msg('s2c', res(1), { session: 'a' }),
      logLine('Using automatically selected callback port: 11785'),
      msg('c2s', req(1, 'ping'), { session: 'b' }),
    ]);
    expect(records.map((r) => r.session)).toEqual(['a', 'a', '', 'b']);
    expect(sessions.map((s) => s.key)).toEqual(['a', 'b']);
  });

  it('a log\'s empty session id names no session', () => {
    const { records, sessions } = run([msg('c2s', req(1, 'ping'), { session: '' }), msg('s2c', res(1), { session: '' })]);
    expect(records.map((r) => [r.session, r.pair])).toEqual([['1', null], ['1', 1]]);
    expect(sessions.map((s) => s.key)).toEqual(['1']);
  });

  it('the server a line outside names is the next session\'s', () => {
    const { records, sessions } = run([logLine('Initializing server...', { server: 'memory' }), msg('c2s', initReq(0)), logLine('x')]);
    expect(records.map((r) => r.server)).toEqual(['memory', 'memory', 'memory']);
    expect(sessions[0]!.server).toBe('memory');
  });

  it('a close ends a session the log did not show starting: it is that session\'s, and what follows is after it', () => {
    const { records } = run([logLine('a'), event('stdin-closed'), event('stdout-closed'), msg('c2s', req(9, 'x/custom'))]);
    expect(records.map((r) => r.session)).toEqual(['', '1', '1', '1']);
    expect(records[3]!.findings.map((f) => f.rule)).toContain('message-after-shutdown');
  });

  it('a log of lines only: every record kept, no session, nothing judged', () => {
    const { records, sessions, findings } = run([logLine('a'), event('connected'), logLine('b'), event('listening')]);
    expect(records.map((r) => r.session)).toEqual(['', '', '', '']);
    expect(records.flatMap((r) => r.findings)).toEqual([]);
    expect(sessions).toEqual([]);
    expect(findings).toEqual([]);
  });
});
