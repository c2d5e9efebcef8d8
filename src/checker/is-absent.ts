/**
 * Whether an argument is absent: the object has no own property of that name, or it holds
 * `undefined` (which JSON cannot carry).
 */
export function isAbsent(object: Record<string, unknown>, name: string): boolean {
  return !Object.hasOwn(object, name) || object[name] === undefined;
}
