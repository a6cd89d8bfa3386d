// A curl command pasted before its output: what it sends as the request body (`-d`, `--data-*`, `--json`), which
// `curl -v` never prints.
import { shellWords, type Word, type Words } from './shell-words.js';

/** The body a command sends, as far as the transcript tells it. */
export interface CurlCommand {
  /** The body's text; null when the command sends none, or one the transcript does not hold (`@file`, `-F`). */
  body: string | null;
  /** Whether the command sends a body at all (a POST with `-d`): `body` null then means it is not known. */
  sends: boolean;
  /** The 1-based line where the body (its first data argument, or its here-document) starts. */
  line: number;
  /** The method and target (path and query) of the command's first URL: what a transcript without the request head names. */
  method: string;
  target: string | null;
}

/**
 * A line that starts a curl command: a shell prompt (`$ `, `% `, `❯ `, `user@host:~$ `, `PS C:\> `; after the
 * `(.venv) ` or `(base) ` a Python environment puts before it), the shell's trace of what it runs (`set -x`: `+ `, `++ `
 * in a subshell) or none, then `curl`.
 */
const START = /^(\s*(?:(?:\([\w.-]+\) )?\S*[$#%❯]\s+|PS [^>]*>\s*|\++ )?(?:\S*[\\/])?)curl(?:\.exe)?(?=\s)/;

/** Where a command starts in a line (the offset of `curl`), or -1. */
export function commandStart(text: string): number {
  const m = START.exec(text);
  return m === null ? -1 : m[1]!.length;
}

/**
 * Options whose value is a body: how curl reads it (curl's manual). `-d`, `--data` and `--data-ascii` read `@file`
 * without its CR and LF; `--data-binary` and `--json` read it as is; `--data-raw` takes `@` literally. Pieces are
 * joined with `&` (`--json` pieces are appended as they are).
 */
const DATA: Readonly<Record<string, { at: 'strip' | 'raw' | 'literal'; join: string }>> = {
  d: { at: 'strip', join: '&' },
  data: { at: 'strip', join: '&' },
  'data-ascii': { at: 'strip', join: '&' },
  'data-binary': { at: 'raw', join: '&' },
  'data-raw': { at: 'literal', join: '&' },
  json: { at: 'raw', join: '' },
};
/** Options that send a body the transcript cannot hold. */
const OPAQUE = new Set(['F', 'T', 'form', 'form-string', 'data-urlencode', 'upload-file']);
/** `-G`: the data goes into the URL's query, and no body is sent. */
const GET = new Set(['G', 'get']);
/** Short options that take a value (the rest of the cluster, or the next word). */
const SHORT_VALUE = new Set('AbcCdDeEFHKmoPQrTtuUwxXYyz');
/** Long options that take a value: skipped with it, so that a value is never read as an option. */
const LONG_VALUE = new Set([
  'header',
  'request',
  'url',
  'output',
  'user',
  'user-agent',
  'cookie',
  'cookie-jar',
  'max-time',
  'connect-timeout',
  'write-out',
  'proxy',
  'referer',
  'cacert',
  'cert',
  'key',
  'resolve',
  'connect-to',
  'retry',
  'retry-delay',
  'retry-max-time',
  'limit-rate',
  'oauth2-bearer',
  'trace',
  'trace-ascii',
  'config',
  'range',
  'dump-header',
  'stderr',
  'interface',
  'local-port',
  'max-filesize',
  'unix-socket',
  'variable',
  'url-query',
  'expect100-timeout',
  'keepalive-time',
  'max-redirs',
  'proto',
  'proto-redir',
]);

/** Lines and characters of one command at most: an unclosed quote must not swallow the transcript. */
const MAX_LINES = 500;
const MAX_CHARS = 16 * 1024 * 1024;

/**
 * Reads a command from the line that starts it, over the lines that continue it (`\` at a line's end, a quote left
 * open) and its here-document (`-d @- <<'EOF'`). `line` returns the command once it is whole.
 */
export class CommandReader {
  private readonly texts: string[];
  private words: Words | null = null;
  private doc: string[] | null = null;
  private chars = 0;

  constructor(
    readonly first: number,
    text: string,
  ) {
    this.texts = [text];
  }

  /** The command, once the lines fed so far hold it whole; else null (feed the next line). */
  result(): CurlCommand | null {
    if (this.doc === null) {
      this.words = shellWords(this.texts.join('\n'));
      if (this.words.open) return null;
      if (this.words.heredoc === null) return this.command();
      this.doc = [];
      return null;
    }
    const last = this.doc.at(-1);
    const h = this.words!.heredoc!;
    if (last !== undefined && (h.tabs ? last.replace(/^\t+/, '') : last) === h.delimiter) return this.command();
    return null;
  }

  /** The next line; the command when it is whole with it. */
  line(text: string): CurlCommand | null {
    this.chars += text.length;
    if (this.overlong) return null;
    if (this.doc !== null) this.doc.push(text);
    else this.texts.push(text);
    return this.result();
  }

  /** Too many lines to be one command: give up on it. */
  get overlong(): boolean {
    return this.texts.length + (this.doc?.length ?? 0) > MAX_LINES || this.chars > MAX_CHARS;
  }

  private command(): CurlCommand {
    const words = this.words!.words;
    const pieces: { text: string | null; join: string; at: Word }[] = [];
    let opaque = false;
    let get = false;
    let method: string | null = null;
    let url: string | null = null;
    const data = (name: string, value: Word | undefined, at: Word) => {
      const how = DATA[name]!;
      if (value === undefined) return;
      const v = value.text;
      if (how.at === 'literal' || !v.startsWith('@')) pieces.push({ text: v, join: how.join, at: value });
      else if (v === '@-' && this.doc !== null) {
        const text = this.doc.slice(0, -1).join('\n') + '\n';
        pieces.push({
          text: how.at === 'strip' ? text.replace(/[\r\n]/g, '') : text,
          join: how.join,
          at: { text: '', at: -1 },
        });
      } else pieces.push({ text: null, join: how.join, at });
    };
    for (let i = 1; i < words.length; i++) {
      const w = words[i]!;
      const t = w.text;
      if (t === '--') break;
      if (t.startsWith('--')) {
        const name = t.slice(2);
        if (name === 'request') method = words[i + 1]?.text ?? null;
        if (name === 'url') url ??= words[i + 1]?.text ?? null;
        if (name === 'head') method ??= 'HEAD';
        if (name in DATA) data(name, words[++i], w);
        else if (OPAQUE.has(name)) {
          opaque = true;
          i++;
        } else if (GET.has(name)) get = true;
        else if (LONG_VALUE.has(name)) i++;
      } else if (t.startsWith('-') && t.length > 1) {
        for (let j = 1; j < t.length; j++) {
          const ch = t[j]!;
          if (GET.has(ch)) get = true;
          if (ch === 'I') method ??= 'HEAD';
          if (!SHORT_VALUE.has(ch)) continue;
          const value = j + 1 < t.length ? { text: t.slice(j + 1), at: w.at + j + 1 } : words[++i];
          if (ch === 'd') data('d', value, w);
          else if (ch === 'X') method = value?.text ?? null;
          else if (OPAQUE.has(ch)) opaque = true;
          break;
        }
      } else url ??= t;
    }
    const sends = !get && (pieces.length > 0 || opaque);
    const head = { method: method ?? (sends ? 'POST' : 'GET'), target: url === null ? null : targetOf(url) };
    if (!sends) return { body: null, sends, line: this.first, ...head };
    const known = !opaque && pieces.every((p) => p.text !== null);
    const body = known ? pieces.map((p, k) => (k === 0 ? '' : p.join) + p.text).join('') : null;
    return { body, sends, line: this.lineOf(pieces[0]?.at ?? words[0]!), ...head };
  }

  /** The line a word starts on (a here-document's body: the line after the command). */
  private lineOf(w: Word): number {
    if (w.at < 0) return this.first + this.texts.length;
    const joined = this.texts.join('\n');
    let n = 0;
    for (let i = joined.indexOf('\n'); i >= 0 && i < w.at; i = joined.indexOf('\n', i + 1)) n++;
    return this.first + n;
  }
}

/** A URL's path and query (`http://host:3001/mcp?x=1` → `/mcp?x=1`); a URL without a scheme is read as curl reads it, as http. */
function targetOf(url: string): string | null {
  try {
    const u = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(url) ? url : `http://${url}`);
    return u.pathname + u.search;
  } catch {
    return null;
  }
}
