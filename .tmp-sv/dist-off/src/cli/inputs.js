// Opens the inputs named on the command line: files, or stdin for `-` or none.
import { createReadStream, statSync } from 'node:fs';
import { UsageError } from './errors.js';
/** How the CLI passes a bare `-` (stdin) through the argument parser, which would drop it. */
export const STDIN_ARG = '\u0000stdin';
/** Checks every file before anything is read, so a typo fails fast with exit 2. */
export function resolveInputs(files, stdin = process.stdin) {
    const list = files && files.length > 0 ? files.map((f) => (f === STDIN_ARG ? '-' : String(f))) : ['-'];
    if (list.filter((f) => f === '-').length > 1)
        throw new UsageError('stdin (-) can be read only once');
    return list.map((name) => {
        if (name === '-')
            return { name, open: () => stdin };
        let isFile = false;
        try {
            isFile = statSync(name).isFile();
        }
        catch (err) {
            const code = err.code;
            throw new UsageError(code === 'ENOENT' ? `no such file: ${name}` : `cannot read ${name}: ${code ?? err.message}`);
        }
        if (!isFile)
            throw new UsageError(`not a file: ${name}`);
        return { name, open: () => createReadStream(name, { highWaterMark: 256 * 1024 }) };
    });
}
//# sourceMappingURL=inputs.js.map