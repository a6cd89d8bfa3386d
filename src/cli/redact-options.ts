// `--redact`, `--no-redact` and `--redact-key`: which secrets the output masks (see src/output/redact.ts).
import type { Argv } from 'yargs';
import { Redactor } from '../output/redact.js';
import { commaList } from './options.js';

export interface RedactArgs {
  /** `--redact` / `--no-redact`; undefined: the command's default. */
  redact?: boolean;
  redactKey?: string[];
}

/** Adds the redaction flags; `byDefault` says what the help text should give as the default. */
export function redactOptions<T>(y: Argv<T>, byDefault: string) {
  return y
    .option('redact', {
      describe: `mask secrets in the output: values of authorization, token, password, api_key … keys, and bearer tokens in strings (default: ${byDefault})`,
      type: 'boolean',
    })
    .option('redact-key', {
      describe: 'one more key whose values are masked (repeatable; implies --redact unless --no-redact)',
      type: 'string',
      // Not `array: true`: that would swallow the file names after the flag. Repeat the flag or use commas.
      coerce: commaList,
    });
}

/** The redactor for a run, or null when nothing is masked. `on`: the command's (or format's) default. */
export function redactorFor(args: RedactArgs, on: boolean): Redactor | null {
  const keys = args.redactKey ?? [];
  const enabled = args.redact ?? (on || keys.length > 0);
  return enabled ? new Redactor({ keys }) : null;
}
