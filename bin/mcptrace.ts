#!/usr/bin/env node
// The mcptrace executable: thin wrapper that runs the CLI and sets the exit code.
import { EXIT } from '../src/cli/errors.js';
import { main } from '../src/cli/main.js';
import { escapeTerminal } from '../src/output/escape.js';

// A reader that goes away (`mcptrace annotate log | head`) is a normal end, not an error.
process.stdout.on('error', (err: NodeJS.ErrnoException) => {
  if (err.code === 'EPIPE') process.exit(0);
  process.stderr.write(`mcptrace: cannot write output: ${escapeTerminal(err.message)}\n`);
  process.exit(2);
});

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    process.stderr.write(`mcptrace: internal error: ${escapeTerminal((err as Error).message)}\n`);
    process.exitCode = EXIT.internal;
  },
);
