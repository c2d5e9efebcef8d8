import type { SchemaNode } from '../schema/schema-node.ts';
import type { CheckState } from './check-state.ts';
import { checkValue } from './check-value.ts';

/** Checks every item of a list against the node's `items` schema. */
export function checkArray(
  items: SchemaNode,
  value: readonly unknown[],
  state: CheckState,
  depth: number,
): void {
  if (items.kind === 'any') return;
  for (let index = 0; index < value.length; index++) {
    state.path.push(index);
    checkValue(items, value[index], state, depth + 1);
    state.path.pop();
  }
}
