import { type ApplicatorJudge, chain } from './judge-run.ts';

/**
 * `allOf`, with a `$ref` beside other keywords as one more member: the value must fit each, handed
 * on from one to the next (so a lenient cast one makes is what the others judge).
 */
export const allOfJudge: ApplicatorJudge = (node, { judgeOf, lenient }) =>
  node.allOf === undefined
    ? undefined
    : chain(node.allOf.map((member) => judgeOf(member, lenient)));
