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
    reportMismatch(state, { code: 'forbidden', expected: 'nothing', received: describeValue(value) });
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
    reportMismatch(state, {
      code: 'enum',
      expected: describeAllowedValues(node.allowedValues.members, describeMember),
      received: describeMember(value),
    });
    return;
  }

  if (kinds === JsonKind.object) checkObject(node, value as Record<string, unknown>, state, depth);
  else if (kinds === JsonKind.array && node.items !== undefined) {
    checkArray(node.items, value as unknown[], state, depth);
  }
}

/** Whether `null` at this node is a mismatch. */
export function refusesNull(node: SchemaNode): node is JudgedSchemaNode {
  return (
    node.kind === 'never' ||
    (node.kind === 'judged' &&
      !node.admitsNull &&
      (node.types !== 0 ||
        (node.allowedValues !== undefined && !node.allowedValues.scalars.has(null))))
  );
}

/** Reports `null` sent where the node does not admit it. */
export function reportNull(
  node: SchemaNode,
  state: CheckState,
  optional: boolean,
  segment?: string,
): void {
  const expected =
    node.kind !== 'judged'
      ? 'nothing'
      : node.types !== 0
        ? describeKinds(node.types)
        : describeAllowedValues(node.allowedValues?.members ?? [], describeMember);
  reportMismatch(state, { code: 'null', expected, received: 'null', optional }, segment);
}

function reportWrongKind(node: JudgedSchemaNode, value: unknown, state: CheckState): void {
  const wantsStructure = (node.types & (JsonKind.array | JsonKind.object)) !== 0;
  reportMismatch(state, {
    code: 'type',
    expected: describeKinds(node.types),
    received: describeValue(value),
    jsonText: wantsStructure && typeof value === 'string' && looksLikeJson(value),
  });
}
