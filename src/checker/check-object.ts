import type { JudgedSchemaNode } from '../schema/schema-node.ts';
import { type CheckState, reportMismatch } from './check-state.ts';
import { checkValue, refusesNull, reportNull } from './check-value.ts';
import { excerpt } from './describe-value.ts';
import { nearestName } from './nearest-name.ts';

/**
 * Checks an object's own properties: required names present, each named property against its
 * schema, every other name against `additionalProperties`. `undefined` counts as absent.
 * Leniently, `null` for an argument that may be left out passes.
 */
export function checkObject(
  node: JudgedSchemaNode,
  value: Record<string, unknown>,
  state: CheckState,
  depth: number,
): void {
  for (const name of node.required) {
    if (!Object.hasOwn(value, name) || value[name] === undefined) {
      reportMismatch(state, () => ({ code: 'missing', expected: 'a value', received: '' }), name);
    }
  }
  const properties = node.properties;
  const additional = node.additionalProperties;
  if (properties === undefined && additional === undefined) return;

  for (const name of Object.keys(value)) {
    const property = value[name];
    if (property === undefined) continue;
    const propertyNode = properties?.get(name) ?? additional;
    if (propertyNode === undefined) continue;
    if (propertyNode.kind === 'never' && properties?.has(name) !== true) {
      reportUnknown(node, name, state);
      continue;
    }
    if (property === null && propertyNode.kind !== 'never' && !node.required.includes(name)) {
      if (state.lenient || !refusesNull(propertyNode)) continue;
      reportNull(propertyNode, state, true, name);
      continue;
    }
    state.path.push(name);
    checkValue(propertyNode, property, state, depth + 1);
    state.path.pop();
  }
}

function reportUnknown(node: JudgedSchemaNode, name: string, state: CheckState): void {
  const acceptedNames = propertyNamesOf(node);
  reportMismatch(
    state,
    () => ({
      code: 'unknown',
      expected: 'an accepted name',
      received: excerpt(name),
      acceptedNames,
      suggestion: nearestName(name, acceptedNames),
    }),
    name,
  );
}

const namesByNode = new WeakMap<JudgedSchemaNode, readonly string[]>();

/** A node's property names, listed once per node. */
function propertyNamesOf(node: JudgedSchemaNode): readonly string[] {
  let names = namesByNode.get(node);
  if (names === undefined) {
    names = node.properties === undefined ? [] : [...node.properties.keys()];
    namesByNode.set(node, names);
  }
  return names;
}
