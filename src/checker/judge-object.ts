import { copyOf } from '../schema/copy-of.ts';
import { defineOwn } from '../schema/define-own.ts';
import { isPlainObject, JsonKind } from '../schema/json-kind.ts';
import { maxSchemaDepth } from '../schema/prepare-schema.ts';
import type { JudgedSchemaNode, SchemaNode } from '../schema/schema-node.ts';
import { asIsNone, asIsTestOf, fitsAsIs } from './as-is-test.ts';
import { type CheckState, reportMismatch } from './check-state.ts';
import { excerpt } from './describe-value.ts';
import { isAbsent } from './is-absent.ts';
import {
  type Judge,
  type JudgeContext,
  type JudgeRun,
  type KeywordJudge,
  moreWork,
  refused,
} from './judge-run.ts';
import type { ArgumentPath } from './mismatch.ts';
import { type NameIndex, nameIndexOf, nearestName } from './nearest-name.ts';
import { nodeAdmitsNull } from './node-admits-null.ts';
import { exhaust, refuseNull, refuseType } from './refuse.ts';
import { usableDefaultOf } from './usable-default.ts';

/** `properties`, `required` and `additionalProperties`, read together: the object rule. */
export const objectKeywords: KeywordJudge = {
  kinds: JsonKind.object,
  testsKind: true,
  build: buildObjectJudge,
};

/** What a property judge returns for a `null` that becomes omission. */
const omitted: unique symbol = Symbol('toolgate.omitted');

const objectPrototype = Object.prototype;

/** How one named property (or every other name) is judged. */
type PropertyRule = {
  readonly name: string;
  /** Its place among the named properties (-1 for the rule of other names). */
  readonly index: number;
  readonly node: SchemaNode;
  readonly judge: Judge;
  /** The exact judge, for a property that several schemas judge (see {@link withPatterns}). */
  readonly judgeExactly: Judge;
  readonly required: boolean;
  /** Whether a `null` here may become omission: may be left out, and `null` does not fit. */
  readonly nullMeansOmitted: boolean;
  /** Whether Object.prototype has the name too, so it must be read as an own property only. */
  readonly inherited: boolean;
  /** The node's one-test form, tried before its judge is called. */
  readonly asIs: number;
  readonly members: ReadonlySet<unknown> | undefined;
  /** The schema's `default` when it may stand in for a `null` (looked up once, when first asked). */
  readonly usableDefault: () => { readonly value: unknown } | undefined;
};

type PatternPropertyRule = {
  readonly test: (name: string) => boolean;
  readonly rule: PropertyRule;
};

/** `additionalProperties`: `'open'` (any other name passes), `'closed'` (none may appear), or a rule. */
type OtherNames = 'open' | 'closed' | PropertyRule;

type ObjectShape = {
  readonly rules: readonly PropertyRule[];
  readonly ruleByName: ReadonlyMap<string, PropertyRule>;
  readonly required: readonly string[];
  /** Required names that are not among the named properties. */
  readonly otherRequired: readonly string[];
  readonly others: OtherNames;
  /**
   * `patternProperties` whose patterns are judged; `undefined` when there are none. Where some
   * pattern is not judged, which names are "other" cannot be told: others pass, unjudged.
   */
  readonly patterns: readonly PatternPropertyRule[] | undefined;
  /** Whether other names pass only because they cannot be told from those of a pattern. */
  readonly othersUnjudged: boolean;
  readonly acceptedNames: readonly string[];
  /** The accepted names as suggestions read them (built when first asked). */
  readonly nameIndex: () => NameIndex;
  readonly lenient: boolean;
};

/**
 * The object rule. Without a declared type, an object is judged only when the node says something
 * about its properties.
 */
function buildObjectJudge(node: JudgedSchemaNode, context: JudgeContext): Judge | undefined {
  const { types } = node;
  if (
    types === 0 &&
    node.properties === undefined &&
    node.required.length === 0 &&
    node.additionalProperties === undefined &&
    node.patternProperties === undefined
  ) {
    return undefined;
  }
  const shape = shapeOf(node, context);
  const { wrongType } = context;
  return (value, run, depth) => {
    if (
      wrongType !== undefined &&
      (typeof value !== 'object' || value === null || Array.isArray(value))
    ) {
      return wrongType(value, run, depth);
    }
    const object = value as Record<string, unknown>;
    if (Object.getPrototypeOf(object) !== objectPrototype && !isPlainObject(object)) {
      return refuseType(types, value, run);
    }
    if (depth > maxSchemaDepth) {
      // A schema that refers to itself can meet a value that does too; past this depth, pass.
      run.complete = false;
      return value;
    }
    if (shape.others !== 'open' || shape.patterns !== undefined || run.report !== undefined) {
      return judgeObject(shape, object, run, depth);
    }
    try {
      return judgeObject(shape, object, run, depth);
    } catch (error) {
      // Listing the names threw (a proxy's trap, say), where reading the declared ones by name
      // may not: with other names passing, the names are not needed to decide. An error of
      // reading or judging a value is not retried: each nested object would double the work.
      if (namesCanBeListed(object)) throw error;
      return fitByDeclaredNames(shape, object, run, depth);
    }
  };
}

function shapeOf(node: JudgedSchemaNode, { lenient, judgeOf }: JudgeContext): ObjectShape {
  const requiredNames = new Set(node.required);
  const rules: PropertyRule[] = [];
  const ruleByName = new Map<string, PropertyRule>();
  const ruleOf = (
    name: string,
    index: number,
    child: SchemaNode,
    required: boolean,
  ): PropertyRule => {
    const { asIs, members } = asIsTestOf(child);
    let usable: { readonly value: unknown } | null | undefined;
    return {
      name,
      index,
      node: child,
      judge: judgeOf(child, lenient),
      // Built when first asked: few properties ever need it.
      judgeExactly: (value, run, depth) => judgeOf(child, false)(value, run, depth),
      required,
      nullMeansOmitted: !required && child.kind !== 'never' && !nodeAdmitsNull(child),
      inherited: name in objectPrototype,
      asIs,
      members,
      usableDefault: () => {
        usable ??= usableDefaultOf(child, judgeOf(child, false)) ?? null;
        return usable ?? undefined;
      },
    };
  };
  for (const [name, child] of node.properties ?? []) {
    const rule = ruleOf(name, rules.length, child, requiredNames.has(name));
    rules.push(rule);
    ruleByName.set(name, rule);
  }
  const patterns: PatternPropertyRule[] = [];
  let othersUnjudged = false;
  for (const { pattern, node: child } of node.patternProperties ?? []) {
    if (pattern.test === undefined) othersUnjudged = true;
    else patterns.push({ test: pattern.test, rule: ruleOf(pattern.source, -1, child, false) });
  }
  const additional = othersUnjudged ? undefined : node.additionalProperties;
  const acceptedNames = rules.map(({ name }) => name);
  let nameIndex: NameIndex | undefined;
  return {
    rules,
    ruleByName,
    required: node.required,
    otherRequired: node.required.filter((name) => !ruleByName.has(name)),
    others:
      additional === undefined || (additional.kind === 'any' && additional.skipped === undefined)
        ? 'open'
        : additional.kind === 'never'
          ? 'closed'
          : ruleOf('', -1, additional, false),
    patterns: patterns.length === 0 ? undefined : patterns,
    othersUnjudged,
    acceptedNames,
    nameIndex: () => {
      nameIndex ??= nameIndexOf(acceptedNames);
      return nameIndex;
    },
    lenient,
  };
}

/**
 * The one walk over an object, in both modes: required names, then each own name in the order
 * the value holds them, its value read by its place in the object (a read keyed by the `for…in`
 * name needs no lookup). Each name is first compared with the next declared one, since arguments
 * mostly come in the schema's order. In yes/no mode an object with more other names than declared
 * ones, where other names pass, is left to {@link fitByDeclaredNames}.
 */
function judgeObject(
  shape: ObjectShape,
  object: Record<string, unknown>,
  run: JudgeRun,
  depth: number,
): unknown {
  const { report } = run;
  const { rules, ruleByName, others, patterns } = shape;
  let fits = true;
  if (report !== undefined) {
    // A value that contains itself (never so in JSON) is judged where it first appears, not again
    // inside itself: the paths through a cycle grow exponentially with the depth.
    if (report.open.includes(object)) return object;
    fits = reportMissing(shape, object, report);
  }
  run.work -= rules.length + 1;
  if (run.work < 0 && !moreWork(run)) return exhaust(run);
  if (rules.length === 0 && others === 'open' && patterns === undefined && !shape.othersUnjudged) {
    return (report === undefined ? lacksRequired(shape, object, 0) : !fits) ? refused : object;
  }
  if (report !== undefined) report.open.push(object);
  let copy: Record<string, unknown> | undefined;
  let requiredSeen = 0;
  let expected = 0;
  let otherNames = 0;
  for (const name in object) {
    let rule = rules[expected];
    let required: boolean;
    if (rule === undefined || rule.name !== name) rule = ruleByName.get(name);
    if (rule !== undefined) expected = rule.index + 1;
    if (patterns !== undefined) rule = withPatterns(patterns, name, rule, shape);
    if (rule !== undefined) {
      required = rule.required;
    } else {
      // An inherited name (Object.prototype made enumerable) is not the value's own.
      if (!Object.hasOwn(object, name)) continue;
      if (report === undefined) {
        // A name holding `undefined` is not sent (JSON has no such value), in both passes.
        if (others === 'closed') {
          if (object[name] === undefined) continue;
          return refused;
        }
        if (others === 'open' && patterns === undefined) {
          if (shape.othersUnjudged) run.complete = false;
          if (++otherNames > rules.length) return fitByDeclaredNames(shape, object, run, depth);
          continue;
        }
      }
      if (--run.work < 0 && !moreWork(run)) {
        fits = exhaustIn(run);
        break;
      }
      if (others === 'open') {
        if (shape.othersUnjudged) run.complete = false;
        continue;
      }
      if (others === 'closed') {
        if (object[name] === undefined) continue;
        fits = false;
        reportUnknown(shape, name, report as CheckState);
        continue;
      }
      rule = others;
      required = shape.otherRequired.includes(name);
    }
    const property = rule.inherited && !Object.hasOwn(object, name) ? undefined : object[name];
    if (property === undefined) continue;
    if (required) requiredSeen++;
    if (fitsAsIs(rule.asIs, rule.members, property)) continue;
    if (report !== undefined) report.path.push(name);
    const next = judgeProperty(rule, property, required, shape, run, depth);
    if (report !== undefined) report.path.pop();
    if (next === property) continue;
    if (next === refused) {
      if (report === undefined) return refused;
      fits = false;
      continue;
    }
    copy ??= { ...object };
    setOrOmit(copy, name, next);
  }
  if (report !== undefined) report.open.pop();
  else if (lacksRequired(shape, object, requiredSeen)) return refused;
  return fits ? (copy ?? object) : refused;
}

/** Marks the budget spent while the walk is under way; answers that the object does not fit. */
function exhaustIn(run: JudgeRun): false {
  exhaust(run);
  return false;
}

/**
 * The rule of a name under `patternProperties`: the named property's, then that of each pattern
 * the name matches, one after the other; `undefined` when neither applies (an other name). Where
 * several schemas judge a property, each judges it exactly: a cast that one schema makes could
 * hand on a value another refuses.
 */
function withPatterns(
  patterns: readonly PatternPropertyRule[],
  name: string,
  declared: PropertyRule | undefined,
  shape: ObjectShape,
): PropertyRule | undefined {
  const matched = patterns.filter(({ test }) => test(name)).map(({ rule }) => rule);
  if (matched.length === 0) return declared;
  const applied = declared === undefined ? matched : [declared, ...matched];
  if (applied.length === 1) return applied[0];
  const first = applied[0] as PropertyRule;
  const required = declared?.required ?? shape.otherRequired.includes(name);
  return {
    ...first,
    name,
    required,
    inherited: name in objectPrototype,
    // One `null` becomes omission only where no rule admits it.
    nullMeansOmitted: !required && applied.every((rule) => rule.nullMeansOmitted),
    asIs: asIsNone,
    members: undefined,
    judge: (value, run, depth) => {
      let current = value;
      let fits = true;
      for (const rule of applied) {
        const next = rule.judgeExactly(current, run, depth);
        if (next !== refused) current = next;
        else if (run.report === undefined) return refused;
        else fits = false;
      }
      return fits ? current : refused;
    },
  };
}

/**
 * The yes/no walk over the declared names, each read by name: where other names pass and the
 * object's own names are many or cannot be listed.
 */
function fitByDeclaredNames(
  shape: ObjectShape,
  object: Record<string, unknown>,
  run: JudgeRun,
  depth: number,
): unknown {
  let copy: Record<string, unknown> | undefined;
  for (const rule of shape.rules) {
    const property =
      rule.inherited && !Object.hasOwn(object, rule.name) ? undefined : object[rule.name];
    if (property === undefined || fitsAsIs(rule.asIs, rule.members, property)) continue;
    const next = judgeProperty(rule, property, rule.required, shape, run, depth);
    if (next === property) continue;
    if (next === refused) return refused;
    copy ??= { ...object };
    setOrOmit(copy, rule.name, next);
  }
  return lacksRequired(shape, object, 0) ? refused : (copy ?? object);
}

/**
 * Whether a required name is absent. `requiredSeen` counts the required names a walk met with a
 * value: when all are met, none is read again.
 */
function lacksRequired(
  shape: ObjectShape,
  object: Record<string, unknown>,
  requiredSeen: number,
): boolean {
  if (requiredSeen === shape.required.length) return false;
  return shape.required.some((name) => isAbsent(object, name));
}

/** Reports each absent required name, in the schema's order; whether none is. */
function reportMissing(
  shape: ObjectShape,
  object: Record<string, unknown>,
  report: CheckState,
): boolean {
  let fits = true;
  for (const name of shape.required) {
    if (!isAbsent(object, name)) continue;
    fits = false;
    reportMismatch(report, () => ({ code: 'missing', expected: 'a value', received: '' }), name);
  }
  return fits;
}

/**
 * One property's rule. `null` for an argument that may be left out and whose schema refuses it:
 * exact mode refuses it (advising to leave it out); lenient mode hands on omission, or the
 * configured default, or the schema's `default`.
 */
function judgeProperty(
  rule: PropertyRule,
  property: unknown,
  required: boolean,
  shape: ObjectShape,
  run: JudgeRun,
  depth: number,
): unknown {
  if (property === null && rule.nullMeansOmitted && !required) {
    if (!shape.lenient) return refuseNull(rule.node, run, true);
    return nullForOptional(rule, run);
  }
  return rule.judge(property, run, depth + 1);
}

function nullForOptional(rule: PropertyRule, run: JudgeRun): unknown {
  if (run.defaultFor !== undefined) {
    // The configured value is looked up by path, which only the describing mode keeps: the
    // yes/no mode answers no, and the describing mode settles it.
    if (run.report === undefined) return refused;
    // The describing mode has pushed the name already.
    const configured = run.defaultFor(run.report.path.slice() as ArgumentPath);
    if (configured !== undefined) return copyOf(configured.value);
  }
  const fallback = rule.usableDefault();
  return fallback === undefined ? omitted : copyOf(fallback.value);
}

/** Sets an own property (a key named `__proto__` stays data), or removes it for omission. */
function setOrOmit(target: Record<string, unknown>, name: string, value: unknown): void {
  if (value === omitted) delete target[name];
  else defineOwn(target, name, value);
}

/** Whether `for…in` can list the object's names (a proxy's traps may throw). */
function namesCanBeListed(object: object): boolean {
  try {
    for (const name in object) void name;
    return true;
  } catch {
    return false;
  }
}

function reportUnknown(shape: ObjectShape, name: string, report: CheckState): void {
  const { acceptedNames } = shape;
  reportMismatch(
    report,
    () => ({
      code: 'unknown',
      expected: 'an accepted name',
      received: excerpt(name),
      acceptedNames,
      suggestion: nearestName(name, acceptedNames, {
        budget: report.nameSearch,
        index: shape.nameIndex(),
      }),
    }),
    name,
  );
}
