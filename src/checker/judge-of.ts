import { JsonKind, type JsonKindSet, kindOfValue } from '../schema/json-kind.ts';
import { maxSchemaDepth } from '../schema/prepare-schema.ts';
import type {
  AnySchemaNode,
  JudgedSchemaNode,
  NeverSchemaNode,
  SchemaNode,
} from '../schema/schema-node.ts';
import { asIsNone, asIsTestOf, fitsAsIs } from './as-is-test.ts';
import { describeValue } from './describe-value.ts';
import { allOfJudge } from './judge-all-of.ts';
import { conditionJudge } from './judge-condition.ts';
import { containsKeyword } from './judge-contains.ts';
import { dependentRequiredKeyword } from './judge-dependent-required.ts';
import { dependentSchemasJudge } from './judge-dependent-schemas.ts';
import { enumJudge } from './judge-enum.ts';
import { itemCountKeyword } from './judge-item-count.ts';
import { lengthKeyword } from './judge-length.ts';
import { itemsKeyword } from './judge-list.ts';
import { multipleOfKeyword } from './judge-multiple-of.ts';
import { notJudge } from './judge-not.ts';
import { numberLimitsKeyword } from './judge-number-limits.ts';
import { objectKeywords } from './judge-object.ts';
import { patternKeyword } from './judge-pattern.ts';
import { propertyCountKeyword } from './judge-property-count.ts';
import { propertyNamesKeyword } from './judge-property-names.ts';
import {
  type ApplicatorJudge,
  chain,
  type Judge,
  type JudgeContext,
  type JudgeRun,
  type KeywordJudge,
  refused,
} from './judge-run.ts';
import { wrongTypeJudge } from './judge-type.ts';
import { unevaluatedJudge } from './judge-unevaluated.ts';
import { anyOfJudge, oneOfJudge } from './judge-union.ts';
import { uniqueItemsKeyword } from './judge-unique-items.ts';
import { refuse, refuseType } from './refuse.ts';

/**
 * What the checker judges beyond `type` and `enum`/`const`: one entry per keyword (or family of
 * keywords read together), each in a file of its own. A keyword judged later is one more entry.
 */
const keywordJudges: readonly KeywordJudge[] = [
  objectKeywords,
  propertyNamesKeyword,
  dependentRequiredKeyword,
  propertyCountKeyword,
  itemsKeyword,
  itemCountKeyword,
  uniqueItemsKeyword,
  containsKeyword,
  numberLimitsKeyword,
  multipleOfKeyword,
  lengthKeyword,
  patternKeyword,
];

/**
 * Keywords that apply schemas to the value itself, whatever its kind: judged after the node's own
 * keywords, on the value those hand on, one file each.
 */
const applicatorJudges: readonly ApplicatorJudge[] = [
  allOfJudge,
  anyOfJudge,
  oneOfJudge,
  notJudge,
  conditionJudge,
  dependentSchemasJudge,
  // Last: it judges what the others left unjudged.
  unevaluatedJudge,
];

/**
 * The judge of a prepared node, built once per node and leniency (and kept with the node): the
 * type rule (with `null` and the lenient casts), then `enum`/`const`, then the judges of the
 * keywords the node uses, each given the values of the kinds it speaks about.
 */
export function judgeOf(node: SchemaNode, lenient: boolean): Judge {
  if (node.kind !== 'judged') return judgeOfUnjudged(node);
  const { judges } = node;
  const known = (lenient ? judges.lenient : judges.exact) as Judge | undefined;
  if (known !== undefined) return known;
  let built: Judge | undefined;
  // A schema that contains itself meets its own node while that is being built; the inner use
  // waits for the finished judge.
  const keep = (judge: Judge) => {
    if (lenient) judges.lenient = judge;
    else judges.exact = judge;
  };
  keep((value, run, depth) => (built as Judge)(value, run, depth));
  built = buildJudgedNode(node, lenient);
  keep(built);
  return built;
}

function judgeOfUnjudged(node: AnySchemaNode | NeverSchemaNode): Judge {
  if (node.kind === 'never') return judgeNever;
  return node.skipped === undefined ? judgeAnything : judgeUnjudged;
}

// JSON has no non-finite numbers: `1e400` parses to `Infinity` and would be sent on as `null`.
const judgeAnything: Judge = (value, run) =>
  typeof value === 'number' && value - value !== 0 ? refuseType(0, value, run) : value;

const judgeUnjudged: Judge = (value, run) => {
  run.complete = false;
  return judgeAnything(value, run, 0);
};

const judgeNever: Judge = (value, run) =>
  refuse(run, () => ({ code: 'forbidden', expected: 'nothing', received: describeValue(value) }));

function buildJudgedNode(node: JudgedSchemaNode, lenient: boolean): Judge {
  const own = buildOwnJudge(node, lenient);
  const context = { lenient, judgeOf, wrongType: undefined };
  const applied = chain(applicatorJudges.flatMap((build) => build(node, context) ?? []));
  const judge = applied === undefined ? own : withApplied(node.types, own, applied);
  if (node.unjudged === undefined) return judge;
  return (value, run, depth) => {
    run.complete = false;
    return judge(value, run, depth);
  };
}

/**
 * The node's own keywords, then the schemas applied to the value they hand on. A value of a kind
 * the node does not declare is told by the type rule alone.
 */
function withApplied(types: JsonKindSet, own: Judge, applied: Judge): Judge {
  return (value, run, depth) => {
    const next = own(value, run, depth);
    if (next !== refused) return applyInPlace(applied, next, run, depth);
    if (run.report !== undefined && (types === 0 || (kindOfValue(value) & types) !== 0)) {
      applyInPlace(applied, value, run, depth);
    }
    return refused;
  };
}

/**
 * A schema applied to the same value can lead back to itself (`$ref: "#"` beside `type`): past
 * the depth judged or the applications allowed, the value passes unjudged.
 */
function applyInPlace(applied: Judge, value: unknown, run: JudgeRun, depth: number): unknown {
  if (depth > maxSchemaDepth || --run.applications < 0) {
    run.complete = false;
    return value;
  }
  return applied(value, run, depth + 1);
}

/** The type rule, `enum`/`const` and the keywords of the node's kinds. */
function buildOwnJudge(node: JudgedSchemaNode, lenient: boolean): Judge {
  const { types, allowedValues } = node;
  if (allowedValues === undefined && (types === JsonKind.object || types === JsonKind.array)) {
    // One kind, and only its keywords to judge: a single keyword's judge tests the kind itself.
    const wrongType = wrongTypeJudge(node, lenient, undefined);
    const judges = builtJudges(node, { lenient, judgeOf, wrongType });
    const [only] = judges;
    if (judges.length === 1 && only?.testsKind === true) return only.judge;
    return judgeByKind(types, keywordsJudge(node, lenient, judges), wrongType);
  }
  const keywords = keywordsJudge(node, lenient);
  // A lenient cast gives a value of a declared type, which the keywords judge as well.
  const wrongType = wrongTypeJudge(node, lenient, keywords);
  const rest =
    allowedValues === undefined ? keywords : enumJudge(node, allowedValues, lenient, keywords);
  const judge: Judge =
    types !== 0
      ? judgeByKind(types, rest, wrongType)
      : (value, run, depth) => {
          if (typeof value === 'number' && value - value !== 0) return refuseType(0, value, run);
          return rest === undefined ? value : rest(value, run, depth);
        };
  const { asIs, members } = asIsTestOf(node);
  if (asIs === asIsNone) return judge;
  // A scalar leaf: what fits as it is passes in one test; anything else is judged in full.
  return (value, run, depth) => (fitsAsIs(asIs, members, value) ? value : judge(value, run, depth));
}

/** The type rule for declared types: a value of another kind is a wrong type, else `rest` judges. */
function judgeByKind(types: JsonKindSet, rest: Judge | undefined, wrongType: Judge): Judge {
  return (value, run, depth) => {
    if ((kindOfValue(value) & types) === 0) return wrongType(value, run, depth);
    return rest === undefined ? value : rest(value, run, depth);
  };
}

type BuiltJudge = {
  readonly kinds: JsonKindSet;
  readonly testsKind: boolean | undefined;
  readonly judge: Judge;
};

/** The judges of the keywords the node uses, for the kinds it admits. */
function builtJudges(node: JudgedSchemaNode, context: JudgeContext): BuiltJudge[] {
  const built: BuiltJudge[] = [];
  for (const keyword of keywordJudges) {
    if (node.types !== 0 && (node.types & keyword.kinds) === 0) continue;
    const judge = keyword.build(node, context);
    if (judge !== undefined)
      built.push({ kinds: keyword.kinds, testsKind: keyword.testsKind, judge });
  }
  return built;
}

/**
 * The keywords' judges as one, for values whose type has been judged: each value goes to the
 * judges of its kind, in the table's order, each handed what the one before returned.
 * `undefined` when the node uses no keyword beyond `type` and `enum`.
 */
function keywordsJudge(
  node: JudgedSchemaNode,
  lenient: boolean,
  built = builtJudges(node, { lenient, judgeOf, wrongType: undefined }),
): Judge | undefined {
  if (built.length === 0) return undefined;
  const judgesOf = (kind: JsonKindSet) =>
    chain(built.filter((judge) => (judge.kinds & kind) !== 0).map(({ judge }) => judge));
  const objects = judgesOf(JsonKind.object);
  const lists = judgesOf(JsonKind.array);
  const numbers = judgesOf(JsonKind.number);
  const texts = judgesOf(JsonKind.string);
  return (value, run, depth) => {
    switch (typeof value) {
      case 'string':
        return texts === undefined ? value : texts(value, run, depth);
      case 'number':
        return numbers === undefined ? value : numbers(value, run, depth);
      case 'object':
        if (value === null) return value;
        if (Array.isArray(value)) return lists === undefined ? value : lists(value, run, depth);
        return objects === undefined ? value : objects(value, run, depth);
      default:
        return value;
    }
  };
}
