import { JsonKind, kindOfValue } from '../schema/json-kind.ts';
import { maxSchemaDepth } from '../schema/prepare-schema.ts';
import type { JudgedSchemaNode, SchemaNode } from '../schema/schema-node.ts';
import { checkArray } from './check-array.ts';
import { isAllowedValue } from './check-enum.ts';
import { checkObject } from './check-object.ts';
import { type CheckState, reportMismatch } from './check-state.ts';
import { describeAllowedValues } from './describe-mismatch.ts';
import { describeKinds, describeMember, describeValue, looksLikeJson } from './describe-value.ts';
import { isLenientCast } from './lenient-casts.ts';

/**
 * Checks one value against one schema node, reporting into `state`.
 * A value of the wrong kind is reported once and not descended into.
 */
export function checkValue(
  node: SchemaNode,
  value: unknown,
  state: CheckState,
  depth: number,
): void {
  if (node.kind === 'any') return;
  if (node.kind === 'never') {
    reportMismatch(state, () => ({
      code: 'forbidden',
      expected: 'nothing',
      received: describeValue(value),
    }));
    return;
  }
  // A schema that refers to itself can meet a value that does too; past this depth, pass.
  if (depth > maxSchemaDepth) return;

  const kinds = kindOfValue(value);
  if (node.types !== 0 && (kinds & node.types) === 0) {
    if (value === null) {
      // OpenAPI's `nullable: true` admits null whatever the type says.
      if (node.admitsNull) return;
      reportNull(node, state, false);
      return;
    }
    if (!(state.lenient && isLenientCast(value, node.types))) {
      reportWrongKind(node, value, state);
      return;
    }
  }

  if (
    node.allowedValues !== undefined &&
    !isAllowedValue(node.allowedValues, value, state.lenient)
  ) {
    const { members } = node.allowedValues;
    reportMismatch(state, () => ({
      code: 'enum',
      expected: describeAllowedValues(members, describeMember),
      received: describeMember(value),
    }));
    return;
  }

  if (kinds !== JsonKind.object && (kinds !== JsonKind.array || node.items === undefined)) return;
  // A value that contains itself (never so in JSON) is judged where it first appears, not again
  // inside itself: the paths through a cycle grow exponentially with the depth.
  if (state.open.includes(value as object)) return;
  state.open.push(value as object);
  if (kinds === JsonKind.object) checkObject(node, value as Record<string, unknown>, state, depth);
  else if (node.items !== undefined) checkArray(node.items, value as unknown[], state, depth);
  state.open.pop();
}

/** Whether `null` at this node is a mismatch. */
export function refusesNull(node: SchemaNode): node is JudgedSchemaNode {
  if (node.kind !== 'judged') return node.kind === 'never';
  // Without a declared type `admitsNull` is true, yet an `enum` (or `const`) can still leave null out.
  if (node.types === 0) {
    return node.allowedValues !== undefined && !node.allowedValues.scalars.has(null);
  }
  return !node.admitsNull;
}

/** Reports `null` sent where the node does not admit it. */
export function reportNull(
  node: SchemaNode,
  state: CheckState,
  optional: boolean,
  segment?: string,
): void {
  const expected = (): string =>
    node.kind !== 'judged'
      ? 'nothing'
      : node.types !== 0
        ? describeKinds(node.types)
        : describeAllowedValues(node.allowedValues?.members ?? [], describeMember);
  reportMismatch(
    state,
    () => ({ code: 'null', expected: expected(), received: 'null', optional }),
    segment,
  );
}

function reportWrongKind(node: JudgedSchemaNode, value: unknown, state: CheckState): void {
  reportMismatch(state, () => {
    const wantsStructure = (node.types & (JsonKind.array | JsonKind.object)) !== 0;
    return {
      code: 'type',
      expected: describeKinds(node.types),
      received: describeValue(value),
      jsonText: wantsStructure && typeof value === 'string' && looksLikeJson(value),
    };
  });
}
