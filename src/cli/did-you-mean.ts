// Did-you-mean for the command line: a mistyped flag (yargs' "Unknown argument: metod") and a mistyped command
// (`mcptrace anotate log.ndjson` reads `anotate` as the file to annotate) get the nearest names.
import { nearest } from '../filter/suggest.js';

/** yargs' unknown-argument message with, after each flag, the nearest known flags. */
export function unknownArgumentHint(message: string, flags: Iterable<string>): string {
  const m = /^Unknown arguments?: (.+)$/.exec(message);
  if (!m) return message;
  const known = [...flags].filter((f) => f.length > 1 && !/[A-Z]/.test(f));
  const typed = m[1]!.split(', ');
  const hints = typed.flatMap((t) => {
    const near = nearest(t.replace(/^-+/, ''), known);
    const names = near.map((n) => `--${n}`).join(', ');
    return near.length === 0
      ? []
      : typed.length === 1
        ? [`did you mean ${names}?`]
        : [`--${t.replace(/^-+/, '')}: did you mean ${names}?`];
  });
  return hints.length ? `${message}; ${hints.join('; ')}` : message;
}

/** A missing file named first that is nearly a command: the command it could have meant. */
export function commandHint(message: string, first: string | undefined, commands: readonly string[]): string {
  if (first === undefined || message !== `no such file: ${first}`) return message;
  const near = nearest(first, commands);
  return near.length ? `${message}; did you mean the command ${near.join(', ')}? (mcptrace ${near[0]} …)` : message;
}
