// A benchmark's `--name value` options from the command line, with defaults.

/** The value after `--name` in `args`, else `fallback`; as a number when the fallback is one. */
export function option(args, name, fallback) {
  const i = args.indexOf(`--${name}`);
  if (i < 0) return fallback;
  return typeof fallback === 'number' ? Number(args[i + 1]) : args[i + 1];
}
