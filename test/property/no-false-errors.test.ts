// "No false errors" (issue 26): any mix of prose, TOML/INI sections, printed JS/Python objects, stack traces, JSON log
// records and JSON-RPC lines, read with no flag, gives `invalid` records only for the lines built to be broken
// messages; every line is in exactly one record, and the records are the same in 1-, 3- and 7-byte chunks.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeFrame } from '../../src/decode/decode.js';
import type { Frame } from '../../src/types.js';
import { expectLinesCovered, framesOf, isBlankLine } from '../input/helpers.js';
import { jsonRpcMessage, SEED } from './support.js';

/** One block of the log: its lines, and what each is built to be. */
interface Block {
  lines: string[];
  role: 'log' | 'message' | 'broken';
}

const WORDS = [
  'server',
  'started',
  'on',
  'stdio',
  'connecting',
  'to',
  'MCP',
  'tools',
  'ready',
  'failed',
  'retrying',
  'in',
  '3s',
  'listening',
  'port',
  '8080',
  'ok',
  'client',
  'closed',
  'timeout',
  '✓',
  'é',
  '⚠',
];
const word = fc.constantFrom(...WORDS);
const words = fc.array(word, { minLength: 1, maxLength: 8 }).map((w) => w.join(' '));
const name = fc.stringMatching(/^[a-z][a-z0-9_]{0,10}$/);

const log = (lines: string[]): Block => ({ lines, role: 'log' });

/** Prose, with the prefixes logs put before it: a time, a level, bracketed tags, terminal colours. */
const prose = fc
  .tuple(
    fc.constantFrom(
      '',
      '2025-06-12 10:01:02 ',
      'INFO ',
      '[info] ',
      '[MCP][srv] ',
      '[26682] ',
      '\u001b[33m⚠\u001b[0m ',
      '› ',
      '  ',
    ),
    words,
    fc.constantFrom('', '.', ':', '...', ' (x2)'),
  )
  .map(([p, w, s]) => log([`${p}${w}${s}`]));

/** A TOML or INI section with its keys. */
const section = fc
  .tuple(
    fc.constantFrom('', '  '),
    fc.array(name, { minLength: 1, maxLength: 3 }),
    name,
    fc.integer({ min: 0, max: 99 }),
  )
  .map(([indent, parts, key, n]) =>
    log([`${indent}[${parts.join('.')}]`, `${indent}${key} = ${n}`, `${indent}${key}_name = "x"`]),
  );

/** An object as Node's `console.log` and Python's `print` write it. */
const printed = fc.oneof(
  fc
    .tuple(name, name, fc.integer())
    .map(([a, b, n]) => log(['{', `  ${a}: '${b}',`, `  params: { ${b}: ${n} },`, `  jsonrpc: '2.0',`, '}'])),
  fc.tuple(name, words).map(([a, w]) => log([`Query parameters: [Object: null prototype] {`, `  ${a}: '${w}'`, '}'])),
  fc.tuple(name, fc.integer()).map(([a, n]) => log([`{'${a}': ${n}, 'name': 'x', 'args': [1, 2]}`])),
  fc.tuple(name, fc.integer()).map(([a, n]) => log([`[ '${a}', ${n} ]`, `Namespace(${a}=${n})`])),
  fc.integer().map((n) => log([`  "id": ${n},`, `  ${n}`, '  ],'])),
);

/** A stack trace of Node or Python. */
const trace = fc
  .tuple(name, words)
  .map(([f, w]) =>
    log([
      'Traceback (most recent call last):',
      `  File "/srv/${f}.py", line 12, in <module>`,
      `ValueError: ${w}`,
      `Error: ${w}`,
      `    at ${f} (file:///srv/${f}.js:26:44)`,
      '    at process.processTicksAndRejections (node:internal/process/task_queues:95:5)',
    ]),
  );

/** A JSON log record that is no message: pino, winston, bunyan, structlog, zap. */
const record = fc
  .tuple(words, fc.integer({ min: 1, max: 6 }), name)
  .map(([w, l, k]) =>
    log([
      JSON.stringify({ level: l * 10, time: 1753279331101, pid: 4120, msg: w, [k]: 1 }),
      JSON.stringify({ level: 'info', message: `[MCP][${k}] ${w}`, timestamp: '2025-07-23T14:02:11.101Z' }),
      JSON.stringify({ id: `usr_${k}`, name: w, roles: ['admin'] }),
    ]),
  );

/** A JSON-RPC message on its own line, or after a label, or escaped in a quoted value. */
const message = fc
  .tuple(
    jsonRpcMessage(fc.integer({ min: 0, max: 99 })),
    fc.constantFrom('', 'MCP: SERVER OUTPUT: ', '12:56:16.981 › Received a response: ', 'DEBU request body body='),
  )
  .map(([m, label]) => {
    const json = JSON.stringify(m);
    return {
      lines: [label.endsWith('=') ? `${label}${JSON.stringify(json)}` : `${label}${json}`],
      role: 'message',
    } as Block;
  });

/** A message built to be broken: cut short, a wrong version, a trailing comma. */
const broken = fc
  .tuple(
    jsonRpcMessage(fc.integer({ min: 0, max: 99 })),
    fc.integer({ min: 1, max: 200 }),
    fc.constantFrom('cut', 'version', 'comma', 'members'),
  )
  .map(([m, n, how]) => {
    const json = JSON.stringify(m);
    const line =
      how === 'cut'
        ? json.slice(0, Math.min(json.length - 1, 12 + (n % Math.max(1, json.length - 12))))
        : how === 'version'
          ? json.replace('"2.0"', '"1.0"')
          : how === 'comma'
            ? json.replace(/}$/, ',}')
            : `{"id": ${n}, "method": "tools/call", "params": {`;
    return { lines: [line], role: 'broken' } as Block;
  });

/**
 * The log opens with a line of prose: a file whose first line is a lone `{` is taken for a pretty-printed JSON document
 * by detection (detect.ts), which this property does not test.
 */
const blocks = fc
  .tuple(
    prose,
    fc.array(fc.oneof(prose, section, printed, trace, record, message, broken), { minLength: 1, maxLength: 12 }),
  )
  .map(([first, rest]) => [first, ...rest]);

/** The frame decodes to a broken message: an `invalid` record, or a message with a framing problem (`"jsonrpc":"1.0"`). */
function isBroken(f: Frame): boolean {
  return decodeFrame(f).some((d) => d.kind === 'invalid' || d.problem !== undefined);
}

describe('no false errors', () => {
  it('only the lines built to be broken messages are invalid; every line is in one record; any chunking reads the same', async () => {
    await fc.assert(
      fc.asyncProperty(blocks, async (bs) => {
        const lines: string[] = [];
        const broken: number[] = [];
        const messages: number[] = [];
        for (const b of bs) {
          for (const l of b.lines) {
            lines.push(l);
            if (b.role === 'broken') broken.push(lines.length);
            if (b.role === 'message') messages.push(lines.length);
          }
        }
        const bytes = Buffer.from(`${lines.join('\n')}\n`);
        const frames = await framesOf(bytes, { file: 'mix' });
        expect(frames.filter(isBroken).map((f) => f.line)).toEqual(broken);
        // Every message is read as one, wherever it sat on its line.
        const read = frames
          .filter((f) => f.log === undefined && f.event === undefined && !isBroken(f))
          .map((f) => f.line);
        expect(read).toEqual(messages);
        expectLinesCovered(frames, bytes, isBlankLine);
        for (const chunk of [1, 3, 7]) expect(await framesOf(bytes, { file: 'mix', chunk })).toEqual(frames);
      }),
      { numRuns: 120, seed: SEED },
    );
  });
});
