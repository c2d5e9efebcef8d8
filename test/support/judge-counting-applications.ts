import { judgeOf } from '../../src/checker/judge-of.ts';
import { createRun, maxApplications } from '../../src/checker/judge-run.ts';
import { prepareSchema } from '../../src/schema/prepare-schema.ts';

/**
 * A text schema that applies itself twice at each level, as a hostile server could send; use it
 * as `#/$defs/name` (`{ $defs: { name: selfApplyingName }, … }`).
 */
export const selfApplyingName = {
  anyOf: [
    { $ref: '#/$defs/name', minLength: 100 },
    { $ref: '#/$defs/name', minLength: 101 },
    { type: 'string' },
  ],
};

/**
 * Judges `value` exactly, yes/no, in one run: what the judge hands on, how many applications of a
 * schema to a value it shares with its node the run spent, and whether it was complete.
 */
export function judgeCountingApplications(schema: unknown, value: unknown) {
  const run = createRun({ args: value });
  const result = judgeOf(prepareSchema(schema).root, false)(value, run, 0);
  return { result, spent: maxApplications - run.applications, complete: run.complete };
}
