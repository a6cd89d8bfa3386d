// The 2026-07-28 checks of spec-2026-07-28 §6 rules 6, 8, 11–14: each crafted violation under its id, on its line, with
// its severity; the clean twins, the hand-built modern sessions and legacy logs give none; one fault is reported once.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { analyze } from '../../src/analyze-stream.js';
import { checkModern, modernTarget } from '../../src/rules/modern-schema-check.js';
import { hits, rulesOf } from '../helpers/lifecycle.js';

const V = 'test/fixtures/violations';
const read = (path: string) => readFileSync(`${V}/${path}`, 'utf8');
const of = async (id: string, file: string) =>
  (await hits(id, read(`${id}/${file}`))).map((h) => `${h.line} ${h.severity}: ${h.message}`);

/** The JSON-RPC messages of a transcript (`-> {…}` / `<- {…}`) or of a HAR's bodies and SSE events, in order. */
function messagesOf(text: string): Record<string, unknown>[] {
  if (text.startsWith('{"log"')) {
    const har = JSON.parse(text) as {
      log: { entries: { request: { postData?: { text: string } }; response: { content: { text?: string } } }[] };
    };
    return har.log.entries.flatMap((e) => {
      const body = e.request.postData ? [JSON.parse(e.request.postData.text)] : [];
      const answer = e.response.content.text ?? '';
      const events = answer.startsWith('{')
        ? [JSON.parse(answer)]
        : answer
            .split('\n')
            .filter((l) => l.startsWith('data: '))
            .map((l) => JSON.parse(l.slice(6)));
      return [...body, ...events];
    });
  }
  return text
    .split('\n')
    .filter((l) => / (->|<-) \{/.test(l))
    .map((l) => JSON.parse(l.slice(l.indexOf('{'))));
}

/** Every message of the file that the official 2026-07-28 schema rejects: `index def: problems`. */
function schemaProblems(text: string): string[] {
  const methods = new Map<string, string>();
  const out: string[] = [];
  messagesOf(text).forEach((m, i) => {
    const kind = 'method' in m ? ('id' in m ? 'request' : 'notification') : 'error' in m ? 'error' : 'response';
    if (kind === 'request') methods.set(JSON.stringify(m.id), m.method as string);
    const method = 'method' in m ? (m.method as string) : (methods.get(JSON.stringify(m.id)) ?? null);
    const target = modernTarget(kind, method, m);
    if (target === undefined) out.push(`${i} no definition`);
    else for (const p of checkModern(target, m)) out.push(`${i} ${target.def}: ${p}`);
  });
  return out;
}

/** The fixtures this file checks, by rule: the files beside bad.* and good.* that hold the modern cases. */
const FIXTURES: Record<string, string[]> = {
  'unsupported-version-data': ['bad.txt', 'good.txt'],
  'missing-required-capabilities': ['bad.txt', 'good.txt'],
  'cancel-unknown-request': ['bad-modern.txt', 'good-modern.txt'],
  'cancelled-over-http': ['bad.har', 'good.har'],
  'wrong-direction': ['bad-modern.txt', 'good-modern.txt'],
  'progress-unknown-token': ['bad-modern.txt', 'good-modern.txt'],
  'progress-after-completion': ['bad-modern.txt', 'good-modern.txt'],
  'progress-not-increasing': ['bad-modern.txt', 'good-modern.txt'],
  'unrequested-log-message': ['bad.txt', 'good.txt', 'bad-http.har', 'good-http.har'],
  'capability-not-negotiated': ['bad-modern.txt', 'good-modern.txt'],
  'unadvertised-method': ['bad.txt', 'good.txt'],
  'missing-request-meta': ['bad.txt', 'good.txt', 'bad-http.har'],
  'legacy-method-in-modern': ['bad.txt', 'good.txt'],
  'missing-client-info': ['bad.txt', 'good.txt'],
  // The tasks extension's methods (tasks/get, tasks/update) and a task result: defined, if outside schema.json.
  'unknown-method': ['good-modern.txt'],
};

/** Messages that break the schema on purpose: the violation is the schema's own requirement. */
const SCHEMA_BREAKS: Record<string, string[]> = {
  // The tasks extension's requests: schema.json defines no tasks methods (seps/2663 does).
  'unknown-method/good-modern.txt': ['2 no definition', '4 no definition'],
  'unsupported-version-data/bad.txt': ['1 UnsupportedProtocolVersionError: error.data.requested: missing'],
  'missing-request-meta/bad.txt': [
    '2 CallToolRequest: params._meta["io.modelcontextprotocol/clientCapabilities"]: missing',
    '4 ListToolsRequest: params._meta["io.modelcontextprotocol/clientCapabilities"]: missing',
  ],
  // ping and logging/setLevel: methods the modern schema no longer has.
  'legacy-method-in-modern/bad.txt': ['2 no definition', '4 no definition'],
  'missing-request-meta/bad-http.har': [
    '0 ListToolsRequest: params._meta["io.modelcontextprotocol/clientCapabilities"]: missing',
    '2 ListToolsRequest: params._meta["io.modelcontextprotocol/clientCapabilities"]: missing',
  ],
};

describe('rule 6: unsupported-version-data', () => {
  it('-32022 without data.requested (error); requested other than the version sent, and a retry off the supported list (warnings)', async () => {
    expect(await of('unsupported-version-data', 'bad.txt')).toEqual([
      '2 error: -32022 (unsupported protocol version) without data.requested (string)',
      '3 warning: retry after the -32022 of #2 sends version "2027-02-02", which is not among its supported ["2026-07-28"]',
      '4 warning: -32022 says data.requested "2027-01-01", but the request sent "2027-02-02"',
    ]);
    expect(
      await hits('unsupported-version-data', readFileSync('test/fixtures/modern/dual-era-version-retry.txt', 'utf8')),
    ).toEqual([]);
  });
});

describe("rules 1, 2 and 9: the server's answer", () => {
  it('a request that claims 2026-07-28 without its capabilities is rejected with -32602 on HTTP 400', async () => {
    expect(await of('missing-request-meta', 'bad-http.har')).toEqual([
      '2 error: modern request without params._meta["io.modelcontextprotocol/clientCapabilities"]',
      '2 error: tools/list without its _meta envelope rejected on HTTP 200; the -32602 goes on HTTP 400',
      '3 error: modern request without params._meta["io.modelcontextprotocol/clientCapabilities"]',
    ]);
  });
  it('a request without a claim is not judged by its answer (a dual-era server may take it for legacy)', async () => {
    const claimless = read('missing-request-meta/good.txt')
      .replace(/"io\.modelcontextprotocol\/protocolVersion":"2026-07-28",/g, '')
      .split('\n')
      .slice(2)
      .join('\n');
    expect(
      (
        await hits(
          'missing-request-meta',
          read('missing-request-meta/good.txt').split('\n').slice(0, 2).join('\n') + '\n' + claimless,
        )
      ).map((h) => h.line),
    ).toEqual([3]);
  });
});

describe('rule 8: missing-required-capabilities', () => {
  it('-32021 whose data.requiredCapabilities is a list, or without data', async () => {
    expect(await of('missing-required-capabilities', 'bad.txt')).toEqual([
      '2 error: -32021 (missing required client capability) without a data.requiredCapabilities object (an array)',
      '4 error: -32021 (missing required client capability) without a data.requiredCapabilities object (no data)',
    ]);
  });
});

describe('rule 11: cancellation', () => {
  it('a modern server cancels only an open subscriptions/listen (error), once', async () => {
    expect(await of('cancel-unknown-request', 'bad-modern.txt')).toEqual([
      '2 error: the server cancels id 1, which is no open subscriptions/listen: a modern server cancels only to end a listen stream',
      '7 error: the server cancels id "l", which is no open subscriptions/listen: a modern server cancels only to end a listen stream',
    ]);
  });
  it('a client notifications/cancelled POSTed over Streamable HTTP is information', async () => {
    expect(await of('cancelled-over-http', 'bad.har')).toEqual([
      "3 info: notifications/cancelled POSTed over Streamable HTTP: a modern client cancels by closing the request's response stream",
    ]);
  });
});

describe('rule 12: progress', () => {
  it('a modern client sends no progress: wrong-direction, and no progress rule besides', async () => {
    expect(await of('wrong-direction', 'bad-modern.txt')).toEqual([
      '2 error: notifications/progress is a server-to-client notification, but the client sent it',
      '3 error: notifications/message is a server-to-client notification, but the client sent it',
    ]);
    expect((await rulesOf(read('wrong-direction/bad-modern.txt'))).sort()).toEqual([
      'wrong-direction',
      'wrong-direction',
    ]);
  });
  it("a modern server request is modern-server-request's only", async () => {
    expect(await rulesOf(read('modern-server-request/bad.txt'))).not.toContain('wrong-direction');
  });
  it('unknown token, after the response, not increasing: errors in a modern exchange', async () => {
    expect(await of('progress-unknown-token', 'bad-modern.txt')).toEqual([
      '2 error: progress token "p-9" belongs to no request sent by the other side',
    ]);
    expect(await of('progress-after-completion', 'bad-modern.txt')).toEqual([
      '4 error: progress for token "p-1" after its tools/call request (id 1) was answered',
    ]);
    expect(await of('progress-not-increasing', 'bad-modern.txt')).toEqual([
      '3 error: progress 2 for token "p-1" does not increase on the previous 2',
    ]);
  });
  it('the legacy fixtures keep their warnings', async () => {
    expect(
      (await hits('progress-unknown-token', read('progress-unknown-token/bad.txt'))).map((h) => h.severity),
    ).toEqual(['warning']);
    expect(
      (await hits('progress-after-completion', read('progress-after-completion/bad.txt'))).map((h) => h.severity),
    ).toEqual(['warning']);
    expect(
      (await hits('cancel-unknown-request', read('cancel-unknown-request/bad.txt'))).map((h) => h.severity),
    ).toEqual(['warning']);
  });
});

describe('rule 13: unrequested-log-message', () => {
  it('on stdio: no open request asked, below the lowest level asked, on a listen stream', async () => {
    expect(await of('unrequested-log-message', 'bad.txt')).toEqual([
      '4 error: notifications/message, but no open request asked for log messages (no _meta["io.modelcontextprotocol/logLevel"])',
      '7 error: notifications/message at level info, below warning, the lowest level an open request asked for',
      '11 error: notifications/message tagged with a subscriptionId: log messages belong to the request that asked for them',
    ]);
  });
  it('over HTTP: the request of the exchange the message came on', async () => {
    expect(await of('unrequested-log-message', 'bad-http.har')).toEqual([
      '2 error: notifications/message for a tools/call request that did not ask for log messages (no _meta["io.modelcontextprotocol/logLevel"])',
      '3 error: notifications/message at level info, below warning, the level the tools/call request asked for',
      '4 error: notifications/message on a subscriptions/listen stream: log messages belong to the request that asked for them',
    ]);
    expect(await of('unrequested-log-message', 'good-http.har')).toEqual([]);
  });
  it('without logging in the discover result: capability-not-negotiated (and the request for an unadvertised method is not)', async () => {
    expect(await of('capability-not-negotiated', 'bad-modern.txt')).toEqual([
      '4 error: notifications/message needs server capability logging, which the server did not declare',
    ]);
  });
});

describe('rule 14: unadvertised-method', () => {
  it('served anyway (info); answered with another code than -32601 (warning)', async () => {
    expect(await of('unadvertised-method', 'bad.txt')).toEqual([
      "4 info: prompts/list served, though the server's server/discover result does not advertise prompts",
      '6 warning: resources/read needs resources, which server/discover did not advertise, but was answered with -32602 instead of -32601',
    ]);
    expect(await rulesOf(read('unadvertised-method/bad.txt'))).not.toContain('capability-not-negotiated');
  });
});

describe('the fixtures', () => {
  it.each(Object.entries(FIXTURES).flatMap(([id, files]) => files.map((f) => `${id}/${f}`)))(
    '%s conforms to schema/2026-07-28 but where it breaks it on purpose',
    (path) => {
      expect(schemaProblems(read(path))).toEqual(SCHEMA_BREAKS[path] ?? []);
    },
  );
  it.each(
    Object.entries(FIXTURES).flatMap(([id, files]) =>
      files.filter((f) => f.startsWith('good')).map((f) => [id, f] as const),
    ),
  )('%s %s is clean', async (id, f) => {
    expect(await hits(id, read(`${id}/${f}`))).toEqual([]);
  });
});

describe('valid sessions', () => {
  const ids = Object.keys(FIXTURES);
  it.each(readdirSync('test/fixtures/modern').filter((f) => f.endsWith('.txt')))(
    'modern/%s: no error finding at all, and none of these rules',
    async (file) => {
      const out = await analyze(
        (async function* () {
          yield readFileSync(`test/fixtures/modern/${file}`);
        })(),
        { file },
      );
      const findings = [...out.records.flatMap((r) => r.findings), ...out.findings];
      expect(findings.filter((f) => f.severity === 'error')).toEqual([]);
      expect(findings.filter((f) => ids.includes(f.rule))).toEqual([]);
    },
  );
  it('legacy logs get none of the new rules', async () => {
    for (const id of [
      'wrong-direction',
      'progress-unknown-token',
      'progress-after-completion',
      'cancel-unknown-request',
      'capability-not-negotiated',
    ]) {
      const legacy = (await rulesOf(read(`${id}/good.txt`))).filter((r) =>
        [
          'missing-required-capabilities',
          'cancelled-over-http',
          'unrequested-log-message',
          'unadvertised-method',
        ].includes(r),
      );
      expect(legacy).toEqual([]);
    }
  });
});
