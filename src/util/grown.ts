// A typed array copied into a larger one of the same type: the explorer's columns grow as records come.

type Column = Uint8Array<ArrayBuffer> | Uint32Array<ArrayBuffer> | Int32Array<ArrayBuffer> | Float64Array<ArrayBuffer>;

/** `a`'s values at the start of a new array of its type, `length` long (twice `a`'s by default). */
export function grown<T extends Column>(a: T, length: number = a.length * 2): T {
  const b = new (a.constructor as new (n: number) => T)(length);
  b.set(a as never);
  return b;
}
