import { JsonKind } from '../schema/json-kind.ts';
import type { SchemaNode } from '../schema/schema-node.ts';
import { reportMismatch } from './check-state.ts';
import { describeNode } from './describe-node.ts';
import { describeKinds, describeValue, looksLikeJson } from './describe-value.ts';
import { type JudgeRun, refused } from './judge-run.ts';

/** Reports a mismatch at the current path (describing mode) and answers {@link refused}. */
export function refuse(
  run: JudgeRun,
  draft: Parameters<typeof reportMismatch>[1],
  segment?: string,
): typeof refused {
  if (run.report !== undefined) reportMismatch(run.report, draft, segment);
  return refused;
}

/** A value of a kind the node does not declare (`types` `0`: a value that is not JSON). */
export function refuseType(types: number, value: unknown, run: JudgeRun): typeof refused {
  return refuse(run, () => {
    const wantsStructure = (types & (JsonKind.array | JsonKind.object)) !== 0;
    return {
      code: 'type',
      expected:
        types !== 0
          ? describeKinds(types)
          : typeof value === 'number'
            ? 'a number'
            : 'a JSON value',
      received: describeValue(value),
      jsonText: wantsStructure && typeof value === 'string' && looksLikeJson(value),
    };
  });
}

/** `null` where the node does not admit it; `optional` adds the advice to leave it out. */
export function refuseNull(node: SchemaNode, run: JudgeRun, optional: boolean): typeof refused {
  return refuse(run, () => ({
    code: 'null',
    expected: describeNode(node) ?? 'a value',
    received: 'null',
    optional,
  }));
}

/** The work budget ran out: the judgement is not a pass. */
export function exhaust(run: JudgeRun): typeof refused {
  run.exhausted = true;
  run.complete = false;
  return refused;
}
