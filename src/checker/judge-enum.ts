import { kindOfValue } from '../schema/json-kind.ts';
import type { AllowedValues, JudgedSchemaNode } from '../schema/schema-node.ts';
import { allowedMemberOf, noMember } from './check-enum.ts';
import { describeAllowedValues } from './describe-mismatch.ts';
import { describeMember } from './describe-value.ts';
import type { Judge, JudgeRun } from './judge-run.ts';
import { refuse, refuseNull } from './refuse.ts';

/** The `enum`/`const` rule, then `next` (what lists and objects must hold) on the member found. */
export function enumJudge(
  node: JudgedSchemaNode,
  allowed: AllowedValues,
  lenient: boolean,
  next: Judge | undefined,
): Judge {
  return (value, run, depth) => judgeMember(node, allowed, lenient, next, value, run, depth, value);
}

/**
 * The member a value stands for, judged on by `next`. `sent` is the value as the model sent it,
 * before a lenient cast, for the sentence.
 */
export function judgeMember(
  node: JudgedSchemaNode,
  allowed: AllowedValues,
  lenient: boolean,
  next: Judge | undefined,
  value: unknown,
  run: JudgeRun,
  depth: number,
  sent: unknown,
): unknown {
  const member = allowedMemberOf(allowed, value, lenient);
  const { types } = node;
  // A member found leniently is handed on only when it is of a declared type itself.
  if (
    member === noMember ||
    (member !== value && types !== 0 && (kindOfValue(member) & types) === 0)
  ) {
    if (value === null) return refuseNull(node, run, false);
    return refuse(run, () => ({
      code: 'enum',
      expected: describeAllowedValues(allowed.members, describeMember),
      received: describeMember(sent),
    }));
  }
  return next === undefined ? member : next(member, run, depth);
}
