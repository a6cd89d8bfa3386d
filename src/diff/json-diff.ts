// Where two results differ: the paths (`content.0.text`) whose value, type or presence changed, with paths the user
// set aside (`--ignore`, globs over dotted paths: `content.*.text`, `**.timestamp`) left out.
import picomatch from 'picomatch';

interface PathChange {
  path: string;
  kind: 'added' | 'removed' | 'type' | 'value';
}

/** A matcher of the paths to set aside, from `--ignore` globs over dotted paths. */
export function ignoring(globs: readonly string[]): (path: string) => boolean {
  if (globs.length === 0) return () => false;
  const match = picomatch(
    globs.map((g) => g.replaceAll('.', '/')),
    { dot: true },
  );
  return (path) => match(path.replaceAll('.', '/'));
}

/** The paths where `b` differs from `a`, at most `max` of them (and whether there were more). */
export function diffJson(
  a: unknown,
  b: unknown,
  ignore: (path: string) => boolean,
  max: number,
): { changes: PathChange[]; more: boolean } {
  const changes: PathChange[] = [];
  let more = false;
  const walk = (x: unknown, y: unknown, path: string): void => {
    if (more || (path !== '' && ignore(path))) return;
    const note = (kind: PathChange['kind']) =>
      changes.length < max ? changes.push({ path: path === '' ? '(result)' : path, kind }) : (more = true);
    const tx = typeOf(x);
    const ty = typeOf(y);
    if (tx !== ty) return void note(tx === 'undefined' ? 'added' : ty === 'undefined' ? 'removed' : 'type');
    if (tx === 'object' || tx === 'array') {
      const ox = x as Record<string, unknown>;
      const oy = y as Record<string, unknown>;
      const keys = new Set([...Object.keys(ox), ...Object.keys(oy)]);
      for (const k of keys) walk(ox[k], oy[k], path === '' ? k : `${path}.${k}`);
      return;
    }
    // Same type, neither an object nor an array: a primitive, equal or not.
    if (x !== y) note('value');
  };
  walk(a, b, '');
  return { changes, more };
}

function typeOf(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  return typeof v;
}
