import { defineConfig } from 'vitest/config';

/**
 * Tests of the library's stages, in-thread: nothing but their own module state, and none of them changes any (no
 * mocks, spies, fake timers or environment). They share one module graph per worker (`isolate: false`): a fresh
 * process and a fresh load of src/ per file cost more than most of these files' tests (measured on 93 of them: 142 s of CPU
 * isolated, 67 s shared). A file must pass alone (`npx vitest run FILE`) and in any order (`--sequence.shuffle`).
 */
const UNIT = [
  ...[
    'audit',
    'code',
    'decode',
    'diagnose',
    'diff',
    'filter',
    'input',
    'mock',
    'replay',
    'output',
    'property',
    'protocol',
    'rules',
    'session',
    'sql',
    'stats',
    'story',
    'util',
  ].map((d) => `test/${d}/**/*.test.ts`),
  // wrap's pure parts (the capture's records and writer, the pump); the rest of test/live runs processes.
  'test/live/{capture,capture-writer,pump}.test.ts',
  // The explorer's index and view model; its runs in a terminal (tmux) are e2e.
  'test/explore/view-model.test.ts',
];

/**
 * The CLI end to end: the built `main` in-process (test/helpers/in-process.ts, every run given its own streams and
 * environment) and the built executable as a child process. Nothing here changes the test process either, so these
 * files share one too (measured: 81 s of CPU isolated, 59 s shared). Not `--follow`: signals and fake timers.
 */
const CLI = ['test/cli/!(follow*).test.ts', 'test/golden/*.test.ts'];

export default defineConfig({
  test: {
    // Builds dist/ first when it was built from other sources (most CLI tests run the built CLI).
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // The built code (dist/) is loaded by Node itself, not through Vite's module runner: in-process CLI runs
    // (test/helpers/in-process.ts) load main.js in ~0.5 s instead of ~2.5 s, and run faster once loaded.
    server: { deps: { external: [/\/dist\//] } },
    projects: [
      { extends: true, test: { name: 'unit', include: UNIT, isolate: false } },
      { extends: true, test: { name: 'cli', include: CLI, isolate: false } },
      // --follow, live capture through wrap, the browser, the broken corpus, and any test not placed above: child
      // processes, signals, fake timers, concurrency and capped heaps, each file in a process of its own.
      { extends: true, test: { name: 'e2e', include: ['test/**/*.test.ts'], exclude: [...UNIT, ...CLI] } },
    ],
  },
});
