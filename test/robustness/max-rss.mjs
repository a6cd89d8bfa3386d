// Preloaded into CLI runs by the broken-input tests (`node --import`): reports the peak resident set size on exit.
process.on('exit', () => {
  process.stderr.write(`\nmcptrace-test-max-rss-kb ${process.resourceUsage().maxRSS}\n`);
});
