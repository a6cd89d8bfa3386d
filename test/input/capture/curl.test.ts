// curl transcripts (`--input-format curl`): the fixtures of test/fixtures/hosts/curl/ end to end, and the parts of the reader
// (the line grammar, a pasted command's body, a trace block's bytes) on the shapes they must read.
import { Buffer } from 'node:buffer';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { analyze } from '../../../src/analyze-stream.js';
import { CommandReader, commandStart } from '../../../src/input/capture/curl/curl-command.js';
import { isCurlLine, readCurlLine } from '../../../src/input/capture/curl/curl-lines.js';
import { TraceBlock } from '../../../src/input/capture/curl/curl-trace.js';
import { shellWords } from '../../../src/input/capture/curl/shell-words.js';
import { detectInput } from '../../../src/input/detect.js';
import { readFrames } from '../../../src/input/read.js';
import type { PipelineRecord } from '../../../src/types.js';
import { SEED } from '../../property/support.js';
import { bomb } from '../../helpers/bomb.js';
import { chunked, toCrlf } from '../helpers.js';
import {
  COUNT_FIELDS,
  hostCases,
  hostCounts,
  isMessageRecord,
  recordsOf,
  type HostExpected,
} from '../host-fixtures.js';

const CASES = hostCases<HostExpected & { invalid: number }>(['curl'], /\.txt$/);

describe('curl transcript fixtures', () => {
  it('there are fixtures of -v, --trace-ascii and --trace', () => {
    expect(CASES.length).toBeGreaterThanOrEqual(8);
  });

  describe.each(CASES.map((c) => [c.name, c] as const))('%s', (name, c) => {
    it('is detected as curl with no flag, from its first lines', async () => {
      const d = await detectInput(chunked(c.bytes, 7));
      expect(d.format).toBe('curl');
      expect(d.conclusive).toBe(true);
    });

    it('gives exactly the counts of its .expect.json', async () => {
      const records = await recordsOf(c.bytes, name);
      const got = hostCounts(records);
      for (const f of COUNT_FIELDS) expect(got[f], f).toEqual(c.expected[f]);
      expect(records.filter((r) => r.kind === 'invalid').length).toBe(c.expected.invalid);
      expect(records.every((r) => r.format === 'curl')).toBe(true);
      // Direction is stated (request bodies c2s, answers s2c), and every message says which exchange carried it.
      for (const r of records.filter(isMessageRecord)) {
        expect(r.dirInferred, r.source).toBe(false);
        expect(r.http, r.source).toMatchObject({
          conn: expect.stringMatching(/^curl\/\d+$/),
          method: expect.any(String),
        });
      }
    });

    it('gives the same records in 1-, 3- and 7-byte chunks, with CRLF, and with --input-format', async () => {
      const whole = await recordsOf(c.bytes, name);
      for (const size of [1, 3, 7]) expect(await recordsOf(c.bytes, name, size), `chunk ${size}`).toEqual(whole);
      const crlf = toCrlf(c.bytes);
      for (const size of [0, 7]) expect(await recordsOf(crlf, name, size), `CRLF chunk ${size}`).toEqual(whole);
      expect(await recordsOf(c.bytes, name, 5, 'curl')).toEqual(whole);
    });
  });
});

const recordsOfText = async (text: string) =>
  (await analyze(chunked(Buffer.from(text)), { file: 't.txt', inputFormat: 'curl' })).records;
const messages = (rs: PipelineRecord[]) =>
  rs.filter(isMessageRecord).map((r) => [r.dir, r.kind, r.method, r.session].filter(Boolean).join(' '));

const INIT =
  '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}';
const RESULT =
  '{"jsonrpc":"2.0","id":1,"result":{"protocolVersion":"2025-06-18","capabilities":{},"serverInfo":{"name":"s","version":"1"}}}';
const head = (body: string, extra: string[] = []) => [
  '*   Trying 127.0.0.1:3001...',
  '* Connected to 127.0.0.1 (127.0.0.1) port 3001 (#0)',
  '> POST /mcp HTTP/1.1',
  '> Host: 127.0.0.1:3001',
  ...extra,
  `> Content-Length: ${Buffer.byteLength(body)}`,
  '> ',
];

describe('curl -v transcripts: what the reader makes of each shape', () => {
  it('a request body from the command line, matched on Content-Length; without it the body is said to be missing', async () => {
    const run = (cmd: string[], body: string) => [
      ...cmd,
      ...head(body, ['> Content-Type: application/json']),
      '< HTTP/1.1 200 OK',
      '< Content-Type: application/json',
      '< mcp-session-id: s-1',
      '< ',
      RESULT,
      '* Connection #0 to host 127.0.0.1 left intact',
    ];
    const withCmd = await recordsOfText(
      run([`$ curl -v http://127.0.0.1:3001/mcp -H 'Content-Type: application/json' -d '${INIT}'`], INIT).join('\n'),
    );
    expect(messages(withCmd)).toEqual(['c2s request initialize s-1', 's2c response initialize s-1']);
    expect(withCmd.find((r) => r.kind === 'request')!.source).toBe('t.txt:1');
    // No command line: the response is there, its request's body is not (an event says so).
    const without = await recordsOfText(run([], INIT).join('\n'));
    expect(messages(without)).toEqual(['s2c response s-1']);
    expect(without.find((r) => r.kind === 'event')!.event).toEqual({
      name: 'http-body-not-captured',
      data: { body: 'request', size: Buffer.byteLength(INIT) },
    });
    // A command whose body is not the one sent (its length differs): not taken for it.
    const other = await recordsOfText(
      run([`curl -d '${INIT.replace('"t"', '"other"')}' http://127.0.0.1:3001/mcp`], INIT).join('\n'),
    );
    expect(messages(other)).toEqual(['s2c response s-1']);
  });

  it('a command over several lines, a here-document, $\'…\' and "…" quoting, redirections and a prompt', async () => {
    const heredoc = [
      `user@box:~/x$ curl -sv -X POST http://127.0.0.1:3001/mcp \\`,
      `  -H "Accept: application/json, text/event-stream" \\`,
      `  --data-binary @- <<'EOF' 2>&1 | tee out.log`,
      INIT,
      'EOF',
    ];
    const r = new CommandReader(1, heredoc[0]!.slice(commandStart(heredoc[0]!)));
    let got = r.result();
    for (const l of heredoc.slice(1)) got ??= r.line(l);
    expect(got).toEqual({ body: `${INIT}\n`, sends: true, line: 4, method: 'POST', target: '/mcp' });
    expect(shellWords(`curl -d $'{"a":"b\\nc"}' "x\\"y" 'it'\\''s' 2>&1 > out`).words.map((w) => w.text)).toEqual([
      'curl',
      '-d',
      '{"a":"b\nc"}',
      'x"y',
      "it's",
    ]);
    expect(shellWords(`curl -d '{"a":`).open).toBe(true);
    expect(shellWords('curl -H x \\').open).toBe(true);
    const cmd = (text: string) => new CommandReader(1, text).result()!;
    expect(cmd(`curl -sSd '{"a":1}' -d '{"b":2}' http://h/mcp?x=1`)).toMatchObject({
      body: '{"a":1}&{"b":2}',
      method: 'POST',
      target: '/mcp?x=1',
    });
    expect(cmd(`curl -G -d 'x=1' http://h/mcp`)).toMatchObject({ body: null, sends: false, method: 'GET' });
    expect(cmd(`curl -H '-d nope' -X PUT --json '{"a":1}' http://h/mcp`)).toMatchObject({
      body: '{"a":1}',
      method: 'PUT',
    });
    expect(cmd(`curl -d @body.json http://h/mcp`)).toMatchObject({ body: null, sends: true });
    for (const p of [
      '$ curl -v x',
      '% curl x',
      'PS C:\\> curl.exe x',
      '└─$ curl x',
      'me@h:~/a$ curl x',
      '++++ curl x',
      'curl x',
    ])
      expect(commandStart(p), p).toBeGreaterThanOrEqual(0);
    for (const p of ['sleep 2; curl x', 'docker run curlimages/curl:8 x', 'curling is fun'])
      expect(commandStart(p), p).toBe(-1);
  });

  it('an interim 100 Continue, a response head with no `<` terminator, HTTP/2 heads, --trace-time clocks', async () => {
    const lines = [
      `curl -v -N http://127.0.0.1:3001/mcp -d '${INIT}'`,
      ...head(INIT).map((l) => `10:00:00.100000 ${l}`),
      '10:00:00.101000 < HTTP/1.1 100 Continue',
      '10:00:00.101000 < ',
      '10:00:00.150000 < HTTP/2 200 ',
      '10:00:00.150000 < content-type: text/event-stream',
      '10:00:00.150000 < mcp-session-id: s-2',
      'event: message',
      `data: ${RESULT}`,
      '',
      '10:00:00.160000 * Connection #0 to host 127.0.0.1 left intact',
    ];
    const rs = await recordsOfText(lines.join('\n'));
    expect(messages(rs)).toEqual(['c2s request initialize s-2', 's2c response initialize s-2']);
    expect(rs.filter(isMessageRecord).map((r) => [r.ts, r.latencyMs])).toEqual([
      ['10:00:00.100000', null],
      ['10:00:00.150000', 50],
    ]);
    expect(rs.find((r) => r.kind === 'response')!.http).toMatchObject({
      status: 200,
      contentType: 'text/event-stream',
      stream: 'post',
    });
  });

  it('the end of the transfer: curl: (N) errors and cut streams, a body that never shows, a stream still open at the end', async () => {
    const base = (tail: string[]) =>
      [`curl -v http://127.0.0.1:3001/mcp -d '${INIT}'`, ...head(INIT), ...tail].join('\n');
    const empty = await recordsOfText(
      base(['* Empty reply from server', '* Closing connection 0', 'curl: (52) Empty reply from server']),
    );
    expect(messages(empty)).toEqual(['c2s request initialize 1']);
    expect(empty.filter((r) => r.kind === 'log').map((r) => r.level)).toContain('error');
    // A JSON answer cut by the transfer: the part read, as an invalid record saying why.
    const cut = await recordsOfText(
      base([
        '< HTTP/1.1 200 OK',
        '< Content-Type: application/json',
        '< Content-Length: 500',
        '< ',
        '{"jsonrpc":"2.0","id":1,',
        '* transfer closed with 476 bytes remaining to read',
        'curl: (18) transfer closed with 476 bytes remaining to read',
      ]),
    );
    expect(cut.filter((r) => r.kind === 'invalid').map((r) => r.findings[0]!.message)).toEqual([
      expect.stringMatching(
        /^HTTP response body cut: \d+ of 500 bytes read, the connection closed before the body ended/,
      ),
    ]);
    // The JSON answer went elsewhere (`-o file`): said, not silent.
    const elsewhere = await recordsOfText(
      base([
        '< HTTP/1.1 200 OK',
        '< Content-Type: application/json',
        '< mcp-session-id: s-3',
        '< ',
        '* Connection #0 to host 127.0.0.1 left intact',
      ]),
    );
    expect(elsewhere.filter((r) => r.kind === 'event').map((r) => r.event!.name)).toEqual(['http-body-not-captured']);
    // A GET stream stopped with Ctrl-C inside an event's data line that never ended: read as whole (its blank line lost).
    const get = [
      'curl -v -N http://127.0.0.1:3001/mcp -H "Mcp-Session-Id: s-4"',
      '> GET /mcp HTTP/1.1',
      '> Accept: text/event-stream',
      '> Mcp-Session-Id: s-4',
      '> ',
      '< HTTP/1.1 200 OK',
      '< Content-Type: text/event-stream',
      '< ',
      'event: message',
      'data: {"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":"x"}}',
      '^C',
    ];
    const stream = await recordsOfText(get.join('\n'));
    expect(messages(stream)).toEqual(['s2c notification notifications/message s-4']);
    expect(stream.find((r) => r.kind === 'notification')!.http).toMatchObject({ method: 'GET', stream: 'get' });
  });

  it('a line over --max-message-bytes is an oversized record where it is, and the stream is read on', async () => {
    const big = `data: {"jsonrpc":"2.0","method":"notifications/message","params":{"data":"${'x'.repeat(600)}"}}`;
    const lines = [
      '> GET /mcp HTTP/1.1',
      '> Accept: text/event-stream',
      '> Mcp-Session-Id: s-6',
      '> ',
      '< HTTP/1.1 200 OK',
      '< Content-Type: text/event-stream',
      '< ',
      'event: message',
      big,
      '',
      'event: message',
      'data: {"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":"y"}}',
      '',
    ];
    const rs = (
      await analyze(chunked(Buffer.from(lines.join('\n'))), {
        file: 't.txt',
        inputFormat: 'curl',
        maxMessageBytes: 300,
      })
    ).records;
    expect(rs.filter((r) => r.kind !== 'log').map((r) => [r.source, r.kind, r.findings.map((f) => f.rule)])).toEqual([
      ['t.txt:9', 'invalid', ['oversized']],
      ['t.txt:11', 'notification', []],
      // The stream was still open where the transcript ends.
      ['t.txt:12', 'event', []],
    ]);
  });

  it('a --trace of a compression bomb: its decoding stops where a layer passes --max-message-bytes', async () => {
    /** A `--trace` block: its label, then its bytes in lines of 16, hex and text. */
    const block = (label: string, bytes: Buffer) => [
      `${label}, ${bytes.length} bytes (0x${bytes.length.toString(16)})`,
      ...Array.from({ length: Math.ceil(bytes.length / 16) }, (_, i) => {
        const row = [...bytes.subarray(i * 16, i * 16 + 16)];
        return `${(i * 16).toString(16).padStart(4, '0')}: ${row
          .map((b) => b.toString(16).padStart(2, '0'))
          .join(' ')
          .padEnd(47)} ${row.map((b) => (b >= 0x20 && b < 0x7f ? String.fromCharCode(b) : '.')).join('')}`;
      }),
    ];
    const call = '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"t"}}';
    const body = await bomb(64 << 20, ['gzip', 'gzip', 'gzip']);
    const lines = [
      '== Info: Connected to 127.0.0.1 (127.0.0.1) port 3001 (#0)',
      ...block(
        '=> Send header',
        Buffer.from(
          `POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:3001\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\nMcp-Session-Id: s-7\r\nContent-Length: ${call.length}\r\n\r\n`,
        ),
      ),
      ...block('=> Send data', Buffer.from(call)),
      ...block(
        '<= Recv header',
        Buffer.from(
          `HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Encoding: gzip, gzip, gzip\r\nContent-Length: ${body.length}\r\n\r\n`,
        ),
      ),
      ...block('<= Recv data', body),
      '== Info: Connection #0 to host 127.0.0.1 left intact',
    ];
    const rs = (
      await analyze(chunked(Buffer.from(lines.join('\n'))), {
        file: 't.txt',
        inputFormat: 'curl',
        maxMessageBytes: 1 << 20,
      })
    ).records;
    const over = rs.find((r) => r.kind === 'invalid')!;
    expect(over.findings.map((f) => f.message)).toEqual([
      expect.stringMatching(
        /^HTTP response body decodes to more than --max-message-bytes \(1048576\) \(Content-Encoding gzip, gzip, gzip\): decoding stopped in layer 3 of 3 after \d+ bytes/,
      ),
    ]);
    expect(over.bytes).toBeLessThanOrEqual((1 << 20) + 16 * 1024);
  });

  it('reuses a connection when curl says so, and names a new one for each connect', async () => {
    const ping = (id: number) => `{"jsonrpc":"2.0","id":${id},"method":"ping"}`;
    const exchange = (id: number) => [
      ...head(ping(id)).slice(2),
      '< HTTP/1.1 200 OK',
      '< Content-Type: application/json',
      '< mcp-session-id: s-5',
      '< ',
      `{"jsonrpc":"2.0","id":${id},"result":{}}`,
    ];
    const lines = [
      `curl -v -d '${ping(1)}' http://127.0.0.1:3001/mcp --next -d '${ping(2)}' http://127.0.0.1:3001/mcp`,
      '* Connected to 127.0.0.1 (127.0.0.1) port 3001 (#0)',
      ...exchange(1),
      '* Connection #0 to host 127.0.0.1 left intact',
      '* Re-using existing connection #0 with host 127.0.0.1',
      ...exchange(2),
      '* Connection #0 to host 127.0.0.1 left intact',
      '* Connected to 127.0.0.1 (127.0.0.1) port 3001 (#1)',
      ...exchange(3),
    ];
    const rs = await recordsOfText(lines.join('\n'));
    expect(rs.filter((r) => r.kind === 'response').map((r) => r.http!.conn)).toEqual(['curl/1', 'curl/1', 'curl/2']);
  });
});

describe('curl traces of HTTP/2', () => {
  it('are named in one line, not misread as HTTP/1.1', async () => {
    const head = 'POST /mcp HTTP/2\r\nhost: h\r\n\r\n';
    const lines = [
      '== Info: Connected to h (1.2.3.4) port 443 (#0)',
      `=> Send header, ${head.length} bytes (0x${head.length.toString(16)})`,
      '0000: POST /mcp HTTP/2',
      '0012: host: h',
      '001b: ',
      '<= Recv header, 13 bytes (0xd)',
      '0000: HTTP/2 200 ',
    ];
    const notes: string[] = [];
    const frames = [];
    for await (const f of readFrames(chunked(Buffer.from(lines.join('\n'))), {
      file: 't',
      format: 'curl',
      status: { note: (_source, t) => notes.push(t) },
    }))
      frames.push(f);
    expect(frames.map((f) => f.log?.text ?? f.error)).toEqual(['Connected to h (1.2.3.4) port 443 (#0)']);
    expect(notes).toEqual([
      '1 traced connection speaks HTTP/2 or 3, whose --trace is not read: trace with --http1.1, or use curl -v.',
    ]);
  });
});

describe('curl transcript lines', () => {
  it('takes the progress meter off wherever \\r put it, and --trace-time clocks off the front', () => {
    expect(
      readCurlLine(
        '\r  0     0    0     0    0     0      0      0 --:--:-- --:--:-- --:--:--     0*   Trying 127.0.0.1:3001...',
        false,
      ),
    ).toEqual({ clock: null, line: { kind: 'info', text: 'Trying 127.0.0.1:3001...' } });
    expect(
      readCurlLine(
        '  0     0    0     0    0     0      0      0 --:--:-- --:--:-- --:--:--     016:25:24.640760 == Info: Connected to x (1.2.3.4) port 1 (#0)',
        false,
      ).clock,
    ).toBe('16:25:24.640760');
    expect(
      readCurlLine('\r100  2232  100  2082  100   150   111k   8226 --:--:-- --:--:-- --:--:--  121k', false).line,
    ).toEqual({ kind: 'blank' });
    expect(
      readCurlLine(
        '{"jsonrpc":"2.0"}\r100   545    0   410  100   135    372    122  0:00:01  0:00:01 --:--:--   494',
        false,
      ).line,
    ).toEqual({ kind: 'text', text: '{"jsonrpc":"2.0"}' });
    expect(
      readCurlLine('  % Total    % Received % Xferd  Average Speed   Time    Time     Time  Current', false).line.kind,
    ).toBe('blank');
  });

  it('tells a transcript by lines no other log writes', () => {
    for (const l of [
      '> POST /mcp HTTP/1.1',
      '< HTTP/2 200 ',
      '<= Recv data, 162 bytes (0xa2)',
      '== Info:   Trying 127.0.0.1:3001...',
      '* Host localhost:3000 was resolved.',
      '{ [5 bytes data]',
      '12:00:00.000001 > GET /sse HTTP/1.1',
    ]) {
      expect(isCurlLine(l), l).toBe(true);
    }
    for (const l of [
      '> note: a quote',
      '< not a status',
      '* a bullet',
      '[12:00:00] -> {"jsonrpc":"2.0"}',
      '</details>',
      '{"jsonrpc":"2.0","id":1}',
    ])
      expect(isCurlLine(l), l).toBe(false);
  });
});

describe('trace blocks', () => {
  const block = (dir: 'c2s' | 's2c', what: 'header' | 'data', size: number, lines: [number, string][]) => {
    const b = new TraceBlock(dir, what, size);
    for (const [o, t] of lines) expect(b.add(o, t)).toBe(true);
    return Buffer.concat(b.parts().map((p) => ('bytes' in p ? p.bytes : Buffer.alloc(0)))).toString('latin1');
  };

  it('--trace-ascii: CR LF back where the offsets say, a line folded at 64 characters joined, trimmed spaces restored', () => {
    expect(
      block('s2c', 'header', 82, [
        [0, 'Access-Control-Expose-Headers: mcp-session-id,last-event-id,mcp-'],
        [0x40, 'protocol-version'],
      ]),
    ).toBe('Access-Control-Expose-Headers: mcp-session-id,last-event-id,mcp-protocol-version\r\n');
    expect(
      block('c2s', 'header', 24, [
        [0, 'GET / HTTP/1.1'],
        [0x10, 'A: b'],
        [0x16, ''],
      ]),
    ).toBe('GET / HTTP/1.1\r\nA: b\r\n\r\n');
    expect(
      block('s2c', 'header', 12, [
        [0, 'X-A: b'],
        [10, ''],
      ]),
    ).toBe('X-A: b  \r\n\r\n');
  });

  it('--trace-ascii data: the `.` that ended an SSE line or the body is LF again, other dots stay', () => {
    const text = block('s2c', 'data', 0x3e, [
      [0, '95'],
      [4, 'event: message.id: 8cb5.data: {"'],
      [0x24, 'text":"v1.2 ok."}..'],
      [0x39, '0'],
      [0x3c, ''],
    ]);
    expect(text).toContain('event: message\nid: 8cb5\ndata: {"text":"v1.2 ok."}\n\n\r\n0\r\n');
  });

  it('a long block read in slices gives the bytes it gives whole', () => {
    // An SSE body over 300 lines of 64 characters, CR LF breaks among them, `.` that were LF and `.` that were dots.
    const body = Array.from(
      { length: 120 },
      (_, i) => `data: {"n":${i},"text":"v1.${i} ${'x'.repeat(i % 90)}"}\n\n`,
    ).join('');
    const lines: [number, string][] = [];
    for (let at = 0; at < body.length; at += 64) lines.push([at, body.slice(at, at + 64).replace(/\n/g, '.')]);
    const read = (slices: boolean) => {
      const b = new TraceBlock('s2c', 'data', body.length);
      const out: Buffer[] = [];
      const keep = (ps: ReturnType<TraceBlock['parts']>) =>
        out.push(...ps.map((p) => ('bytes' in p ? p.bytes : Buffer.alloc(0))));
      for (const [o, t] of lines) {
        b.add(o, t);
        if (slices && b.held >= 7) keep(b.take());
      }
      keep(b.parts());
      return Buffer.concat(out).toString('latin1');
    };
    expect(read(false)).toBe(body);
    expect(read(true)).toBe(body);
  });

  it('--trace: the hex, exactly; lines a paste left out are missing bytes', () => {
    const b = new TraceBlock('c2s', 'data', 40);
    b.add(0, '7b 22 6a 73 6f 6e 72 70 63 22 3a 22 32 2e 30 22 {"jsonrpc":"2.0"');
    b.add(0x20, '3a 22 70 69 6e 67 22 7d                         :"ping"}');
    expect(b.parts()).toEqual([
      { bytes: Buffer.from('{"jsonrpc":"2.0"') },
      { missing: 16 },
      { bytes: Buffer.from(':"ping"}') },
    ]);
  });
});

describe('broken transcripts', () => {
  /** Bytes that break a transcript most: line ends, a head's markers, quotes and brackets, a trace offset's digits, NUL, invalid UTF-8. */
  const NASTY = [0x0a, 0x0d, 0x3e, 0x3c, 0x2a, 0x27, 0x22, 0x5c, 0x7b, 0x7d, 0x30, 0x3a, 0x00, 0xff, 0x20];
  const mutation = fc.record({
    at: fc.double({ min: 0, max: 1, noNaN: true }),
    byte: fc.oneof(fc.constantFrom(...NASTY), fc.integer({ min: 0, max: 255 })),
    del: fc.integer({ min: 0, max: 30 }),
  });

  it('random mutations and cuts of the fixtures never throw, and every record is at a line of the input', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...CASES),
        fc.array(mutation, { maxLength: 6 }),
        fc.double({ min: 0.05, max: 1, noNaN: true }),
        fc.constantFrom(0, 3, 64),
        async (c, ms, keep, chunk) => {
          let b = c.bytes.subarray(0, Math.ceil(c.bytes.length * keep));
          for (const m of ms) {
            const at = Math.floor(m.at * b.length);
            b = Buffer.concat([b.subarray(0, at), Buffer.from([m.byte]), b.subarray(Math.min(b.length, at + m.del))]);
          }
          const lines = b.toString('latin1').split('\n').length;
          const records = await recordsOf(b, 'fuzz.txt', chunk, 'curl');
          for (const r of records) {
            const line = Number(r.source.split(':').at(-1));
            expect(line, r.source).toBeGreaterThanOrEqual(1);
            expect(line, r.source).toBeLessThanOrEqual(lines);
          }
        },
      ),
      { seed: SEED, numRuns: 150 },
    );
  });
});
