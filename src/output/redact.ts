// Masks secrets in what mcptrace prints (`--redact`): values under secret keys, and credentials inside strings.
//
// Redaction happens on output only: records are copied where something is masked (copy-on-write), never changed,
// so rules and statistics see the log as it was. Every sink gets its records, session details and end-of-input
// findings through one Redactor.
import type { AnalysisSummary } from '../analyzer.js';
import type { Finding, OpenRequest, PipelineRecord, SessionInfo } from '../types.js';
import { setOwn } from '../util/own.js';

/** What a masked value is replaced with. */
export const REDACTED = '[REDACTED]';

/**
 * Keys whose values are masked wherever they occur (in messages, event data, session details). Matched without
 * regard to case, `-` and `_`: `apiKey`, `API_KEY` and `api-key` are one key.
 */
export const DEFAULT_SECRET_KEYS: readonly string[] = [
  'authorization',
  'proxy-authorization',
  'cookie',
  'set-cookie',
  'token',
  'access_token',
  'refresh_token',
  'id_token',
  'session_token',
  'api_key',
  'x-api-key',
  'password',
  'passwd',
  'secret',
  'client_secret',
  'private_key',
];

/** Nesting below which a value is masked whole rather than walked (decode already bounds messages far below it). */
const MAX_DEPTH = 2_000;

const normalise = (k: string): string => k.toLowerCase().replace(/[-_]/g, '');

/** A key as a pattern that also matches its other spellings (`api_key` → a[-_]?p[-_]?i[-_]?k…). */
function keyPattern(normalised: string): string {
  return [...normalised].map((c) => c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('[-_]?');
}

/** Token shapes recognised anywhere in a string (each is masked whole): the literal each starts with, and the rest. */
const TOKEN_SHAPES: readonly (readonly [lead: string, rest: string])[] = [
  ['sk-', '[A-Za-z0-9_-]{16,}'], // OpenAI / Anthropic style API keys (`sk-…`, `sk-ant-…`)
  ['gh[pousr]_', '[A-Za-z0-9]{20,}'], // GitHub tokens
  ['github_pat_', '[A-Za-z0-9_]{20,}'],
  ['xox[abprs]-', '[A-Za-z0-9-]{10,}'], // Slack tokens
  ['AKIA', '[0-9A-Z]{16}'], // AWS access key ids
  ['eyJ', '[A-Za-z0-9_-]{8,}\\.[A-Za-z0-9_-]{8,}\\.[A-Za-z0-9_-]{8,}'], // JSON Web Tokens
];

/**
 * The words the forms of `Redactor.text` that need no quote and no `=` start with: `Bearer`, a token shape's lead,
 * the `received ` of a schema finding.
 */
const LEADS = new RegExp(['bearer', ...TOKEN_SHAPES.map(([lead]) => lead), 'received '].join('|'), 'i');

/** The longest escaped value (`\\"password\\": \\"…\\"`) masked inside a JSON string. */
const ESCAPED_VALUE_CHARS = 4096;

/**
 * The value a schema finding quotes after `received `: a number, or a JSON string of at most 40 characters, which the
 * finding cuts with `…` (no closing quote) when longer (rules/schema-check.ts).
 */
const RECEIVED_VALUE = '"(?:[^"\\\\]|\\\\.){0,40}?(?:"|…)|-?\\d[\\d.eE+-]*';

/** `=` signs looked at one by one in a string before the full scan is left to decide. */
const EQUALS_LOOKED_AT = 16;

/** Distinct keys whose verdict `isSecretKey` remembers (keys repeat: a log has few); past it, it starts over. */
const KEY_VERDICTS_KEPT = 4096;

interface RedactOptions {
  /** More keys to mask (`--redact-key NAME`), matched like the default ones. */
  keys?: readonly string[];
}

/** Masks secrets in output. Every method returns its argument itself when nothing in it needed masking. */
export class Redactor {
  private readonly keys: ReadonlySet<string>;
  private readonly pattern: RegExp;
  private readonly probe: RegExp;
  /** A secret key's name at the end of a string (the `key=` of `key=value`), and the longest such name can be. */
  private readonly nameBefore: RegExp;
  private readonly nameSpan: number;
  /** A secret key's name as a word; the value a schema finding quotes, where the scan stands. */
  private readonly nameWord: RegExp;
  private readonly receivedValue: RegExp;
  /** `isSecretKey`'s verdicts by key as written. */
  private readonly verdicts = new Map<string, boolean>();

  constructor(opts: RedactOptions = {}) {
    const keys = new Set([...DEFAULT_SECRET_KEYS, ...(opts.keys ?? [])].map(normalise).filter((k) => k !== ''));
    this.keys = keys;
    const names = [...keys]
      .sort((a, b) => b.length - a.length)
      .map(keyPattern)
      .join('|');
    const jsonValue = '"(?:[^"\\\\]|\\\\.)*"|-?\\d[\\d.eE+-]*';
    const forms = [
      // `Bearer <token>` (HTTP Authorization header values, logged request headers).
      '(\\bBearer\\s+)([A-Za-z0-9._~+/=-]{8,})',
      // Well-known token shapes.
      `\\b(${TOKEN_SHAPES.map(([lead, rest]) => lead + rest).join('|')})`,
      // `"key": value` in JSON text (raw lines, bodies), also escaped one level inside a JSON string.
      `("(?:${names})"\\s*:\\s*)(${jsonValue})`,
      // (At most ESCAPED_VALUE_CHARS characters: an unterminated value after each of many keys would make the scan
      // quadratic in the string.)
      `(\\\\"(?:${names})\\\\"\\s*:\\s*)(\\\\"(?:[^\\\\]|\\\\[^"]){0,${ESCAPED_VALUE_CHARS}}?\\\\")`,
      // `key=value` in URLs, query strings and form bodies.
      `(?<![A-Za-z0-9])((?:${names})=)([^&\\s"'<>]+)`,
    ];
    // One pass over a string finds every form; the replacer tells them apart by group.
    this.pattern = new RegExp(forms.join('|'), 'gi');
    // Whether there is anything to replace (a schema finding's `received ` is looked at apart: `receivedValues`).
    this.probe = new RegExp([...forms, 'received '].join('|'), 'i');
    this.nameWord = new RegExp(`\\b(?:${names})\\b`, 'i');
    this.receivedValue = new RegExp(RECEIVED_VALUE, 'y');
    this.nameBefore = new RegExp(`(?:${names})$`, 'i');
    this.nameSpan = Math.max(0, ...[...keys].map((k) => 2 * k.length - 1));
  }

  /** Whether values under this key are masked. */
  isSecretKey(key: string): boolean {
    let secret = this.verdicts.get(key);
    if (secret === undefined) {
      if (this.verdicts.size >= KEY_VERDICTS_KEPT) this.verdicts.clear();
      secret = this.keys.has(normalise(key));
      this.verdicts.set(key, secret);
    }
    return secret;
  }

  /** A string with credentials and secret `key=value` / `"key": value` pairs masked. */
  text(s: string): string {
    if (s.length < 8 || !this.mayHoldSecret(s) || !this.probe.test(s)) return s;
    return this.receivedValues(s).replace(this.pattern, (m: string, ...g: (string | undefined)[]) => {
      if (g[0] !== undefined) return /^[A-Za-z]+$/.test(g[1]!) ? m : g[0] + REDACTED; // `Bearer authentication` is prose
      if (g[2] !== undefined) return REDACTED;
      if (g[3] !== undefined) return `${g[3]}"${REDACTED}"`;
      if (g[5] !== undefined) return `${g[5]}\\"${REDACTED}\\"`;
      if (g[7] !== undefined) return g[7] + REDACTED;
      return m;
    });
  }

  /**
   * A schema finding that quotes the value it received under a secret key (`params.password: expected string,
   * received "x"`; issues joined by `; `) with that value masked. Each issue is looked at once, left to right: the first
   * secret key's name as a word, the first `: ` after it, the first `received ` after that, and the JSON value right
   * there — in time linear in the string (a regular expression of lazy runs over the same text took cubic time).
   */
  private receivedValues(s: string): string {
    if (s.indexOf('received ') === -1) return s;
    let out = '';
    let done = 0;
    for (let start = 0; start < s.length; ) {
      const semi = s.indexOf(';', start);
      const end = semi === -1 ? s.length : semi;
      const issue = s.slice(start, end);
      const name = this.nameWord.exec(issue);
      const colon = name ? issue.indexOf(': ', name.index + name[0].length) : -1;
      const received = colon === -1 ? -1 : issue.indexOf('received ', colon + 2);
      if (received !== -1) {
        this.receivedValue.lastIndex = start + received + 'received '.length;
        const value = this.receivedValue.exec(s);
        if (value) {
          out += `${s.slice(done, value.index)}"${REDACTED}"`;
          done = value.index + value[0].length;
        }
      }
      // The next issue starts after the next `; ` (a value may have run past it).
      const sep = s.indexOf('; ', Math.max(end, done));
      start = sep === -1 ? s.length : sep + 2;
    }
    return done === 0 ? s : out + s.slice(done);
  }

  /**
   * Whether `s` holds what any form `text` masks starts with: a quote (`"key": value`, also escaped), a word in
   * `LEADS`, or an `=` after a secret key's name (`key=value`). Most strings hold none, and this is far cheaper than
   * the full scan: base64 data ends in `=`, and the scan would go over all of it (test/output/redact.test.ts checks
   * that every string the full scan matches passes this).
   */
  mayHoldSecret(s: string): boolean {
    if (s.indexOf('"') !== -1 || LEADS.test(s)) return true;
    let p = s.indexOf('=');
    for (let looked = 0; p !== -1; looked++, p = s.indexOf('=', p + 1)) {
      if (looked === EQUALS_LOOKED_AT || this.nameBefore.test(s.slice(Math.max(0, p - this.nameSpan), p))) return true;
    }
    return false;
  }

  /** A copy of a JSON value with secret keys' values and secrets in strings masked (the value itself if none). */
  value<T>(v: T, depth = 0): T {
    if (typeof v === 'string') return this.text(v) as T;
    if (v === null || typeof v !== 'object') return v;
    if (depth > MAX_DEPTH) return REDACTED as T;
    if (Array.isArray(v)) return mapItems(v, (x) => this.value(x, depth + 1)) as T;
    const o = v as Record<string, unknown>;
    let out: Record<string, unknown> | null = null;
    for (const k of Object.keys(o)) {
      const x = o[k];
      const r = this.isSecretKey(k) ? masked(x) : this.value(x, depth + 1);
      if (r !== x) setOwn((out ??= { ...o }), k, r);
    }
    return (out ?? v) as T;
  }

  /**
   * Any value with secrets in its strings masked, keys included (for reports built from log strings, such as the
   * statistics: tool names and session keys are keys there). No key-based masking: its keys are not the log's.
   */
  strings<T>(v: T, depth = 0): T {
    if (typeof v === 'string') return this.text(v) as T;
    if (v === null || typeof v !== 'object' || depth > MAX_DEPTH) return v;
    if (Array.isArray(v)) return mapItems(v, (x) => this.strings(x, depth + 1)) as T;
    const o = v as Record<string, unknown>;
    let changed = false;
    const out: Record<string, unknown> = {};
    for (const k of Object.keys(o)) {
      const key = this.text(k);
      const r = this.strings(o[k], depth + 1);
      if (key !== k || r !== o[k]) changed = true;
      setOwn(out, key, r);
    }
    return (changed ? out : v) as T;
  }

  /** A record as sinks should print it. A changed message drops the wire text, so no sink copies the original. */
  record(r: PipelineRecord): PipelineRecord {
    const message = this.value(r.message);
    const raw = r.raw === undefined ? undefined : this.text(r.raw);
    // A log line's text is log text like `raw`: a host may log a token in it.
    const text = r.text === undefined ? undefined : this.text(r.text);
    const data = r.event?.data === undefined ? undefined : this.value(r.event.data);
    const findings = this.findings(r.findings);
    const session = this.text(r.session);
    const id = typeof r.id === 'string' ? this.text(r.id) : r.id;
    if (
      message === r.message &&
      raw === r.raw &&
      text === r.text &&
      data === r.event?.data &&
      findings === r.findings &&
      session === r.session &&
      id === r.id
    )
      return r;
    const out: PipelineRecord = { ...r, message, findings, session, id };
    if (raw !== undefined) out.raw = raw;
    if (text !== undefined) out.text = text;
    if (r.event !== undefined && data !== r.event.data) out.event = { name: r.event.name, data };
    if (message !== r.message) out.wire = { ...r.wire, text: null };
    return out;
  }

  /** Session details (peer info, capabilities, key) as sinks should print them. */
  session(s: SessionInfo): SessionInfo {
    const key = this.text(s.key);
    const clientInfo = this.value(s.clientInfo);
    const serverInfo = this.value(s.serverInfo);
    const clientCapabilities = this.value(s.clientCapabilities);
    const serverCapabilities = this.value(s.serverCapabilities);
    if (
      key === s.key &&
      clientInfo === s.clientInfo &&
      serverInfo === s.serverInfo &&
      clientCapabilities === s.clientCapabilities &&
      serverCapabilities === s.serverCapabilities
    )
      return s;
    return { ...s, key, clientInfo, serverInfo, clientCapabilities, serverCapabilities };
  }

  /** The end-of-input summary: sessions, open requests and findings. */
  summary(s: AnalysisSummary): AnalysisSummary {
    return {
      sessions: s.sessions.map((x) => this.session(x)),
      open: s.open.map((o) => this.open(o)),
      findings: s.findings.map((f) => {
        const message = this.text(f.message);
        const session = this.text(f.session);
        return message === f.message && session === f.session ? f : { ...f, message, session };
      }),
    };
  }

  /** A record stream (or a stream of batches of records) with every record redacted. */
  async *records(records: AsyncIterable<PipelineRecord>): AsyncGenerator<PipelineRecord> {
    for await (const r of records) yield this.record(r);
  }

  async *batches(batches: AsyncIterable<PipelineRecord[]>): AsyncGenerator<PipelineRecord[]> {
    for await (const b of batches) yield b.map((r) => this.record(r));
  }

  private open(o: OpenRequest): OpenRequest {
    const id = typeof o.id === 'string' ? this.text(o.id) : o.id;
    const session = this.text(o.session);
    return id === o.id && session === o.session ? o : { ...o, id, session };
  }

  private findings(fs: Finding[]): Finding[] {
    let out: Finding[] | null = null;
    for (let i = 0; i < fs.length; i++) {
      const m = this.text(fs[i].message);
      if (m !== fs[i].message) (out ??= fs.slice())[i] = { ...fs[i], message: m };
    }
    return out ?? fs;
  }
}

/** The mask for a secret key's value: strings, numbers and containers are masked; null, '' and booleans say nothing. */
function masked(v: unknown): unknown {
  if (v === null || v === '' || typeof v === 'boolean' || v === undefined) return v;
  return REDACTED;
}

/** `items` with `f` applied to each; the array itself when nothing changed, else a copy (copy on first change). */
function mapItems(items: unknown[], f: (x: unknown) => unknown): unknown[] {
  let out: unknown[] | null = null;
  for (let i = 0; i < items.length; i++) {
    const r = f(items[i]);
    if (r !== items[i]) (out ??= items.slice())[i] = r;
  }
  return out ?? items;
}
