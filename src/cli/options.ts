// Options shared by the commands that read logs.
import type { Argv } from 'yargs';
import { INPUT_FORMATS } from '../input/index.js';
import { LOG_LEVELS } from './logger.js';

export function inputOptions<T>(y: Argv<T>) {
  return y
    .positional('files', { describe: 'log files to read; - or none for stdin', type: 'string', array: true })
    .option('input-format', {
      describe: 'input format (default: detected per file)',
      choices: INPUT_FORMATS as unknown as string[],
    })
    .option('max-pending', {
      describe: 'open requests tracked per session before the oldest is dropped',
      type: 'number',
      default: 100_000,
    })
    .option('log-level', { describe: 'diagnostics on stderr', choices: LOG_LEVELS as unknown as string[], default: 'warn' })
    .option('debug', { describe: 'print stack traces of internal errors', type: 'boolean', default: false })
    .option('color', { describe: 'colour output (default: only on a terminal; NO_COLOR / FORCE_COLOR honoured)', type: 'boolean' });
}

export function filterOptions<T>(y: Argv<T>) {
  return y
    .option('method', { describe: "only these methods ('tools/*' matches a prefix)", type: 'string', array: true, group: 'Filters:' })
    .option('primitive', {
      describe: 'only these primitives or base features (tools, resources, prompts, roots, sampling, elicitation, base, ping, progress …)',
      type: 'string', array: true, group: 'Filters:',
    })
    .option('phase', { describe: 'only these phases', choices: ['initialization', 'operation', 'shutdown'], array: true, group: 'Filters:' })
    .option('dir', { describe: 'only this direction', choices: ['c2s', 's2c', 'unknown'], array: true, group: 'Filters:' })
    .option('session', { describe: 'only these session keys', type: 'string', array: true, group: 'Filters:' });
}
