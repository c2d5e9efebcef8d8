import { maxSchemaDepth } from '../schema/prepare-schema.ts';
import type { JudgedSchemaNode, SchemaNode } from '../schema/schema-node.ts';
import {
  type ApplicatorJudge,
  attempt,
  endTrial,
  type Judge,
  type JudgeContext,
  type JudgeRun,
  moreWork,
  refused,
  trialOf,
} from './judge-run.ts';
import { exhaust } from './refuse.ts';

/**
 * `unevaluatedProperties` and `unevaluatedItems` (2020-12): the properties or items that no other
 * keyword has judged, neither the node's own nor those of the schemas it applies that the value
 * fits (`allOf`, a `$ref`, the fitting branches of `anyOf`/`oneOf`, `if`/`then`/`else`,
 * `dependentSchemas`), must fit this schema. Where what was judged cannot be known in full (a
 * schema not judged, a pattern not run), every entry counts as judged, so nothing is refused for it.
 */
export const unevaluatedJudge: ApplicatorJudge = (node, context) => {
  const { unevaluatedProperties, unevaluatedItems } = node;
  if (unevaluatedProperties === undefined && unevaluatedItems === undefined) return undefined;
  const { judgeOf, lenient } = context;
  const judgeProperty = unevaluatedProperties && judgeOf(unevaluatedProperties, lenient);
  const judgeItem = unevaluatedItems && judgeOf(unevaluatedItems, lenient);
  return (value, run, depth) => {
    if (typeof value !== 'object' || value === null) return value;
    if (run.collecting >= maxNestedCollections) {
      run.complete = false;
      return value;
    }
    const list = Array.isArray(value) ? (value as unknown[]) : undefined;
    const judgeRest = list === undefined ? judgeProperty : judgeItem;
    if (judgeRest === undefined) return value;
    const keys: Array<string | number> =
      list === undefined ? Object.keys(value) : Array.from(list, (_, index) => index);
    run.work -= keys.length + 1;
    if (run.work < 0 && !moreWork(run)) return exhaust(run);
    const judged = new Set<string | number>();
    const trial = trialOf(run);
    const all = collectJudged(node, value, { context, trial, judged, root: node }, depth);
    endTrial(run, trial);
    if (run.exhausted) return refused;
    if (all) return value;
    return judgeEntries(value, keys, judged, judgeRest, run, depth);
  };
};

/**
 * How many `unevaluated*` inside one another try the schemas beside them; one deeper passes
 * unjudged (see `JudgeRun.collecting`).
 */
const maxNestedCollections = 3;

/** The walk that collects what the schemas applied to one value judged of it. */
type Collecting = {
  readonly context: JudgeContext;
  readonly trial: JudgeRun;
  /** Names or indexes judged so far. */
  readonly judged: Set<string | number>;
  /** The node whose own `unevaluated*` is being judged (it does not count itself). */
  readonly root: JudgedSchemaNode;
};

/**
 * Adds to `collecting.judged` the entries `node` judges of `value` when the value fits it; answers
 * `true` when that is every entry (or cannot be known).
 */
function collectJudged(
  node: SchemaNode,
  value: object,
  collecting: Collecting,
  depth: number,
): boolean {
  if (node.kind === 'never') return false;
  const { trial, judged, root } = collecting;
  // What was judged cannot be known: every entry counts, and the pass is not complete.
  const unknown = () => {
    trial.complete = false;
    return true;
  };
  if (node.kind === 'any') return node.skipped !== undefined && unknown();
  if (node.unjudged !== undefined || depth > maxSchemaDepth || --trial.applications < 0) {
    return unknown();
  }
  const own = node !== root;
  if (Array.isArray(value)) {
    if (node.items !== undefined || (own && node.unevaluatedItems !== undefined)) return true;
    const prefix = Math.min(value.length, node.prefixItems?.length ?? 0);
    for (let index = 0; index < prefix; index++) judged.add(index);
    if (node.contains !== undefined) {
      const { judgeOf, lenient } = collecting.context;
      const contains = judgeOf(node.contains, lenient);
      value.forEach((item, index) => {
        if (fits(contains, item, trial, depth + 1)) judged.add(index);
      });
    }
  } else {
    if (node.additionalProperties !== undefined) return true;
    if (own && node.unevaluatedProperties !== undefined) return true;
    const patterns = node.patternProperties ?? [];
    if (patterns.some(({ pattern }) => pattern.test === undefined)) return unknown();
    for (const name of Object.keys(value)) {
      if (node.properties?.has(name) || patterns.some(({ pattern }) => pattern.test?.(name))) {
        judged.add(name);
      }
    }
  }
  return collectApplied(node, value, collecting, depth + 1);
}

/** {@link collectJudged} over the schemas a node applies to the same value. */
function collectApplied(
  node: JudgedSchemaNode,
  value: object,
  collecting: Collecting,
  depth: number,
): boolean {
  const { context, trial } = collecting;
  const fitting = (branch: SchemaNode, lenient = context.lenient) =>
    fits(context.judgeOf(branch, lenient), value, trial, depth);
  const collect = (branch: SchemaNode | undefined) =>
    branch !== undefined && collectJudged(branch, value, collecting, depth);
  for (const branch of node.allOf ?? []) if (collect(branch)) return true;
  for (const branch of [...(node.anyOf ?? []), ...(node.oneOf ?? [])]) {
    if (fitting(branch) && collect(branch)) return true;
  }
  const { condition } = node;
  if (condition !== undefined) {
    // `if` is judged exactly, as the condition's judge reads it; where its fit is not known in
    // full, either of `then` and `else` may apply, and both count.
    const outer = trial.complete;
    trial.complete = true;
    const testFits = fitting(condition.test, false);
    const certain = trial.complete;
    trial.complete = outer && certain;
    if (testFits && (collect(condition.test) || collect(condition.whenFits))) return true;
    if ((!testFits || !certain) && collect(condition.whenNot)) return true;
  }
  for (const [name, dependent] of node.dependentSchemas ?? []) {
    if (Object.hasOwn(value, name) && collect(dependent)) return true;
  }
  return false;
}

function fits(judge: Judge, value: unknown, trial: JudgeRun, depth: number): boolean {
  const { complete } = trial;
  trial.collecting++;
  const fit = attempt(judge, value, trial, depth) !== refused;
  trial.collecting--;
  trial.complete = complete && trial.complete;
  return fit;
}

/** Judges each entry not in `judged` by `judgeRest`, handing on what it casts. */
function judgeEntries(
  value: object,
  keys: ReadonlyArray<string | number>,
  judged: ReadonlySet<string | number>,
  judgeRest: Judge,
  run: JudgeRun,
  depth: number,
): unknown {
  const entries = value as Record<string | number, unknown>;
  const { report } = run;
  let copy: Record<string | number, unknown> | undefined;
  let fit = true;
  for (const key of keys) {
    if (judged.has(key) || entries[key] === undefined) continue;
    if (report !== undefined) report.path.push(key);
    const next = judgeRest(entries[key], run, depth + 1);
    if (report !== undefined) report.path.pop();
    if (next === entries[key]) continue;
    if (next === refused) {
      if (report === undefined) return refused;
      fit = false;
      continue;
    }
    copy ??= (Array.isArray(value) ? value.slice() : { ...value }) as typeof entries;
    copy[key] = next;
  }
  return fit ? (copy ?? value) : refused;
}
