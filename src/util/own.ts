// Object keys that come from a log: set as own properties, read only when own, so no key reaches a prototype.

/**
 * Sets `key` as an own enumerable property. Plain assignment would treat `__proto__` as the object's prototype
 * (the key would vanish from the output and the value would become the prototype): JSON keys from a log may be anything.
 */
export function setOwn<T>(obj: Record<string, T>, key: string, value: T): void {
  if (key === '__proto__') Object.defineProperty(obj, key, { value, writable: true, enumerable: true, configurable: true });
  else obj[key] = value;
}

/** `obj[key]` when it is an own property, else undefined (never `Object.prototype.constructor` and the like). */
export function getOwn<T>(obj: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.hasOwn(obj, key) ? obj[key] : undefined;
}
