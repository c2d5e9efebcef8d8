/**
 * Sets an own, enumerable property. Only `__proto__` is an accessor on a plain object, and a plain
 * assignment of it would set the prototype; JSON text (a model's arguments, a schema) can hold
 * such a key as data, so it is defined instead. Every other name is a plain, fast assignment.
 */
export function defineOwn(target: Record<string, unknown>, name: string, value: unknown): void {
  if (name !== '__proto__') {
    target[name] = value;
    return;
  }
  Object.defineProperty(target, name, {
    value,
    enumerable: true,
    writable: true,
    configurable: true,
  });
}
