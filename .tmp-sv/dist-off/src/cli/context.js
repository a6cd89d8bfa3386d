import { Analyzer } from '../analyzer.js';
import { analyzeStream } from '../analyze-stream.js';
import { colorEnabled, createPalette } from '../output/color.js';
import { buildFilter } from './filter.js';
import { resolveInputs } from './inputs.js';
import { createLogger } from './logger.js';
export function processIO() {
    return { stdin: process.stdin, stdout: process.stdout, stderr: process.stderr, env: process.env };
}
/** Colour for stdout: `--color`/`--no-color` win, then NO_COLOR / FORCE_COLOR, then TTY detection. */
export function paletteFor(io, color) {
    if (color !== undefined)
        return createPalette(color);
    return createPalette(colorEnabled({ isTTY: io.stdout.isTTY === true, env: io.env }));
}
/** Sets up a run: the analyzer over all inputs and the records that pass the filters, in order. */
export function openRun(args, io, more = {}) {
    const log = createLogger(args.logLevel);
    const analyzer = new Analyzer({ inputFormat: args.inputFormat, maxPending: args.maxPending, ...more });
    const keep = buildFilter(args);
    async function* records() {
        for await (const r of recordsOf(analyzer, args.files, io, log))
            if (!keep || keep(r))
                yield r;
    }
    return { analyzer, records: records() };
}
/** Every record of every input, in order; each input is its own stream with its own sessions. */
async function* recordsOf(analyzer, files, io, log) {
    for (const input of resolveInputs(files, io.stdin)) {
        log.debug({ input: input.name }, 'reading');
        yield* analyzeStream(analyzer, input.open(), input.name);
    }
}
//# sourceMappingURL=context.js.map