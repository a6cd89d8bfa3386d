// Bundles the CLI (after tsc) into dist/cli/: one module graph to load at start-up instead of ~180 files, which
// takes about a third off the start-up time of every command (README "Performance"). The library (dist/src) stays
// tsc's output, file for file. The commands' own modules (audit, wrap, …) stay separate chunks loaded on use; pino
// and the SDK's schemas are required at run time only when needed (src/cli/logger.ts, src/protocol/schemas.ts).
import { defineConfig } from 'rolldown';

export default defineConfig({
  input: {
    mcptrace: 'dist/bin/mcptrace.js',
    // A worker thread's entry (src/cli/jobs.ts starts it as ./jobs-worker.js next to the bundle).
    'jobs-worker': 'dist/src/cli/jobs-worker.js',
  },
  platform: 'node',
  // DuckDB is an optional dependency with a native binary: loaded from node_modules at run time by `mcptrace sql` alone.
  external: ['@duckdb/node-api'],
  logLevel: 'warn',
  output: {
    dir: 'dist/cli',
    cleanDir: true,
    format: 'esm',
    entryFileNames: '[name].js',
    // A chunk is named after one of its modules; the one both entries share holds the whole analysis (reading,
    // sessions, rules, redaction …), so it is named for that rather than for whichever module came first.
    chunkFileNames: (chunk) => (chunk.moduleIds.some((id) => id.endsWith('/dist/src/analyzer.js')) ? 'analysis-[hash].js' : '[name]-[hash].js'),
    sourcemap: true,
    minify: true,
  },
});
