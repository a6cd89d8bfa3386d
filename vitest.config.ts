import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Builds dist/ first when it was built from other sources (most CLI tests run the built CLI).
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // The built code (dist/) is loaded by Node itself, not through Vite's module runner: in-process CLI runs
    // (test/helpers/in-process.ts) load main.js in ~0.5 s instead of ~2.5 s, and run faster once loaded.
    server: { deps: { external: [/\/dist\//] } },
  },
});
