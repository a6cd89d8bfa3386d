// Which end of a pipe is the client: told by the `initialize` request one end sent, as a value or as wire text.
import { describe, expect, test } from 'vitest';
import { PipeRoles } from '../../src/input/tool-captures/peers.js';

const init = { jsonrpc: '2.0', id: 0, method: 'initialize', params: {} };

describe('PipeRoles', () => {
  test('nothing is known of a pipe before its initialize', () => {
    expect(new PipeRoles().dir(10, 20, { jsonrpc: '2.0', id: 1, method: 'ping' })).toBe('unknown');
  });

  test("an initialize request's sender is the client, both ways after it", () => {
    const roles = new PipeRoles();
    expect(roles.dir(10, 20, init)).toBe('c2s');
    expect(roles.dir(20, 10, { jsonrpc: '2.0', id: 0, result: {} })).toBe('s2c');
    expect(roles.dir('10', '20', { jsonrpc: '2.0', method: 'notifications/initialized' })).toBe('c2s');
    expect(roles.dir(30, 40, init)).toBe('c2s');
    expect(roles.dir(40, 30, 'x')).toBe('s2c');
  });

  test('reads an initialize given as wire text; a notification named initialize tells nothing', () => {
    const roles = new PipeRoles();
    expect(roles.dir(1, 2, JSON.stringify(init))).toBe('c2s');
    expect(roles.dir(2, 1, '{"jsonrpc":"2.0","id":0,"result":{}}')).toBe('s2c');
    expect(roles.dir(3, 4, { jsonrpc: '2.0', method: 'initialize' })).toBe('unknown');
    expect(roles.dir(3, 4, '{"method":"initialize", cut')).toBe('unknown');
  });

  test('ends that are no scalar ids are unknown', () => {
    const roles = new PipeRoles();
    expect(roles.dir(undefined, 2, init)).toBe('unknown');
    expect(roles.dir({ pid: 1 }, 2, init)).toBe('unknown');
  });
});
