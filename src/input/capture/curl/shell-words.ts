// A command line split into words as a POSIX shell does it (quotes, escapes, line continuations), for a pasted curl command.

/** A word with the offset in the text where it starts (so that its line can be found). */
export interface Word {
  text: string;
  at: number;
}

export interface Words {
  words: Word[];
  /** The text ends inside quotes, or right after a line continuation: the command goes on on the next line. */
  open: boolean;
  /** `<<EOF` / `<<'EOF'` / `<<-EOF`: the here-document's delimiter, and whether its lines may be indented with tabs. */
  heredoc: { delimiter: string; tabs: boolean } | null;
}

const SPACE = /[ \t\n]/;
/** Characters that end a word and start shell syntax: a pipe, a list, a redirection. */
const OPERATOR = /[|;&<>]/;
const ESCAPES: Readonly<Record<string, string>> = {
  n: '\n',
  t: '\t',
  r: '\r',
  '\\': '\\',
  "'": "'",
  '"': '"',
  a: '\x07',
  b: '\b',
  e: '\x1b',
  f: '\f',
  v: '\v',
};

/**
 * The words of the first command in `text` (lines joined with `\n`, no newline at its end), up to a pipe, a `;` or `&&`, or a comment. Single quotes keep everything;
 * double quotes take `\` before `"`, `\`, `$`, `` ` `` and a newline; `$'…'` reads C escapes; unquoted, `\` escapes the
 * next character and `\`-newline joins lines (so do cmd's `^` and PowerShell's `` ` `` at a line's end). Redirections
 * and their targets are left out (`2>&1`, `> out.txt`); `<<EOF` names a here-document. Variables stay as written.
 */
export function shellWords(text: string): Words {
  const words: Word[] = [];
  let heredoc: Words['heredoc'] = null;
  // The word being read (a holder: the helpers below change it).
  const w: { cur: Word | null } = { cur: null };
  let skipNext = false;
  const add = (s: string, at: number) => {
    w.cur ??= { text: '', at };
    w.cur.text += s;
  };
  const end = () => {
    if (w.cur !== null) {
      if (skipNext) skipNext = false;
      else words.push(w.cur);
    }
    w.cur = null;
  };
  let i = 0;
  const n = text.length;
  while (i < n) {
    const c = text[i]!;
    if (c === '\\' || c === '^' || c === '`') {
      // A line continuation; at the very end of the text, the command goes on on the next line.
      if (text[i + 1] === '\n') {
        i += 2;
        continue;
      }
      if (i + 1 === n) return { words, open: true, heredoc };
      if (c === '\\') {
        add(text[i + 1]!, i);
        i += 2;
        continue;
      }
    }
    if (SPACE.test(c)) {
      end();
      i++;
    } else if (c === "'") {
      const close = text.indexOf("'", i + 1);
      if (close < 0) return { words, open: true, heredoc };
      add(text.slice(i + 1, close), i);
      i = close + 1;
    } else if (c === '"') {
      const r = doubleQuoted(text, i + 1);
      if (r === null) return { words, open: true, heredoc };
      add(r.text, i);
      i = r.next;
    } else if (c === '$' && text[i + 1] === "'") {
      const r = cQuoted(text, i + 2);
      if (r === null) return { words, open: true, heredoc };
      add(r.text, i);
      i = r.next;
    } else if (c === '#' && w.cur === null) {
      break;
    } else if (OPERATOR.test(c)) {
      // A file descriptor's number before a redirection (`2>&1`) is no word.
      if (w.cur !== null && /^\d+$/.test(w.cur.text) && (c === '>' || c === '<')) w.cur = null;
      end();
      if (c === '|' || c === ';' || (c === '&' && text[i + 1] === '&')) break;
      if (c === '<' && text[i + 1] === '<' && text[i + 2] !== '<') {
        const h = /^<<(-?)[ \t]*(?:'([^']*)'|"([^"]*)"|\\?([^\s;|&<>]+))/.exec(text.slice(i));
        if (h !== null) {
          heredoc = { delimiter: h[2] ?? h[3] ?? h[4]!, tabs: h[1] === '-' };
          i += h[0].length;
          continue;
        }
      }
      // A redirection's target (`> out.txt`, `<<< text`) is not the command's word; `>&1` has none.
      let j = i;
      while (j < n && /[<>&]/.test(text[j]!)) j++;
      if (text[j - 1] !== '&' || !/\d/.test(text[j] ?? '')) skipNext = true;
      else while (j < n && /\d/.test(text[j]!)) j++;
      i = j;
    } else {
      add(c, i);
      i++;
    }
  }
  end();
  return { words, open: false, heredoc };
}

function doubleQuoted(text: string, from: number): { text: string; next: number } | null {
  let out = '';
  for (let i = from; i < text.length; i++) {
    const c = text[i]!;
    if (c === '"') return { text: out, next: i + 1 };
    if (c === '\\' && i + 1 < text.length) {
      const d = text[i + 1]!;
      if (d === '\n') {
        i++;
        continue;
      }
      if (d === '"' || d === '\\' || d === '$' || d === '`') {
        out += d;
        i++;
        continue;
      }
    }
    out += c;
  }
  return null;
}

function cQuoted(text: string, from: number): { text: string; next: number } | null {
  let out = '';
  for (let i = from; i < text.length; i++) {
    const c = text[i]!;
    if (c === "'") return { text: out, next: i + 1 };
    if (c !== '\\' || i + 1 >= text.length) {
      out += c;
      continue;
    }
    const d = text[++i]!;
    const hex =
      d === 'x'
        ? /^[0-9a-fA-F]{1,2}/.exec(text.slice(i + 1))
        : d === 'u'
          ? /^[0-9a-fA-F]{1,4}/.exec(text.slice(i + 1))
          : null;
    if (hex !== null) {
      out += String.fromCharCode(parseInt(hex[0], 16));
      i += hex[0].length;
    } else out += ESCAPES[d] ?? `\\${d}`;
  }
  return null;
}
