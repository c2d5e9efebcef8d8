import { acceptsNothing } from './accepts-nothing.ts';
import { deepEqual } from './deep-equal.ts';
import { isRecord } from './is-record.ts';
import { type JsonKindSet, kindOfTypeName } from './json-kind.ts';
import { keywordsAdmitNull } from './keywords-admit-null.ts';
import { readPattern } from './read-pattern.ts';
import {
  type AllowedValues,
  anySchemaNode,
  type JudgedSchemaNode,
  neverSchemaNode,
  type SchemaNode,
  type SkipReason,
} from './schema-node.ts';
import { unjudgedCombinatorKeywords } from './subschema-keywords.ts';

/** Schemas nested deeper than this are not judged below that depth. */
export const maxSchemaDepth = 256;

/** A part of a schema that could not be read, with where it is (a JSON pointer). */
export type SchemaProblem = {
  readonly pointer: string;
  readonly message: string;
};

export type PreparedSchema = {
  readonly root: SchemaNode;
  /** Malformed parts of the schema; each was skipped, never guessed at. */
  readonly problems: readonly SchemaProblem[];
};

/**
 * Reads a JSON Schema into the {@link SchemaNode} tree the checker runs on. Never throws and never
 * mutates: malformed parts become problems and are skipped. Not cached: a caller that judges the
 * same content again keeps the result (see `PreparedStore`).
 */
export function prepareSchema(schema: unknown): PreparedSchema {
  const problems: SchemaProblem[] = [];
  return { root: readSchemaNode(schema, '', 0, new Map(), problems), problems };
}

type Memo = Map<object, SchemaNode>;

function readSchemaNode(
  schema: unknown,
  pointer: string,
  depth: number,
  memo: Memo,
  problems: SchemaProblem[],
  assertions = depth !== 0 || knowsVocabularies(schema),
): SchemaNode {
  if (schema === true) return anySchemaNode;
  if (schema === false) return neverSchemaNode;
  if (typeof schema !== 'object' || schema === null) {
    problems.push({ pointer, message: 'a schema must be an object or a boolean' });
    return skipped({ code: 'malformed', keyword: '' });
  }
  if (depth > maxSchemaDepth) return skipped({ code: 'too-deep' });

  const seen = memo.get(schema);
  if (seen !== undefined) return seen;
  try {
    if (Array.isArray(schema)) {
      problems.push({ pointer, message: 'a schema must be an object or a boolean' });
      return skipped({ code: 'malformed', keyword: '' });
    }
    return readJudgedNode(schema, pointer, depth, memo, problems, assertions);
  } catch {
    // A schema object whose getters or proxy traps throw cannot be read: it is not judged.
    problems.push({ pointer, message: 'the schema could not be read' });
    return skipped({ code: 'malformed', keyword: '' });
  }
}

function readJudgedNode(
  schema: object,
  pointer: string,
  depth: number,
  memo: Memo,
  problems: SchemaProblem[],
  assertions: boolean,
): SchemaNode {
  const source = schema as Record<string, unknown>;
  // `not` of a schema that admits everything admits nothing, whatever sits beside it.
  if (acceptsNothing(source)) return neverSchemaNode;
  for (const keyword of unjudgedCombinatorKeywords) {
    if (Object.hasOwn(source, keyword)) return skipped({ code: 'keyword', keyword });
  }

  const types = readTypes(source.type);
  if (types.skip !== undefined) {
    if (types.skip.code === 'malformed') {
      problems.push({
        pointer: `${pointer}/type`,
        message: 'type must be a name or a list of names',
      });
    }
    return skipped(types.skip);
  }

  // Which names are "additional" depends on `properties`; without a readable list, judge nothing.
  if (source.properties !== undefined && !isRecord(source.properties)) {
    problems.push({ pointer: `${pointer}/properties`, message: 'properties must be an object' });
    return skipped({ code: 'malformed', keyword: 'properties' });
  }

  const node: {
    -readonly [key in keyof JudgedSchemaNode]: JudgedSchemaNode[key];
  } = {
    kind: 'judged',
    types: types.kinds,
    admitsNull: false,
    defaultValue: Object.hasOwn(source, 'default') ? { value: source.default } : undefined,
    allowedValues: undefined,
    properties: undefined,
    required: [],
    additionalProperties: undefined,
    items: undefined,
    judges: { exact: undefined, lenient: undefined },
  };
  // Registered before the children are read, so a schema object that contains itself ends in a
  // cycle of nodes instead of endless reading.
  memo.set(schema, node);
  const read = (child: unknown, at: string) =>
    readSchemaNode(child, `${pointer}/${at}`, depth + 1, memo, problems, assertions);
  const problem = (at: string, message: string) =>
    problems.push({ pointer: `${pointer}/${at}`, message });

  node.allowedValues = readAllowedValues(source, pointer, problems);
  node.admitsNull = keywordsAdmitNull(source);

  if (isRecord(source.properties)) {
    const properties = new Map<string, SchemaNode>();
    for (const name of Object.keys(source.properties)) {
      properties.set(name, read(source.properties[name], `properties/${escapePointer(name)}`));
    }
    node.properties = properties;
  }

  if (source.required !== undefined) {
    if (Array.isArray(source.required)) {
      node.required = [...new Set(source.required.filter((name) => typeof name === 'string'))];
    } else {
      problem('required', 'required must be a list of names');
    }
  }

  if (source.patternProperties !== undefined) {
    if (isRecord(source.patternProperties)) {
      const { patternProperties } = source;
      node.patternProperties = Object.keys(patternProperties).map((name) => {
        const at = `patternProperties/${escapePointer(name)}`;
        const pattern = readPattern(name);
        if (pattern.invalid) problem(at, 'the name is not a valid regular expression');
        return { pattern, node: read(patternProperties[name], at) };
      });
    } else {
      problem('patternProperties', 'patternProperties must be an object');
    }
  }
  if (source.additionalProperties !== undefined) {
    node.additionalProperties = read(source.additionalProperties, 'additionalProperties');
  }
  if (source.propertyNames !== undefined) {
    node.propertyNames = read(source.propertyNames, 'propertyNames');
  }
  readItems(source, node, read, problem);
  if (source.contains !== undefined) node.contains = read(source.contains, 'contains');
  if (assertions) readAssertions(source, node, problem);

  // Frozen, so what the checker builds from a node (kept by the node) stays true to it.
  return Object.freeze(node);
}

/**
 * The keywords of the validation vocabulary beyond `type`, `enum`, `const` and `required`: bounds,
 * lengths, counts, `pattern`, `uniqueItems` and `dependentRequired`.
 */
function readAssertions(
  source: Record<string, unknown>,
  node: { -readonly [key in keyof JudgedSchemaNode]: JudgedSchemaNode[key] },
  problem: NoteProblem,
): void {
  const dependentRequired = readDependentRequired(source, problem);
  if (dependentRequired !== undefined) node.dependentRequired = dependentRequired;
  for (const keyword of countKeywords) {
    const count = readNumber(source, keyword, problem, { count: true });
    if (count !== undefined) node[keyword] = count;
  }
  if (source.uniqueItems === true) node.uniqueItems = true;
  for (const keyword of boundKeywords) {
    // Draft 4's boolean form (`exclusiveMaximum: true` beside `maximum`) is not judged: the
    // inclusive bound beside it is, which never refuses what the exclusive one passes.
    const bound =
      typeof source[keyword] === 'boolean' ? undefined : readNumber(source, keyword, problem);
    if (bound !== undefined) node[keyword] = bound;
  }
  const multipleOf = readNumber(source, 'multipleOf', problem);
  if (multipleOf !== undefined && multipleOf <= 0) {
    problem('multipleOf', 'multipleOf must be greater than 0');
  } else if (multipleOf !== undefined) {
    node.multipleOf = multipleOf;
  }
  if (source.pattern !== undefined) {
    if (typeof source.pattern === 'string') {
      node.pattern = readPattern(source.pattern);
      if (node.pattern.invalid) problem('pattern', 'pattern is not a valid regular expression');
    } else {
      problem('pattern', 'pattern must be text');
    }
  }
}

const countKeywords = [
  'minProperties',
  'maxProperties',
  'minItems',
  'maxItems',
  'minContains',
  'maxContains',
  'minLength',
  'maxLength',
] as const;

const boundKeywords = ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum'] as const;

/**
 * The metaschemas whose vocabularies the checker knows: the JSON Schema drafts' (with or without a
 * trailing `/` or `#`, and the unversioned `schema`) and OpenAPI 3.1's base dialect.
 */
const knownMetaschema =
  /^(?:https?:\/\/json-schema\.org\/(?:(?:draft-0[4-7]\/)?schema|draft\/20(?:19-09|20-12)\/schema)\/?#?|https:\/\/spec\.openapis\.org\/oas\/3\.1\/dialect\/base\/?)$/;

/**
 * Whether a root schema is read with the vocabularies the checker knows: no `$schema`, or a
 * draft's. Another metaschema may switch the validation vocabulary off, so its assertion keywords
 * are not judged (`type`, `enum` and `required` are, as they always were).
 */
function knowsVocabularies(schema: unknown): boolean {
  if (typeof schema !== 'object' || schema === null) return true;
  try {
    const metaschema = (schema as Record<string, unknown>).$schema;
    return (
      metaschema === undefined ||
      (typeof metaschema === 'string' && knownMetaschema.test(metaschema))
    );
  } catch {
    // Not readable: the node is skipped when it is read.
    return true;
  }
}

type ReadChild = (child: unknown, at: string) => SchemaNode;
type NoteProblem = (at: string, message: string) => void;

/**
 * `prefixItems` with `items` for the rest (2020-12), or draft 7's list of `items` with
 * `additionalItems` for the rest, or `items` alone.
 */
function readItems(
  source: Record<string, unknown>,
  node: { prefixItems?: readonly SchemaNode[]; items?: SchemaNode },
  read: ReadChild,
  problem: NoteProblem,
): void {
  const { prefixItems, items, additionalItems } = source;
  if (prefixItems !== undefined) {
    if (!Array.isArray(prefixItems)) {
      problem('prefixItems', 'prefixItems must be a list of schemas');
      return;
    }
    node.prefixItems = prefixItems.map((child, index) => read(child, `prefixItems/${index}`));
    if (Array.isArray(items)) problem('items', 'items beside prefixItems must be a schema');
    else if (items !== undefined) node.items = read(items, 'items');
    return;
  }
  if (Array.isArray(items)) {
    node.prefixItems = items.map((child, index) => read(child, `items/${index}`));
    if (additionalItems !== undefined) node.items = read(additionalItems, 'additionalItems');
  } else if (items !== undefined) {
    node.items = read(items, 'items');
  }
}

/** `dependentRequired`, and the lists among draft 7's `dependencies` (schemas there are not judged). */
function readDependentRequired(
  source: Record<string, unknown>,
  problem: NoteProblem,
): ReadonlyMap<string, readonly string[]> | undefined {
  const byName = new Map<string, string[]>();
  for (const keyword of ['dependentRequired', 'dependencies'] as const) {
    const value = source[keyword];
    if (value === undefined) continue;
    if (!isRecord(value)) {
      problem(keyword, `${keyword} must be an object`);
      continue;
    }
    for (const name of Object.keys(value)) {
      const names = value[name];
      if (!Array.isArray(names)) {
        if (keyword === 'dependentRequired') {
          problem(`${keyword}/${escapePointer(name)}`, 'a dependency must be a list of names');
        }
        continue;
      }
      const required = names.filter((item): item is string => typeof item === 'string');
      byName.set(name, [...(byName.get(name) ?? []), ...required]);
    }
  }
  return byName.size === 0 ? undefined : byName;
}

/** A number keyword; `count` for one that counts (`minLength`, `maxItems`…): whole, 0 or more. */
function readNumber(
  source: Record<string, unknown>,
  keyword: string,
  problem: NoteProblem,
  { count = false } = {},
): number | undefined {
  const value = source[keyword];
  if (value === undefined) return undefined;
  if (
    typeof value === 'number' &&
    (count ? Number.isInteger(value) && value >= 0 : Number.isFinite(value))
  ) {
    return value;
  }
  problem(
    keyword,
    count ? `${keyword} must be a whole number, 0 or more` : `${keyword} must be a number`,
  );
  return undefined;
}

function skipped(reason: SkipReason): SchemaNode {
  return { kind: 'any', skipped: reason };
}

function readTypes(type: unknown): { kinds: JsonKindSet; skip?: SkipReason } {
  if (type === undefined) return { kinds: 0 };
  const names = typeof type === 'string' ? [type] : type;
  if (!Array.isArray(names) || names.length === 0) {
    return { kinds: 0, skip: { code: 'malformed', keyword: 'type' } };
  }
  let kinds = 0;
  for (const name of names) {
    if (typeof name !== 'string') return { kinds: 0, skip: { code: 'malformed', keyword: 'type' } };
    const kind = kindOfTypeName(name);
    if (kind === undefined) return { kinds: 0, skip: { code: 'unknown-type', typeName: name } };
    kinds |= kind;
  }
  return { kinds };
}

function readAllowedValues(
  source: Record<string, unknown>,
  pointer: string,
  problems: SchemaProblem[],
): AllowedValues | undefined {
  let members: unknown[] | undefined;
  if (source.enum !== undefined) {
    if (Array.isArray(source.enum)) {
      members = source.enum;
    } else {
      problems.push({ pointer: `${pointer}/enum`, message: 'enum must be a list' });
    }
  }
  if (Object.hasOwn(source, 'const')) {
    const constant = source.const;
    // Both present: a value must be the constant and an enum member; the constant alone says it.
    members =
      members === undefined || members.some((member) => deepEqual(member, constant))
        ? [constant]
        : [];
  }
  if (members === undefined) return undefined;
  const scalars = new Set<unknown>();
  const composites: unknown[] = [];
  for (const member of members) {
    if (typeof member === 'object' && member !== null) composites.push(member);
    else scalars.add(member);
  }
  return Object.freeze({ members, scalars, composites });
}

function escapePointer(name: string): string {
  return name.replaceAll('~', '~0').replaceAll('/', '~1');
}
