import { INPUT_FORMATS } from '../input/index.js';
import { LOG_LEVELS } from './logger.js';
export function inputOptions(y) {
    return y
        .positional('files', { describe: 'log files to read; - or none for stdin', type: 'string', array: true })
        .option('input-format', {
        describe: 'input format (default: detected per file)',
        choices: INPUT_FORMATS,
    })
        .option('max-pending', {
        describe: 'open requests tracked per session before the oldest is dropped',
        type: 'number',
        default: 100_000,
    })
        .option('log-level', { describe: 'diagnostics on stderr', choices: LOG_LEVELS, default: 'warn' })
        .option('debug', { describe: 'print stack traces of internal errors', type: 'boolean', default: false })
        .option('color', { describe: 'colour output (default: only on a terminal; NO_COLOR / FORCE_COLOR honoured)', type: 'boolean' });
}
export function filterOptions(y) {
    return y
        // Not `array: true`: that would swallow the file names after the flag. Repeat the flag or use commas.
        .option('method', { describe: "only these methods ('tools/*' matches a prefix; repeat or comma-separate)", type: 'string', group: 'Filters:', coerce: list })
        .option('primitive', {
        describe: 'only these primitives or base features (tools, resources, prompts, roots, sampling, elicitation, base, ping, progress …)',
        type: 'string', group: 'Filters:', coerce: list,
    })
        .option('phase', { describe: 'only these phases (initialization, operation, shutdown)', type: 'string', group: 'Filters:', coerce: oneOf('phase', ['initialization', 'operation', 'shutdown']) })
        .option('dir', { describe: 'only these directions (c2s, s2c, unknown)', type: 'string', group: 'Filters:', coerce: oneOf('dir', ['c2s', 's2c', 'unknown']) })
        .option('session', { describe: 'only these session keys', type: 'string', group: 'Filters:', coerce: list });
}
/** `--x a --x b,c` → ['a', 'b', 'c']. */
function list(v) {
    return (Array.isArray(v) ? v : [v]).flatMap((x) => String(x).split(',')).map((x) => x.trim()).filter((x) => x !== '');
}
function oneOf(flag, allowed) {
    return (v) => {
        const values = list(v);
        const bad = values.find((x) => !allowed.includes(x));
        if (bad !== undefined)
            throw new Error(`--${flag} ${bad}: choose from ${allowed.join(', ')}`);
        return values;
    };
}
//# sourceMappingURL=options.js.map