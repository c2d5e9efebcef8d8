import type { JudgedSchemaNode } from '../schema/schema-node.ts';
import { memberJudge } from './judge-enum.ts';
import type { Judge } from './judge-run.ts';
import { castToDeclared } from './lenient-casts.ts';
import { refuseNull, refuseType } from './refuse.ts';

/**
 * The judge of a value whose JSON type the node does not declare: `null` where admitted, a lenient
 * cast (then judged by `keywords` too), or a refusal.
 */
export function wrongTypeJudge(
  node: JudgedSchemaNode,
  lenient: boolean,
  keywords: Judge | undefined,
): Judge {
  // A cast gives a scalar: only the enum is left to judge, and a refusal names what was sent.
  const { allowedValues } = node;
  const member =
    lenient && allowedValues !== undefined
      ? memberJudge(node, allowedValues, lenient, keywords)
      : undefined;
  return (value, run, depth) => {
    if (value === null) {
      // OpenAPI's `nullable: true` admits null whatever the type says (and `admitsNull` has
      // already asked the enum).
      return node.admitsNull ? null : refuseNull(node, run, false);
    }
    if (lenient) {
      const cast = castToDeclared(value, node.types);
      if (cast !== undefined) {
        if (member !== undefined) return member(cast, run, depth, value);
        return keywords === undefined ? cast : keywords(cast, run, depth);
      }
    }
    return refuseType(node.types, value, run);
  };
}
