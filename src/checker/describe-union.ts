import { isRecord } from '../schema/is-record.ts';
import { isPlainObject, JsonKind } from '../schema/json-kind.ts';
import type { AllowedValues, SchemaNode } from '../schema/schema-node.ts';
import { memberFinder, noMember } from './check-enum.ts';
import { type CheckState, createCheckState, tellMismatch } from './check-state.ts';
import { describeAllowedValues } from './describe-mismatch.ts';
import { describeMember, joinAlternatives, looksLikeJson } from './describe-value.ts';
import { describeInTrial, type Judge, type JudgeRun, refused } from './judge-run.ts';
import type { Mismatch } from './mismatch.ts';
import { refuse } from './refuse.ts';

/** A branch described on its own: its mismatches (all counted, as many told as the report holds) and value. */
type Trial = {
  readonly count: number;
  readonly mismatches: readonly Mismatch[];
  readonly value: unknown;
};

/**
 * Describes a value that fits no branch of a union (describing mode): by the branch its
 * discriminating property names (`"kind": "circle"`), else by the branch it comes closest to
 * (fewest mismatches, the deepest first), whose mismatches are then the union's. Where every
 * branch refuses the value as a whole, one sentence names what it must be.
 */
export function describeUnion(
  branches: readonly SchemaNode[],
  judges: readonly Judge[],
  value: unknown,
  run: JudgeRun,
  depth: number,
): unknown {
  const report = run.report as CheckState;
  const tag = discriminatorOf(branches);
  if (tag !== undefined && isRecord(value) && isPlainObject(value) && Object.hasOwn(value, tag)) {
    const sent = value[tag];
    const index = branches.findIndex((branch) => {
      const allowed = allowedAt(branch, tag);
      return allowed !== undefined && memberFinder(allowed)(sent, report.lenient) !== noMember;
    });
    if (index >= 0) return (judges[index] as Judge)(value, run, depth);
    const members = branches.flatMap((branch) => allowedAt(branch, tag)?.members ?? []);
    return refuse(
      run,
      () => ({
        code: 'enum',
        expected: describeAllowedValues([...new Set(members)], describeMember),
        received: describeMember(sent),
      }),
      tag,
    );
  }
  const trials = judges.map((judge) => describedAlone(judge, value, run, depth));
  if (run.exhausted) return refused;
  const fitting = trials.find((trial) => trial.count === 0);
  if (fitting !== undefined) return fitting.value;
  const depthOf = (trial: Trial) => trial.mismatches[0]?.path.length ?? 0;
  const whole = (trial: Trial) => trial.count === 1 && depthOf(trial) === report.path.length;
  if (trials.every(whole)) return refuseWhole(trials, value, run);
  const closer = (left: Trial, right: Trial) =>
    whole(left) !== whole(right)
      ? whole(right)
      : left.count !== right.count
        ? left.count < right.count
        : depthOf(left) > depthOf(right);
  const closest = trials.reduce((best, trial) => (closer(trial, best) ? trial : best));
  // Its mismatches, as described, are the union's (judging it again would double the work at
  // each union nested in it).
  for (const mismatch of closest.mismatches) tellMismatch(report, mismatch);
  report.mismatchCount += closest.count - closest.mismatches.length;
  return refused;
}

/** A branch judged in a describing run of its own, on the budget of `run`. */
function describedAlone(judge: Judge, value: unknown, run: JudgeRun, depth: number): Trial {
  const report = run.report as CheckState;
  const state = createCheckState({
    leniency: report.lenient ? 'lenient' : 'exact',
    maxMismatches: Math.max(1, report.maxMismatches - report.mismatches.length),
    nameSearch: report.nameSearch,
  });
  state.path.push(...report.path);
  state.open.push(...report.open);
  const next = describeInTrial(judge, value, run, state, depth);
  return { count: state.mismatchCount, mismatches: state.mismatches, value: next };
}

/** One sentence for a value every branch refuses as a whole: what it must be, all branches told. */
function refuseWhole(trials: readonly Trial[], value: unknown, run: JudgeRun): typeof refused {
  const mismatches = trials.map((trial) => trial.mismatches[0] as Mismatch);
  const said = mismatches.filter(({ code }) => code !== 'forbidden');
  const [first = mismatches[0] as Mismatch] = said;
  const code =
    said.length === 0
      ? 'forbidden'
      : value === null
        ? 'null'
        : said.every((mismatch) => mismatch.code === 'type')
          ? 'type'
          : 'union';
  return refuse(run, () => ({
    code,
    expected: joinAlternatives([...new Set(said.map(({ expected }) => expected))]) || 'nothing',
    received: first.received,
    jsonText: code === 'type' && typeof value === 'string' && looksLikeJson(value),
  }));
}

/**
 * The property whose allowed values tell the branches apart (`kind`): one every branch that
 * admits objects restricts with `enum`/`const`, two branches at least.
 */
function discriminatorOf(branches: readonly SchemaNode[]): string | undefined {
  const objects = branches.filter(
    (branch) =>
      branch.kind === 'any' ||
      (branch.kind === 'judged' && (branch.types === 0 || (branch.types & JsonKind.object) !== 0)),
  );
  const [first] = objects;
  if (objects.length < 2 || first?.kind !== 'judged') return undefined;
  for (const name of first.properties?.keys() ?? []) {
    if (objects.every((branch) => allowedAt(branch, name) !== undefined)) return name;
  }
  return undefined;
}

function allowedAt(branch: SchemaNode, name: string): AllowedValues | undefined {
  if (branch.kind !== 'judged') return undefined;
  const property = branch.properties?.get(name);
  return property?.kind === 'judged' ? property.allowedValues : undefined;
}
