// Bundles the CLI (after tsc) into dist/cli/ and the library into dist/lib/, each with its dependencies inside: an
// installed mcptrace (`npm install -g ./mcptrace-<version>.tgz`) has no runtime dependency to fetch, so it installs
// offline and in a second. One module graph also loads at start-up instead of ~180 files, which takes about a third
// off the start-up time of every command (README "Performance"). The commands' own modules (audit, wrap, …) stay
// separate chunks loaded on use; pino and the SDK's schemas are loaded only when needed (src/cli/logger.ts,
// src/protocol/schemas.ts). dist/src (tsc's output, file for file) keeps the type declarations.
import { defineConfig } from 'rolldown';

// DuckDB is an optional dependency with a native binary: loaded from node_modules at run time by `mcptrace sql` alone.
const common = { platform: 'node', logLevel: 'warn', external: ['@duckdb/node-api'] };
const output = { format: 'esm', entryFileNames: '[name].js', sourcemap: true, minify: true, cleanDir: true };

export default defineConfig([
  {
    ...common,
    input: {
      mcptrace: 'dist/bin/mcptrace.js',
      // A worker thread's entry (src/cli/jobs.ts starts it as ./jobs-worker.js next to the bundle).
      'jobs-worker': 'dist/src/cli/jobs-worker.js',
      // `export --to otlp`'s encoding thread (src/cli/otlp-encoder.ts).
      'otlp-worker': 'dist/src/cli/otlp-worker.js',
    },
    // The CLI preloads the SDK's schemas as an ES module chunk: its CommonJS copy is left out (src/protocol/schemas.ts).
    transform: { define: { MCPTRACE_CLI_BUNDLE: 'true' } },
    output: {
      ...output,
      dir: 'dist/cli',
      // A chunk is named after one of its modules; the one both entries share holds the whole analysis (reading,
      // sessions, rules, redaction …), so it is named for that rather than for whichever module came first.
      chunkFileNames: (chunk) =>
        chunk.moduleIds.some((id) => id.endsWith('/dist/src/analyzer.js')) ? 'analysis-[hash].js' : '[name]-[hash].js',
    },
  },
  {
    ...common,
    // The library (package.json "exports"): what `import … from 'mcptrace'` loads.
    input: { index: 'dist/src/index.js' },
    output: { ...output, dir: 'dist/lib' },
  },
]);
