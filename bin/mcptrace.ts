#!/usr/bin/env node
// The mcptrace executable: thin wrapper that runs the CLI and sets the exit code.
import { main } from '../src/cli/main.js';

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    process.stderr.write(`mcptrace: internal error: ${(err as Error).message}\n`);
    process.exitCode = 2;
  },
);
