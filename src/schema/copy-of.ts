/**
 * A copy of a JSON value the gate hands to a tool more than once (a default, a fixed value), so a
 * tool that mutates what it gets cannot change what the next call gets. A value that cannot be
 * cloned (a function inside, a class instance) is handed over as it is.
 */
export function copyOf(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  try {
    return structuredClone(value);
  } catch {
    return value;
  }
}
