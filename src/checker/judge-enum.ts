import { kindOfValue } from '../schema/json-kind.ts';
import type { AllowedValues, JudgedSchemaNode } from '../schema/schema-node.ts';
import { maybeMember, memberFinder, noMember } from './check-enum.ts';
import { describeAllowedValues } from './describe-mismatch.ts';
import { describeMember } from './describe-value.ts';
import type { Judge, JudgeRun } from './judge-run.ts';
import { refuse, refuseNull } from './refuse.ts';

/**
 * The `enum`/`const` rule for a value (`sent` is the value as the model sent it, before a lenient
 * cast, for the sentence), then `next` (what lists and objects must hold) on the member found.
 */
export type MemberJudge = (value: unknown, run: JudgeRun, depth: number, sent: unknown) => unknown;

/** The `enum`/`const` rule, then `next` on the member found. */
export function enumJudge(
  node: JudgedSchemaNode,
  allowed: AllowedValues,
  lenient: boolean,
  next: Judge | undefined,
): Judge {
  const judge = memberJudge(node, allowed, lenient, next);
  return (value, run, depth) => judge(value, run, depth, value);
}

/** See {@link MemberJudge}; built once per node, with the member indexes it keeps. */
export function memberJudge(
  node: JudgedSchemaNode,
  allowed: AllowedValues,
  lenient: boolean,
  next: Judge | undefined,
): MemberJudge {
  const memberOf = memberFinder(allowed);
  return (value, run, depth, sent) => {
    let member = memberOf(value, lenient);
    if (member === maybeMember) {
      // A match not known in full is no sure fit (so `not` of it refuses nothing).
      run.complete = false;
      member = value;
    }
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
  };
}
