// The failure corpus (test/fixtures/failures/): every host log through the library and the diagnoser, compared with
// its <name>.diagnosis.json (verdict, causes with side, server and evidence substrings in rank order, negativeFor); and the
// healthy samples, which must be ok.
import { readdirSync, readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { analyze } from '../../src/analyze-stream.js';
import { diagnose, worstVerdict } from '../../src/diagnose/diagnoser.js';
import { quoteEvidence } from '../../src/diagnose/quote.js';
import type { SessionDiagnosis } from '../../src/diagnose/types.js';

const ROOT = 'test/fixtures/failures';

interface Expected {
  verdict: string;
  /** `server`: the session of the cause is that server's (a host log that names its servers). */
  causes: { id: string; server?: string; side: string; evidence: string[] }[];
  negativeFor: string[];
}

/**
 * Fixtures the diagnosis cannot pass today, with the reason. Each is checked to still fail, so that it is removed
 * from here when it is fixed. Empty: every fixture passes, those of hosts whose logs no host reader reads (AnythingLLM)
 * from the generic log lines.
 */
const KNOWN_GAPS: Record<string, string> = {};

const fixtures = readdirSync(ROOT, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .flatMap((d) =>
    readdirSync(`${ROOT}/${d.name}`)
      .filter((f) => !f.endsWith('.json'))
      .map((f) => `${d.name}/${f}`),
  )
  .sort();

async function diagnosed(path: string): Promise<SessionDiagnosis[]> {
  const bytes = readFileSync(path);
  const out = await analyze(
    (async function* () {
      yield bytes;
    })(),
    { file: path },
  );
  const result = diagnose(out.records, out);
  const lines = bytes.toString('utf8').split(/\r?\n/);
  quoteEvidence(result, (_file, n) => lines[n - 1]);
  return result;
}

/** What differs from the expectation (empty: it matches). */
function problems(result: SessionDiagnosis[], exp: Expected): string[] {
  const out: string[] = [];
  const verdict = worstVerdict(result.map((s) => s.verdict));
  if (verdict !== exp.verdict) out.push(`verdict ${verdict}, expected ${exp.verdict}`);
  const all = result.flatMap((s) => s.diagnoses);
  for (const c of exp.causes) {
    const got = all.filter((d) => d.cause === c.id && d.impact !== 'note');
    if (got.length === 0) {
      out.push(`no ${c.id}`);
      continue;
    }
    if (!got.some((d) => d.side === c.side))
      out.push(`${c.id}: side ${got.map((d) => d.side).join('/')}, expected ${c.side}`);
    if (
      c.server !== undefined &&
      !result.some((s) => s.server === c.server && s.diagnoses.some((d) => d.cause === c.id && d.impact !== 'note'))
    ) {
      out.push(`${c.id}: in no session of ${c.server} (servers: ${result.map((s) => s.server).join(', ')})`);
    }
    const texts = got.flatMap((d) => d.evidence.map((e) => e.text));
    for (const sub of c.evidence)
      if (!texts.some((t) => t.includes(sub))) out.push(`${c.id}: no evidence with ${JSON.stringify(sub)}`);
  }
  // Ranked: expected causes found in one session come in the expected order.
  for (const s of result) {
    const ids = s.diagnoses.map((d) => d.cause);
    const expectedHere = exp.causes.map((c) => c.id).filter((id) => ids.includes(id));
    const gotHere = ids.filter((id) => expectedHere.includes(id));
    if (gotHere.join() !== expectedHere.join())
      out.push(`session ${s.session}: ranked ${gotHere.join(', ')}, expected ${expectedHere.join(', ')}`);
  }
  for (const n of exp.negativeFor)
    if (all.some((d) => d.cause === n && d.impact !== 'note')) out.push(`${n} reported (negativeFor)`);
  if (exp.verdict === 'ok' && all.some((d) => d.impact !== 'note')) out.push('a healthy log with a cause');
  return out;
}

describe('the failure corpus', () => {
  const results = new Map<string, string[]>();
  beforeAll(async () => {
    for (const f of fixtures) {
      const exp = JSON.parse(readFileSync(`${ROOT}/${f.replace(/\.[^.]+$/, '')}.diagnosis.json`, 'utf8')) as Expected;
      results.set(f, problems(await diagnosed(`${ROOT}/${f}`), exp));
    }
  });

  it('has its 37 fixtures', () => {
    expect(fixtures.length).toBe(37);
  });

  for (const f of fixtures) {
    if (KNOWN_GAPS[f]) {
      it(`${f} is still a known gap: ${KNOWN_GAPS[f]}`, () => {
        expect(results.get(f), 'passes now: remove it from KNOWN_GAPS').not.toEqual([]);
      });
    } else {
      it(`${f} is diagnosed as expected`, () => {
        expect(results.get(f)).toEqual([]);
      });
    }
  }

  it('names only fixtures that exist as known gaps', () => {
    for (const f of Object.keys(KNOWN_GAPS)) expect(fixtures).toContain(f);
  });
});

describe('the healthy samples', () => {
  // Both record a deliberate bad call each (an unknown tool, an unknown entity: isError results; a resource that does
  // not exist: -32602): one refused input among many calls is reported as a note and leaves the verdict ok.
  for (const f of [
    'samples/everything.ndjson',
    'samples/everything.json',
    'samples/everything.transcript.txt',
    'samples/everything.envelope.ndjson',
    'samples/memory.envelope.ndjson',
    'samples/everything-http.har',
  ]) {
    it(`${f} is ok`, async () => {
      const result = await diagnosed(f);
      expect(result.map((s) => s.verdict)).toEqual(result.map(() => 'ok'));
      for (const s of result) for (const d of s.diagnoses) expect(d.impact).toBe('note');
    });
  }
});

describe('the logs of hosts that log no message (test/fixtures/hosts/): each server diagnosed from its own status lines', () => {
  // [fixture, server, cause (null: ok)]: the cause heads that server's session, its evidence quoted from the log's lines.
  const CASES: [string, string, string | null][] = [
    ['codex/codex-tui-log-2026-01.log', 'exa', 'server-exited'],
    ['codex/codex-tui-log-2026-01.log', 'fetch', 'initialize-timeout'],
    // rmcp's `HTTP status client error (400 Bad Request) … when send initialize request`: the endpoint refused it.
    ['codex/codex-tui-log-2026-01.log', 'notion', 'connection-failed'],
    ['gemini-cli/gemini-debug-2025-09-two-servers.txt', 'semgrep', 'spawn-failed'],
    ['gemini-cli/gemini-debug-2025-09-two-servers.txt', 'memory', null],
    ['cline/cline-cli-2026-07-initialize-timeout.txt', 'oracle-reports', 'initialize-timeout'],
    // Cline asks for the tools after the handshake: their timeout is a request's, not initialize's.
    ['cline/cline-devtools-console-2025-11-tools-timeout.txt', 'spark-upgrade', 'request-timeout'],
    ['amazon-q/kiro-cli-2025-11-os-error-2.txt', 'awslabs.aws-diagram-mcp-server', 'spawn-failed'],
    ['amazon-q/kiro-cli-2025-11-os-error-2.txt', 'context7', null],
    ['kiro/kiro-mcp-logs-2025-08-reconnect.log', 'aws-docs', 'server-exited'],
    ['librechat/librechat-compose-2025-02-spawn-enoent.log', 'datetime', 'spawn-failed'],
    ['librechat/librechat-compose-2025-02-spawn-enoent.log', 'lancedb', null],
    ['opencode/opencode-log-2025-07-local-failed.log', 'exa', 'server-exited'],
    ['opencode/opencode-log-2026-07-stderr-unavailable.log', 'xcode', 'server-exited'],
    // goose: `Failed to load extension NAME: …`, the reason in rmcp's words.
    ['goose/cli-1.51-extensions-fail-to-load.log', 'finops-mcp', 'connection-failed'],
    ['goose/cli-1.51-extensions-fail-to-load.log', 'local-tools', 'server-exited'],
    ['goose/cli-oauth-401-on-initialize.log', 'tigris', 'auth-failed'],
    // LM Studio: the bridge's words about the plugin mcp/NAME; a server's stderr it logs at [ERROR] is no failure.
    ['lm-studio/developer-log-0.4-spawn-node-enoent.log', 'web-search', 'spawn-failed'],
    ['lm-studio/developer-log-0.3-module-not-found.log', 'web-search', 'server-exited'],
    ['lm-studio/developer-log-0.3-plugins-and-garbled-stderr.log', 'maa-mcp', 'server-exited'],
    ['lm-studio/developer-log-0.4-sse-404.log', 'rag-mcp', 'connection-failed'],
    ['lm-studio/developer-log-0.3-python-stderr-at-error.log', 'think', null],
    // GitHub Copilot for JetBrains: VS Code's words in its MCP Log window; a 400 on the SSE endpoint's POST.
    ['copilot/mcp-log-1.5.56-sse-http-400.log', 'basic-memory', 'connection-failed'],
  ];
  const runs = new Map<string, Promise<SessionDiagnosis[]>>();
  const of = (f: string) => {
    if (!runs.has(f)) runs.set(f, diagnosed(`test/fixtures/hosts/${f}`));
    return runs.get(f)!;
  };
  for (const [f, server, cause] of CASES) {
    it(`${f}: ${server} ${cause ?? 'ok'}`, async () => {
      const sessions = (await of(f)).filter((s) => s.server === server);
      expect(sessions.length, 'sessions of the server').toBeGreaterThan(0);
      const causes = sessions.flatMap((s) => s.diagnoses.filter((d) => d.impact !== 'note'));
      if (cause === null) {
        expect(causes).toEqual([]);
        return;
      }
      expect(causes[0]?.cause).toBe(cause);
      const text = readFileSync(`test/fixtures/hosts/${f}`, 'utf8');
      expect(causes[0]!.evidence.length).toBeGreaterThan(0);
      for (const e of causes[0]!.evidence) expect(text).toContain(e.text);
    });
  }
});
