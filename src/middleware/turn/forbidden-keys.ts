import type { ArgumentPath } from '../../checker/mismatch.ts';

/**
 * Where parsed arguments hold keys the AI SDK's JSON parser refuses (`secureJsonParse` in
 * `@ai-sdk/provider-utils`): an own `__proto__` key, or a `constructor` object with an own
 * `prototype`. The SDK makes such a call invalid on its own, and its siblings would still run, so
 * the gate refuses the whole turn instead. Walks without recursion, so deep input cannot overflow
 * the stack.
 */
export function forbiddenKeyPaths(value: unknown): ArgumentPath[] {
  const found: ArgumentPath[] = [];
  // Each entry points at its parent, so a path is only built for what is found.
  const queue: Array<{ node: unknown; parent: number; key: string | number }> = [
    { node: value, parent: -1, key: '' },
  ];
  const pathTo = (at: number, ...rest: string[]): ArgumentPath => {
    const keys: Array<string | number> = [];
    for (
      let entry = queue[at];
      entry !== undefined && entry.parent >= 0;
      entry = queue[entry.parent]
    ) {
      keys.push(entry.key);
    }
    return [...keys.reverse(), ...rest];
  };
  for (let at = 0; at < queue.length; at++) {
    const node = queue[at]?.node;
    if (typeof node !== 'object' || node === null) continue;
    if (Object.hasOwn(node, '__proto__')) found.push(pathTo(at, '__proto__'));
    const ctor = Object.hasOwn(node, 'constructor')
      ? (node as Record<string, unknown>).constructor
      : undefined;
    if (typeof ctor === 'object' && ctor !== null && Object.hasOwn(ctor, 'prototype')) {
      found.push(pathTo(at, 'constructor', 'prototype'));
    }
    if (Array.isArray(node)) {
      for (let key = 0; key < node.length; key++) queue.push({ node: node[key], parent: at, key });
    } else {
      for (const key of Object.keys(node)) {
        queue.push({ node: (node as Record<string, unknown>)[key], parent: at, key });
      }
    }
  }
  return found;
}
