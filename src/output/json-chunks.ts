// `JSON.stringify(value, null, indent)` in pieces, so that a large document is written without ever being one string.
//
// A report of 10,000 findings and 1,000 sessions' statistics is about 10 MB of text; built as one string and then
// encoded for the stream it costs twice that at the very end of a run, when the heap is at its fullest. Here the
// containers near the root are walked and everything below `depth` is stringified element by element: each piece
// is small and garbage once written. The concatenated pieces are exactly the text of `JSON.stringify`.

/** Options: the indent (as in `JSON.stringify`) and how many levels of containers are walked rather than stringified whole. */
interface JsonChunkOptions {
  indent?: number;
  depth?: number;
}

/**
 * The text of `JSON.stringify(value, null, indent)` as a sequence of strings (no newline at the end; nothing for a
 * value JSON.stringify leaves out). Walks plain arrays and objects down to `depth` levels (default 3); `toJSON`,
 * `undefined`, functions and symbols behave as in `JSON.stringify`.
 */
export function* jsonChunks(value: unknown, opts: JsonChunkOptions = {}): Generator<string> {
  const unit = ' '.repeat(opts.indent ?? 2);
  if (unit === '') {
    // Compact JSON has no line breaks to cut at: one piece.
    const text = JSON.stringify(value) as string | undefined;
    if (text !== undefined) yield text;
    return;
  }
  const last = yield* walk(value, '', opts.depth ?? 3, unit);
  if (last !== undefined) yield last;
}

/** Yields the pieces of `value` at indentation `pad`; returns the last piece, not yet yielded (undefined: leave out). */
function* walk(value: unknown, pad: string, depth: number, unit: string): Generator<string, string | undefined> {
  if (!walked(value, depth)) return whole(value, pad, unit);
  const inner = pad + unit;
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    for (let i = 0; i < value.length; i++) {
      const head = `${i === 0 ? '[' : ','}\n${inner}`;
      // In an array, what JSON.stringify leaves out of an object (undefined, a function) is `null`.
      if (!walked(value[i], depth - 1)) {
        yield head + (whole(value[i], inner, unit) ?? 'null');
        continue;
      }
      yield head;
      const last = yield* walk(value[i], inner, depth - 1, unit);
      if (last !== undefined) yield last;
    }
    return `\n${pad}]`;
  }
  let first = true;
  for (const key of Object.keys(value as object)) {
    const v = (value as Record<string, unknown>)[key];
    const head = `${first ? '{' : ','}\n${inner}${JSON.stringify(key)}: `;
    if (!walked(v, depth - 1)) {
      const text = whole(v, inner, unit);
      if (text === undefined) continue;
      yield head + text;
    } else {
      yield head;
      const last = yield* walk(v, inner, depth - 1, unit);
      if (last !== undefined) yield last;
    }
    first = false;
  }
  return first ? '{}' : `\n${pad}}`;
}

/** Whether `value` is a container walked piece by piece at this depth (plain array or object, no `toJSON`). */
function walked(value: unknown, depth: number): value is object {
  return (
    depth > 0 &&
    value !== null &&
    typeof value === 'object' &&
    typeof (value as { toJSON?: unknown }).toJSON !== 'function'
  );
}

/**
 * One value stringified whole at indentation `pad` (JSON.stringify indents from column 0, and its newlines only
 * separate: a newline in a string is escaped). Undefined when JSON.stringify leaves the value out.
 */
function whole(value: unknown, pad: string, unit: string): string | undefined {
  const text = JSON.stringify(value, null, unit) as string | undefined;
  if (text === undefined || pad === '') return text;
  return text.replaceAll('\n', `\n${pad}`);
}
