import { copyOf } from '../schema/copy-of.ts';
import { defineOwn } from '../schema/define-own.ts';
import {
  isPlainObject,
  JsonKind,
  type JsonKindSet,
  kindOfValue,
  notJsonKind,
} from '../schema/json-kind.ts';
import { maxSchemaDepth } from '../schema/prepare-schema.ts';
import type { AllowedValues, JudgedSchemaNode, SchemaNode } from '../schema/schema-node.ts';
import { allowedMemberOf, noMember } from './check-enum.ts';
import { type CheckState, reportMismatch } from './check-state.ts';
import { describeAllowedValues } from './describe-mismatch.ts';
import {
  describeKinds,
  describeMember,
  describeValue,
  excerpt,
  looksLikeJson,
} from './describe-value.ts';
import { castToDeclared } from './lenient-casts.ts';
import type { ArgumentPath } from './mismatch.ts';
import { nearestName } from './nearest-name.ts';

/**
 * The one walker of the checker. Each prepared schema node becomes a judge: a closure specialised
 * for its kind (no code generation), built once per node and leniency. Every rule (type, cast,
 * null, enum, required, unknown names, items) is written once, here, and runs in two modes:
 *
 * - yes/no (`run.report` undefined): answers at the first mismatch, builds no path and no
 *   sentence. Most model calls fit, and this is all they cost.
 * - describing (`run.report` set): goes on past mismatches and reports each with its path.
 *
 * A judge returns the value in its declared form (the same value when nothing was cast, so an
 * unchanged branch keeps its identity), or {@link refused}.
 */
export type Judge = (value: unknown, run: JudgeRun, depth: number) => unknown;

/** What a judge returns for a value that does not fit. */
export const refused: unique symbol = Symbol('toolgate.refused');

/** What a property judge returns for a `null` that becomes omission. */
const omitted: unique symbol = Symbol('toolgate.omitted');

/** How many list items and object properties one judgement walks before it stops. */
export const maxJudgedValues = 1_000_000;

/** A configured value for an argument path: `{ value }`, or `undefined` for none. */
export type DefaultFor = (path: ArgumentPath) => { readonly value: unknown } | undefined;

/** The running state of one judgement. */
export type JudgeRun = {
  /** Describing mode when set: mismatches are reported there with their paths. */
  readonly report: CheckState | undefined;
  defaultFor: DefaultFor | undefined;
  /** List items and object properties still allowed to be walked. */
  work: number;
  /** Whether every part of the value met a node the checker judges. */
  complete: boolean;
  /** Set when the work budget ran out (the judgement is then not a pass). */
  exhausted: boolean;
};

export function createRun(
  report: CheckState | undefined,
  defaultFor: DefaultFor | undefined,
): JudgeRun {
  return {
    report,
    defaultFor,
    work: maxJudgedValues,
    complete: true,
    exhausted: false,
  };
}

const objectPrototype = Object.prototype;

/** The yes/no run reused between judgements, and whether a judgement holds it now. */
const sharedRun: JudgeRun = createRun(undefined, undefined);
// A flag, not a swapped reference: a store of `true`/`false` needs no write barrier.
let sharedRunTaken = false;

/**
 * A yes/no run, reused between judgements so a fitting call allocates none; a judgement started
 * while one is under way (from a getter, say) gets a fresh one. Give it back with
 * {@link releaseRun}.
 */
export function takeRun(defaultFor: DefaultFor | undefined): JudgeRun {
  if (sharedRunTaken) return createRun(undefined, defaultFor);
  sharedRunTaken = true;
  const run = sharedRun;
  run.defaultFor = defaultFor;
  run.work = maxJudgedValues;
  run.complete = true;
  run.exhausted = false;
  return run;
}

export function releaseRun(run: JudgeRun): void {
  if (run === sharedRun) {
    run.defaultFor = undefined;
    sharedRunTaken = false;
  }
}

const exactJudges = new WeakMap<SchemaNode, Judge>();
const lenientJudges = new WeakMap<SchemaNode, Judge>();

/** The judge of a prepared node, built once per node and leniency. */
export function judgeOf(node: SchemaNode, lenient: boolean): Judge {
  const judges = lenient ? lenientJudges : exactJudges;
  const known = judges.get(node);
  if (known !== undefined) return known;
  let built: Judge | undefined;
  // A schema that contains itself meets its own node while that is being built; the inner use
  // waits for the finished judge.
  judges.set(node, (value, run, depth) => (built as Judge)(value, run, depth));
  built = buildJudge(node, lenient);
  judges.set(node, built);
  return built;
}

/**
 * Whether `null` fits a node: the one definition ("may this be null"), read from the prepared
 * node. An unjudged node lets anything through, `null` included.
 */
export function nodeAdmitsNull(node: SchemaNode): boolean {
  return node.kind === 'any' || (node.kind === 'judged' && node.admitsNull);
}

function buildJudge(node: SchemaNode, lenient: boolean): Judge {
  if (node.kind === 'never') return judgeNever;
  if (node.kind === 'any') return node.skipped === undefined ? judgeAnything : judgeUnjudged;
  return buildJudgedNode(node, lenient);
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
  const { types, allowedValues } = node;
  const structure = buildStructure(node, lenient);
  const rest =
    allowedValues === undefined ? structure : buildEnum(node, allowedValues, lenient, structure);
  const wrongType: Judge = (value, run, depth) => judgeWrongType(node, lenient, value, run, depth);

  const { asIs, members } = asIsTestOf(node);
  if (asIs !== asIsNone) {
    // A scalar leaf: what fits as it is passes in one test; anything else is judged in full.
    const judgeInFull = judgeByKind(types, rest, wrongType);
    return (value, run, depth) =>
      fitsAsIs(asIs, members, value) ? value : judgeInFull(value, run, depth);
  }
  switch (types) {
    case 0:
      return (value, run, depth) => {
        if (typeof value === 'number' && value - value !== 0) return refuseType(0, value, run);
        return rest === undefined ? value : rest(value, run, depth);
      };
    case JsonKind.object: {
      if (allowedValues === undefined) return buildObject(node, lenient, wrongType);
      const judgeMembers = rest as Judge;
      const judgeObject = buildObject(node, lenient);
      return (value, run, depth) => {
        if (typeof value !== 'object' || value === null || Array.isArray(value)) {
          return wrongType(value, run, depth);
        }
        const member = judgeMembers(value, run, depth);
        return member === refused ? refused : judgeObject(member, run, depth);
      };
    }
    case JsonKind.array:
      if (allowedValues === undefined && node.items !== undefined) {
        return buildList(node.items, lenient, wrongType);
      }
      return rest === undefined
        ? (value, run, depth) => (Array.isArray(value) ? value : wrongType(value, run, depth))
        : (value, run, depth) =>
            Array.isArray(value) ? rest(value, run, depth) : wrongType(value, run, depth);
    default:
      return judgeByKind(types, rest, wrongType);
  }
}

/** The type rule for declared types: a value of another kind is a wrong type, else `rest` judges. */
function judgeByKind(types: JsonKindSet, rest: Judge | undefined, wrongType: Judge): Judge {
  return (value, run, depth) => {
    if ((kindOfValue(value) & types) === 0) return wrongType(value, run, depth);
    return rest === undefined ? value : rest(value, run, depth);
  };
}

// What a scalar leaf admits as it is, as a code, so the walks over objects and lists test it inline
// (a fitting property or item costs no call) and the leaf's own judge tests the same.
export const asIsNone = 0;
const asIsString = 1;
const asIsInteger = 2;
const asIsNumber = 3;
const asIsBoolean = 4;
const asIsStringMember = 5;

export type AsIsTest = {
  readonly asIs: number;
  /** For {@link asIsStringMember}: the allowed scalars. */
  readonly members: ReadonlySet<unknown> | undefined;
};

const noAsIsTest: AsIsTest = { asIs: asIsNone, members: undefined };

/**
 * The node fields an as-is test accounts for. A node with any other field set (a keyword judged
 * later, such as a length) gets no as-is test, so a new keyword is judged without an edit here.
 */
const fieldsKnownToAsIs: ReadonlySet<string> = new Set<keyof JudgedSchemaNode>([
  'kind',
  'types',
  'admitsNull',
  'defaultValue',
  'allowedValues',
  'properties',
  'required',
  'additionalProperties',
  'items',
]);

/**
 * The one-test form of a node whose fitting values are exactly the scalars of one declared type
 * (or the text members of an enum of type `string`); {@link asIsNone} for any other node. It only
 * says yes: a value it does not pass is judged in full by the node's judge.
 */
export function asIsTestOf(node: SchemaNode): AsIsTest {
  if (node.kind !== 'judged') return noAsIsTest;
  for (const [field, value] of Object.entries(node)) {
    if (value !== undefined && !fieldsKnownToAsIs.has(field)) return noAsIsTest;
  }
  const { types, allowedValues } = node;
  if (allowedValues !== undefined) {
    return types === JsonKind.string
      ? { asIs: asIsStringMember, members: allowedValues.scalars }
      : noAsIsTest;
  }
  switch (types) {
    case JsonKind.string:
      return { asIs: asIsString, members: undefined };
    case JsonKind.integer:
      return { asIs: asIsInteger, members: undefined };
    case JsonKind.number | JsonKind.integer:
      return { asIs: asIsNumber, members: undefined };
    case JsonKind.boolean:
      return { asIs: asIsBoolean, members: undefined };
    default:
      return noAsIsTest;
  }
}

/** Whether a value passes an {@link AsIsTest} (kept in step with `kindOfValue`). */
function fitsAsIs(
  asIs: number,
  members: ReadonlySet<unknown> | undefined,
  value: unknown,
): boolean {
  switch (asIs) {
    case asIsString:
      return typeof value === 'string';
    case asIsInteger:
      return Number.isInteger(value);
    case asIsNumber:
      return typeof value === 'number' && value - value === 0;
    case asIsBoolean:
      return typeof value === 'boolean';
    case asIsStringMember:
      return typeof value === 'string' && (members as ReadonlySet<unknown>).has(value);
    default:
      return false;
  }
}

/** A value whose JSON type is not declared: `null` where admitted, a lenient cast, or a refusal. */
function judgeWrongType(
  node: JudgedSchemaNode,
  lenient: boolean,
  value: unknown,
  run: JudgeRun,
  depth: number,
): unknown {
  if (value === null) {
    // OpenAPI's `nullable: true` admits null whatever the type says (and `admitsNull` has already
    // asked the enum).
    return node.admitsNull ? null : refuseNull(node, run, false);
  }
  if (lenient) {
    const cast = castToDeclared(value, node.types);
    if (cast !== undefined) {
      // A cast gives a scalar: only the enum is left to judge, and a refusal names what was sent.
      const { allowedValues } = node;
      if (allowedValues === undefined) return cast;
      return judgeMember(node, allowedValues, lenient, undefined, cast, run, depth, value);
    }
  }
  return refuseType(node.types, value, run);
}

/** The `enum`/`const` rule, then what follows it. */
function buildEnum(
  node: JudgedSchemaNode,
  allowed: AllowedValues,
  lenient: boolean,
  structure: Judge | undefined,
): Judge {
  return (value, run, depth) =>
    judgeMember(node, allowed, lenient, structure, value, run, depth, value);
}

/** `sent` is the value as the model sent it, before a lenient cast, for the sentence. */
function judgeMember(
  node: JudgedSchemaNode,
  allowed: AllowedValues,
  lenient: boolean,
  structure: Judge | undefined,
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
  return structure === undefined ? member : structure(member, run, depth);
}

/** What lists and objects must hold, for the kinds the node declares; `undefined` for none. */
function buildStructure(node: JudgedSchemaNode, lenient: boolean): Judge | undefined {
  const { types } = node;
  // Without a type, an object is judged only when the node says something about its properties.
  const objects =
    (types & JsonKind.object) !== 0 ||
    (types === 0 &&
      (node.properties !== undefined ||
        node.required.length > 0 ||
        node.additionalProperties !== undefined));
  const lists = (types === 0 || (types & JsonKind.array) !== 0) && node.items !== undefined;
  const judgeObject = objects && types !== JsonKind.object ? buildObject(node, lenient) : undefined;
  const judgeList = lists && node.items !== undefined ? buildList(node.items, lenient) : undefined;
  if (types === JsonKind.array) return judgeList;
  if (judgeObject === undefined && judgeList === undefined) return undefined;
  return (value, run, depth) => {
    if (typeof value !== 'object' || value === null) return value;
    if (Array.isArray(value)) return judgeList === undefined ? value : judgeList(value, run, depth);
    return judgeObject === undefined ? value : judgeObject(value, run, depth);
  };
}

/** How one named property (or every other name) is judged. */
type PropertyRule = {
  readonly name: string;
  /** Its place among the named properties (-1 for the rule of other names). */
  readonly index: number;
  readonly node: SchemaNode;
  readonly judge: Judge;
  readonly required: boolean;
  /** Whether a `null` here may become omission: may be left out, and `null` does not fit. */
  readonly nullMeansOmitted: boolean;
  /** Whether Object.prototype has the name too, so it must be read as an own property only. */
  readonly inherited: boolean;
  /** The node's one-test form, tried before its judge is called. */
  readonly asIs: number;
  readonly members: ReadonlySet<unknown> | undefined;
};

/** `additionalProperties`: `'open'` (any other name passes), `'closed'` (none may appear), or a rule. */
type OtherNames = 'open' | 'closed' | PropertyRule;

/**
 * The object rule. With `wrongType`, the judge tests the kind itself (a node of type `object`);
 * without, its caller has. The yes/no walk goes over the object's own names when it can
 * ({@link fitByOwnNames}), else over the declared ones ({@link fitByDeclaredNames}).
 */
function buildObject(node: JudgedSchemaNode, lenient: boolean, wrongType?: Judge): Judge {
  const requiredNames = new Set(node.required);
  const rules: PropertyRule[] = [];
  const ruleByName = new Map<string, PropertyRule>();
  for (const [name, child] of node.properties ?? []) {
    const rule = propertyRule(name, rules.length, child, requiredNames.has(name), lenient);
    rules.push(rule);
    ruleByName.set(name, rule);
  }
  const otherRequired = node.required.filter((name) => !ruleByName.has(name));
  const additional = node.additionalProperties;
  const others: OtherNames =
    additional === undefined || (additional.kind === 'any' && additional.skipped === undefined)
      ? 'open'
      : additional.kind === 'never'
        ? 'closed'
        : propertyRule('', -1, additional, false, lenient);
  const shape: ObjectShape = {
    rules,
    ruleByName,
    required: node.required,
    otherRequired,
    others,
    acceptedNames: rules.map(({ name }) => name),
    lenient,
    requiredRuleCount: rules.filter((rule) => rule.required).length,
    closed: others === 'closed',
  };
  const { types } = node;
  const ruleCount = rules.length;
  // Read from the object's own names when any are declared and others are refused or pass.
  const closed = others === 'closed';
  const byOwnNames = closed || (others === 'open' && ruleCount > 0);
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
    if (run.report !== undefined)
      return judgeObjectDescribing(shape, object, run, depth, run.report);
    run.work -= ruleCount + 1;
    if (run.work < 0) return exhaust(run);
    if (!byOwnNames) return fitByDeclaredNames(shape, object, run, depth);
    if (closed) return fitByOwnNames(shape, object, run, depth);
    try {
      return fitByOwnNames(shape, object, run, depth);
    } catch (error) {
      // Listing the names threw (a proxy's trap, say), where reading the declared ones by name
      // may not: with other names passing, the names are not needed to decide. An error of
      // reading or judging a value is not retried: each nested object would double the work.
      if (namesCanBeListed(object)) throw error;
      return fitByDeclaredNames(shape, object, run, depth);
    }
  };
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

/**
 * The yes/no walk over the object's own names: each value is read by its place in the object (a
 * read keyed by the `for…in` name needs no lookup), and each name is first compared with the next
 * declared one, since arguments mostly come in the schema's order. With other names refused
 * (`additionalProperties: false`) it answers no to what the describing mode must settle (an
 * unknown name, a key holding `undefined`, an inherited name); with other names passing, it leaves
 * any doubt, and objects with more other names than declared ones, to {@link fitByDeclaredNames}.
 */
function fitByOwnNames(
  shape: ObjectShape,
  object: Record<string, unknown>,
  run: JudgeRun,
  depth: number,
): unknown {
  const { rules, ruleByName, closed } = shape;
  let copy: Record<string, unknown> | undefined;
  let requiredSeen = 0;
  let expected = 0;
  let otherNames = 0;
  for (const name in object) {
    let rule = rules[expected];
    if (rule === undefined || rule.name !== name) {
      rule = ruleByName.get(name);
      if (rule === undefined) {
        if (closed) return refused;
        if (++otherNames > rules.length) return fitByDeclaredNames(shape, object, run, depth);
        continue;
      }
    }
    expected = rule.index + 1;
    const property = rule.inherited && !Object.hasOwn(object, name) ? undefined : object[name];
    if (property === undefined) {
      if (closed) return refused;
      continue;
    }
    if (rule.required) requiredSeen++;
    if (fitsAsIs(rule.asIs, rule.members, property)) continue;
    const next = fitProperty(rule, property, shape, run, depth);
    if (next === property) continue;
    if (next === refused) return refused;
    copy ??= { ...object };
    setOrOmit(copy, name, next);
  }
  if (closed) {
    // A required name outside `properties` would be an unknown one.
    return requiredSeen === shape.requiredRuleCount && shape.otherRequired.length === 0
      ? (copy ?? object)
      : refused;
  }
  // A required name not among the own enumerable ones: the declared walk reads it by name.
  if (requiredSeen !== shape.requiredRuleCount)
    return fitByDeclaredNames(shape, object, run, depth);
  for (const name of shape.otherRequired) {
    if (isAbsent(object, name)) return refused;
  }
  return copy ?? object;
}

/**
 * The yes/no walk over the declared names, each read by name, then the other names: for an object
 * whose other names are judged by a schema, and where {@link fitByOwnNames} is in doubt.
 */
function fitByDeclaredNames(
  shape: ObjectShape,
  object: Record<string, unknown>,
  run: JudgeRun,
  depth: number,
): unknown {
  const { rules, others, otherRequired, ruleByName } = shape;
  let copy: Record<string, unknown> | undefined;
  let present = 0;
  for (let index = 0; index < rules.length; index++) {
    const rule = rules[index] as PropertyRule;
    const property =
      rule.inherited && !Object.hasOwn(object, rule.name) ? undefined : object[rule.name];
    if (property === undefined) {
      if (rule.required) return refused;
      continue;
    }
    present++;
    if (fitsAsIs(rule.asIs, rule.members, property)) continue;
    const next = fitProperty(rule, property, shape, run, depth);
    if (next === property) continue;
    if (next === refused) return refused;
    copy ??= { ...object };
    setOrOmit(copy, rule.name, next);
  }
  for (const name of otherRequired) {
    if (isAbsent(object, name)) return refused;
  }
  if (others === 'open') return copy ?? object;
  if (others === 'closed') {
    // Any other name is an unknown argument; a key holding `undefined` (not JSON) is counted
    // too, and then the describing mode decides.
    let count = 0;
    for (const _name in object) count++;
    return count === present ? (copy ?? object) : refused;
  }
  const names = Object.keys(object);
  run.work -= names.length;
  if (run.work < 0) return exhaust(run);
  for (const name of names) {
    if (ruleByName.has(name)) continue;
    const property = object[name];
    if (property === undefined) continue;
    const required = otherRequired.includes(name);
    const next = judgeProperty(others, property, required, shape, run, depth);
    if (next === property) continue;
    if (next === refused) return refused;
    copy ??= { ...object };
    setOrOmit(copy, name, next);
  }
  return copy ?? object;
}

/**
 * A present declared property in yes/no mode that its one-test form did not pass (tested inline by
 * the walks, so a fitting scalar costs neither a call nor a comparison of what comes back).
 */
function fitProperty(
  rule: PropertyRule,
  property: unknown,
  shape: ObjectShape,
  run: JudgeRun,
  depth: number,
): unknown {
  return property === null && rule.nullMeansOmitted
    ? judgeProperty(rule, property, false, shape, run, depth)
    : rule.judge(property, run, depth + 1);
}

/** An argument is absent when the object has no own property of that name, or it holds `undefined`. */
function isAbsent(object: Record<string, unknown>, name: string): boolean {
  return !Object.hasOwn(object, name) || object[name] === undefined;
}

type ObjectShape = {
  readonly rules: readonly PropertyRule[];
  readonly ruleByName: ReadonlyMap<string, PropertyRule>;
  readonly required: readonly string[];
  /** Required names that are not among the named properties. */
  readonly otherRequired: readonly string[];
  readonly others: OtherNames;
  readonly acceptedNames: readonly string[];
  readonly lenient: boolean;
  /** How many named properties are required. */
  readonly requiredRuleCount: number;
  /** Whether other names are refused. */
  readonly closed: boolean;
};

function propertyRule(
  name: string,
  index: number,
  node: SchemaNode,
  required: boolean,
  lenient: boolean,
): PropertyRule {
  const { asIs, members } = asIsTestOf(node);
  return {
    name,
    index,
    node,
    judge: judgeOf(node, lenient),
    required,
    nullMeansOmitted: !required && node.kind !== 'never' && !nodeAdmitsNull(node),
    inherited: name in Object.prototype,
    asIs,
    members,
  };
}

/** Required names first, then each name in the order the value holds them. */
function judgeObjectDescribing(
  shape: ObjectShape,
  object: Record<string, unknown>,
  run: JudgeRun,
  depth: number,
  report: CheckState,
): unknown {
  // A value that contains itself (never so in JSON) is judged where it first appears, not again
  // inside itself: the paths through a cycle grow exponentially with the depth.
  if (report.open.includes(object)) return object;
  let fits = true;
  for (const name of shape.required) {
    if (isAbsent(object, name)) {
      fits = false;
      reportMismatch(report, () => ({ code: 'missing', expected: 'a value', received: '' }), name);
    }
  }
  const { others } = shape;
  if (shape.rules.length === 0 && others === 'open') return fits ? object : refused;
  const names = Object.keys(object);
  run.work -= names.length + 1;
  if (run.work < 0) return exhaust(run);
  report.open.push(object);
  let copy: Record<string, unknown> | undefined;
  for (const name of names) {
    const property = object[name];
    if (property === undefined) continue;
    const declared = shape.ruleByName.get(name);
    const rule = declared ?? others;
    if (rule === 'open') continue;
    if (rule === 'closed') {
      fits = false;
      reportUnknown(shape.acceptedNames, name, report);
      continue;
    }
    const required = declared === undefined ? shape.otherRequired.includes(name) : rule.required;
    report.path.push(name);
    const next = judgeProperty(rule, property, required, shape, run, depth);
    report.path.pop();
    if (next === property) continue;
    if (next === refused) {
      fits = false;
      continue;
    }
    copy ??= { ...object };
    setOrOmit(copy, name, next);
  }
  report.open.pop();
  return fits ? (copy ?? object) : refused;
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
  const fallback = usableDefaultOf(rule.node);
  return fallback === undefined ? omitted : copyOf(fallback.value);
}

const usableDefaults = new WeakMap<SchemaNode, { readonly value: unknown } | null>();

/**
 * The schema's `default` when it may stand in for a `null`: JSON, not `null` itself (there a
 * `default: null` on a property that does not admit null means omission), and fitting the
 * property's schema exactly, so the normalized arguments still fit.
 */
function usableDefaultOf(node: SchemaNode): { readonly value: unknown } | undefined {
  if (node.kind !== 'judged' || node.defaultValue === undefined) return undefined;
  let usable = usableDefaults.get(node);
  if (usable === undefined) {
    const { value } = node.defaultValue;
    const run = createRun(undefined, undefined);
    usable =
      value !== null && isJsonValue(value, 0) && judgeOf(node, false)(value, run, 0) === value
        ? { value }
        : null;
    usableDefaults.set(node, usable);
  }
  return usable ?? undefined;
}

function isJsonValue(value: unknown, depth: number): boolean {
  if (depth > maxSchemaDepth) return false;
  const kind = kindOfValue(value);
  if ((kind & notJsonKind) !== 0) return false;
  if (kind === JsonKind.array) {
    return (value as unknown[]).every((item) => isJsonValue(item, depth + 1));
  }
  if (kind === JsonKind.object) {
    return (
      isPlainObject(value as object) &&
      Object.values(value as object).every((item) => isJsonValue(item, depth + 1))
    );
  }
  return true;
}

/** Sets an own property (a key named `__proto__` stays data), or removes it for omission. */
function setOrOmit(target: Record<string, unknown>, name: string, value: unknown): void {
  if (value === omitted) delete target[name];
  else defineOwn(target, name, value);
}

/** The list rule. With `wrongType`, the judge tests the kind itself (a node of type `array`). */
function buildList(itemNode: SchemaNode, lenient: boolean, wrongType?: Judge): Judge {
  const judgeItem = judgeOf(itemNode, lenient);
  const { asIs, members } = asIsTestOf(itemNode);
  return (value, run, depth) => {
    if (wrongType !== undefined && !Array.isArray(value)) return wrongType(value, run, depth);
    const list = value as unknown[];
    if (depth > maxSchemaDepth) {
      run.complete = false;
      return value;
    }
    // Charged before the walk, so a sparse list of length 2^32 - 1 costs nothing.
    run.work -= list.length + 1;
    if (run.work < 0) return exhaust(run);
    const report = run.report;
    let copy: unknown[] | undefined;
    if (report === undefined) {
      for (let index = 0; index < list.length; index++) {
        const item = list[index];
        if (fitsAsIs(asIs, members, item)) continue;
        const next = judgeItem(item, run, depth + 1);
        if (next === item) continue;
        if (next === refused) return refused;
        copy ??= list.slice();
        copy[index] = next;
      }
      return copy ?? list;
    }
    if (report.open.includes(list)) return list;
    report.open.push(list);
    let fits = true;
    for (let index = 0; index < list.length; index++) {
      const item = list[index];
      report.path.push(index);
      const next = judgeItem(item, run, depth + 1);
      report.path.pop();
      if (next === item) continue;
      if (next === refused) {
        fits = false;
        continue;
      }
      copy ??= list.slice();
      copy[index] = next;
    }
    report.open.pop();
    return fits ? (copy ?? list) : refused;
  };
}

function exhaust(run: JudgeRun): typeof refused {
  run.exhausted = true;
  run.complete = false;
  return refused;
}

/** Reports a mismatch at the current path (describing mode) and answers {@link refused}. */
function refuse(
  run: JudgeRun,
  draft: Parameters<typeof reportMismatch>[1],
  segment?: string,
): typeof refused {
  if (run.report !== undefined) reportMismatch(run.report, draft, segment);
  return refused;
}

function refuseType(types: number, value: unknown, run: JudgeRun): typeof refused {
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
function refuseNull(node: SchemaNode, run: JudgeRun, optional: boolean): typeof refused {
  return refuse(run, () => ({
    code: 'null',
    expected:
      node.kind !== 'judged'
        ? 'nothing'
        : node.allowedValues !== undefined
          ? describeAllowedValues(node.allowedValues.members, describeMember)
          : describeKinds(node.types),
    received: 'null',
    optional,
  }));
}

function reportUnknown(acceptedNames: readonly string[], name: string, report: CheckState): void {
  reportMismatch(
    report,
    () => ({
      code: 'unknown',
      expected: 'an accepted name',
      received: excerpt(name),
      acceptedNames,
      suggestion: nearestName(name, acceptedNames, { budget: report.nameSearch }),
    }),
    name,
  );
}
