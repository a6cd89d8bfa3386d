// Object keys that come from a log: set as own properties, read only when own, so no key reaches a prototype.

/**
 * Sets `key` as an own enumerable property. Plain assignment would treat `__proto__` as the object's prototype
 * (the key would vanish from the output and the value would become the prototype): JSON keys from a log may be anything.
 */
export function setOwn<T>(obj: Record<string, T>, key: string, value: T): void {
  if (key === '__proto__')
    Object.defineProperty(obj, key, { value, writable: true, enumerable: true, configurable: true });
  else obj[key] = value;
}

/** `obj[key]` when it is an own property, else undefined (never `Object.prototype.constructor` and the like). */
export function getOwn<T>(obj: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.hasOwn(obj, key) ? obj[key] : undefined;
}

/** A JSON object: not null, not an array. */
export function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/**
 * The value at a path of keys, each an own property of a plain object on the way (`['a', 'b']` reads `v.a.b`);
 * undefined when a step is missing or not an object. Never touches a prototype.
 */
export function getOwnPath(v: unknown, keys: readonly string[]): unknown {
  let node = v;
  for (const key of keys) {
    if (!isPlainObject(node)) return undefined;
    node = getOwn(node, key);
  }
  return node;
}
