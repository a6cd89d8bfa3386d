// yargs' own wording of a usage error, replaced by what to type.

/** What each command's required positional argument is, and an example of the command with it. */
const NEEDS: Readonly<Record<string, string>> = {
  sql: "sql needs a query: mcptrace sql 'SELECT method, count(*) FROM records GROUP BY 1' log.ndjson",
};

/** yargs' message, or what to type instead when it is one of its bare counts. */
export function plainUsage(message: string, words: readonly string[]): string {
  if (/^Not enough non-option arguments/.test(message)) {
    const command = words.find((w) => NEEDS[w] !== undefined);
    if (command) return NEEDS[command]!;
  }
  // `annotate --kind` with nothing after it: the flag needs its value (stdin is not read in its stead).
  const bare = /^Not enough arguments following: (.+)$/.exec(message);
  if (bare) return `--${bare[1]} needs a value: --${bare[1]} VALUE`;
  const missing = /^Missing required arguments?: (.+)$/.exec(message);
  if (missing)
    return `missing ${missing[1]!
      .split(', ')
      .map((a) => `--${a}`)
      .join(', ')}`;
  return message;
}
