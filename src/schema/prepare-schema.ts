import { acceptsNothing } from './accepts-nothing.ts';
import { deepEqual } from './deep-equal.ts';
import { draftOf, keywordsLaterThan, type SchemaDraft } from './draft-of.ts';
import { isRecord } from './is-record.ts';
import { type JsonKindSet, kindOfTypeName } from './json-kind.ts';
import { keywordsAdmitNull } from './keywords-admit-null.ts';
import { escapePointerSegment } from './map-subschemas.ts';
import { readPattern } from './read-pattern.ts';
import {
  baseUriOf,
  documentUri,
  type ReferenceTarget,
  type ReferenceTargets,
  referenceTargetsOf,
  resolveReference,
} from './reference-targets.ts';
import {
  type AllowedValues,
  anySchemaNode,
  type JudgedSchemaNode,
  neverSchemaNode,
  type SchemaNode,
  type SkipReason,
} from './schema-node.ts';
import { assertionKeywords } from './subschema-keywords.ts';

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
  const reading = readingOf(schema, false);
  const root = readSchemaNode(schema, '', 0, reading, startOf(reading));
  if (!reading.dynamicScopeMet) return { root, problems: reading.problems };
  // A `$dynamicRef` that depends on the path taken to it: read again, following the paths.
  const dynamic = readingOf(schema, true);
  return {
    root: readSchemaNode(schema, '', 0, dynamic, startOf(dynamic)),
    problems: dynamic.problems,
  };
}

/** One reading of a document. */
type Reading = {
  readonly root: unknown;
  readonly draft: SchemaDraft;
  /** Keywords a later draft added, which the schema's draft ignores (see `keywordsLaterThan`). */
  readonly later: readonly string[];
  /** Whether the keywords of the validation vocabulary are judged (see {@link knowsVocabularies}). */
  readonly assertions: boolean;
  readonly problems: SchemaProblem[];
  /** Where references lead, read when the first one is met. */
  targets: ReferenceTargets | undefined;
  /**
   * Set when the reading follows the dynamic scope: the `$dynamicAnchor` names several schemas
   * declare (a `$dynamicRef` to one of them resolves by the path taken), and the scopes met, by key.
   */
  readonly dynamic:
    | { readonly names: readonly string[]; scopes: Map<string, DynamicScope> }
    | undefined;
  /** Set when a `$dynamicRef` was met that resolves by the path taken (see `prepareSchema`). */
  dynamicScopeMet: boolean;
};

/** Where a schema is read: the base URI around it, and the dynamic scope of the path to it. */
type Place = { readonly base: string; readonly scope: DynamicScope };

/**
 * 2020-12's dynamic scope, as far as a `$dynamicRef` needs it: for each name in `Reading.dynamic`,
 * the schema declaring it in the outermost resource entered. One scope per such binding, each
 * with its own nodes.
 */
type DynamicScope = {
  /** The URI of the `$dynamicAnchor` each name is bound to. */
  readonly bound: ReadonlyMap<string, string>;
  /**
   * The node read from each schema object in this scope: registered before its children are read,
   * so a schema that contains itself ends in a cycle of nodes instead of endless reading.
   */
  readonly memo: Map<object, SchemaNode>;
};

/** More scopes than this (a document built to multiply them) leave the schemas past them unjudged. */
const maxDynamicScopes = 64;

function readingOf(root: unknown, dynamic: boolean): Reading {
  const reading: Reading = {
    root,
    draft: draftOf(root),
    later: keywordsLaterThan(root),
    assertions: knowsVocabularies(root),
    problems: [],
    targets: undefined,
    dynamic: undefined,
    dynamicScopeMet: false,
  };
  if (!dynamic) return reading;
  const targets = referenceTargetsOf(root);
  const names = [...targets.dynamicAnchors].filter(([, count]) => count > 1).map(([name]) => name);
  return { ...reading, targets, dynamic: { names, scopes: new Map() } };
}

function startOf(reading: Reading): Place {
  const scope: DynamicScope = { bound: new Map(), memo: new Map() };
  reading.dynamic?.scopes.set('', scope);
  return { base: documentUri, scope };
}

/**
 * The scope once the resource at `base` is entered: its `$dynamicAnchor`s of the names that
 * resolve by path bind where no outer resource bound them first. `undefined` past
 * {@link maxDynamicScopes}.
 */
function enteredScope(
  scope: DynamicScope,
  base: string,
  reading: Reading,
): DynamicScope | undefined {
  const { dynamic, targets } = reading;
  if (dynamic === undefined || targets === undefined) return scope;
  let bound: Map<string, string> | undefined;
  for (const name of dynamic.names) {
    if (scope.bound.has(name)) continue;
    const uri = `${base}#${name}`;
    const anchor = targets.anchors.get(uri);
    if (!isRecord(anchor) || anchor.$dynamicAnchor !== name) continue;
    bound ??= new Map(scope.bound);
    bound.set(name, uri);
  }
  if (bound === undefined) return scope;
  const key = [...bound.values()].sort().join(' ');
  const known = dynamic.scopes.get(key);
  if (known !== undefined) return known;
  if (dynamic.scopes.size >= maxDynamicScopes) return undefined;
  const entered: DynamicScope = { bound, memo: new Map() };
  dynamic.scopes.set(key, entered);
  return entered;
}

function readSchemaNode(
  schema: unknown,
  pointer: string,
  depth: number,
  reading: Reading,
  place: Place,
): SchemaNode {
  const { problems } = reading;
  if (schema === true) return anySchemaNode;
  if (schema === false) return neverSchemaNode;
  if (typeof schema !== 'object' || schema === null) {
    problems.push({ pointer, message: 'a schema must be an object or a boolean' });
    return skipped({ code: 'malformed', keyword: '' });
  }
  if (depth > maxSchemaDepth) return skipped({ code: 'too-deep' });

  const seen = place.scope.memo.get(schema);
  if (seen !== undefined) return seen;
  try {
    if (Array.isArray(schema)) {
      problems.push({ pointer, message: 'a schema must be an object or a boolean' });
      return skipped({ code: 'malformed', keyword: '' });
    }
    return readJudgedNode(schema, pointer, depth, reading, place);
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
  reading: Reading,
  outer: Place,
): SchemaNode {
  const { problems, draft } = reading;
  const source = withoutKeywords(schema, reading.later);
  const base = baseUriOf(source, outer.base, draft);
  // A resource entered (its own `$id`, a reference into another, the document) may bind the
  // `$dynamicAnchor`s a `$dynamicRef` resolves to.
  const scope =
    base !== outer.base || depth === 0 ? enteredScope(outer.scope, base, reading) : outer.scope;
  if (scope === undefined) return skipped({ code: 'keyword', keyword: '$dynamicRef' });
  const place: Place = { base, scope };
  // References are read against the base around the schema (`referencedBy` reads its `$id`).
  const referring: Place = { base: outer.base, scope };
  const remember = (node: SchemaNode) => {
    outer.scope.memo.set(schema, node);
    scope.memo.set(schema, node);
  };
  const keywords = Object.keys(source);
  const reference = referenceFormOf(source, keywords, draft);
  if (reference === 'malformed') {
    problems.push({ pointer: `${pointer}/$ref`, message: '$ref must be a text' });
    return skipped({ code: 'malformed', keyword: '$ref' });
  }
  if (reference === 'alone') {
    const named = readReferenced(source, pointer, depth, reading, referring);
    remember(named);
    return named;
  }
  const referenceOnly = reference === 'first';
  // `not` of a schema that admits everything admits nothing, whatever sits beside it (but for a
  // `$ref` whose neighbours may be ignored).
  if (!referenceOnly && acceptsNothing(source)) return neverSchemaNode;

  const types = referenceOnly ? { kinds: 0 } : readTypes(source.type);
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
  if (!referenceOnly && source.properties !== undefined && !isRecord(source.properties)) {
    problems.push({ pointer: `${pointer}/properties`, message: 'properties must be an object' });
    return skipped({ code: 'malformed', keyword: 'properties' });
  }
  let applies = false;
  let unjudged: string | undefined;
  for (const keyword of keywords) {
    if (applicatorKeywords.has(keyword)) applies = !referenceOnly;
    if (unjudged === undefined && isUnjudged(keyword, source, reading)) unjudged = keyword;
  }
  const malformed = applies ? malformedApplicatorOf(source) : undefined;
  if (malformed !== undefined) {
    problems.push({ pointer: `${pointer}/${malformed.keyword}`, message: malformed.message });
    return skipped({ code: 'malformed', keyword: malformed.keyword });
  }

  const node: {
    -readonly [key in keyof JudgedSchemaNode]: JudgedSchemaNode[key];
  } = {
    kind: 'judged',
    types: types.kinds,
    admitsNull: true,
    defaultValue: Object.hasOwn(source, 'default') ? { value: source.default } : undefined,
    allowedValues: undefined,
    properties: undefined,
    required: [],
    additionalProperties: undefined,
    items: undefined,
    allOf: undefined,
    anyOf: undefined,
    oneOf: undefined,
    not: undefined,
    condition: undefined,
    dependentSchemas: undefined,
    unjudged: undefined,
    judges: { exact: undefined, lenient: undefined },
  };
  // Registered before the children are read (see `DynamicScope.memo`).
  remember(node);
  const read = (child: unknown, at: string) =>
    readSchemaNode(child, `${pointer}/${at}`, depth + 1, reading, place);
  const problem = (at: string, message: string) =>
    problems.push({ pointer: `${pointer}/${at}`, message });

  if (referenceOnly) {
    // Without a declared draft, only the `$ref` is judged: draft 7 ignores the keywords beside
    // it, so a value they refuse may still fit.
    node.allOf = [readReferenced(source, pointer, depth, reading, referring)];
    node.unjudged = keywords.find(
      (keyword) => keyword !== '$ref' && assertionKeywords.has(keyword),
    );
    return Object.freeze(node);
  }

  node.allowedValues = readAllowedValues(source, pointer, problems);
  node.admitsNull = keywordsAdmitNull(source);

  if (isRecord(source.properties)) {
    const properties = new Map<string, SchemaNode>();
    for (const name of Object.keys(source.properties)) {
      properties.set(
        name,
        read(source.properties[name], `properties/${escapePointerSegment(name)}`),
      );
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
        const at = `patternProperties/${escapePointerSegment(name)}`;
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
  if (reading.assertions) readAssertions(source, node, problem);
  if (reading.draft === '2020-12') {
    for (const keyword of ['unevaluatedProperties', 'unevaluatedItems'] as const) {
      if (source[keyword] !== undefined) node[keyword] = read(source[keyword], keyword);
    }
  }

  if (applies) {
    readApplicators(node, source, reading, read, (keyword) =>
      readReferenced(source, pointer, depth, reading, referring, keyword),
    );
  }
  node.unjudged = unjudged;

  // Frozen, so what the checker builds from a node (kept by the node) stays true to it.
  return Object.freeze(node);
}

type Source = Record<string, unknown>;

/** A schema as its draft reads it: without the `later` keywords (a copy when it has any). */
function withoutKeywords(schema: object, later: readonly string[]): Source {
  const source = schema as Source;
  if (!later.some((keyword) => Object.hasOwn(source, keyword))) return source;
  const copy = { ...source };
  for (const keyword of later) delete copy[keyword];
  return copy;
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

/** `dependentRequired`, and the lists among draft 7's `dependencies` (its schemas are applicators). */
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
          problem(
            `${keyword}/${escapePointerSegment(name)}`,
            'a dependency must be a list of names',
          );
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

/** The keywords that apply schemas to the node's own value (read by {@link readApplicators}). */
const applicatorKeywords: ReadonlySet<string> = new Set([
  '$ref',
  '$dynamicRef',
  'allOf',
  'anyOf',
  'oneOf',
  'not',
  'if',
  'dependentSchemas',
  'dependencies',
]);

/** The keywords {@link readAssertions} reads, judged only where the vocabulary is known. */
const vocabularyKeywords: ReadonlySet<string> = new Set([
  ...countKeywords,
  ...boundKeywords,
  'multipleOf',
  'pattern',
  'uniqueItems',
  'dependentRequired',
  'dependencies',
]);

/**
 * The keywords read into the node above, for the checker to judge. A keyword that can refuse a
 * value (`assertionKeywords`) and is not here makes a pass of the node incomplete.
 */
const judgedKeywords: ReadonlySet<string> = new Set([
  ...vocabularyKeywords,
  ...applicatorKeywords,
  'type',
  'enum',
  'const',
  'properties',
  'required',
  'patternProperties',
  'additionalProperties',
  'propertyNames',
  'prefixItems',
  'items',
  'additionalItems',
  'contains',
  'unevaluatedProperties',
  'unevaluatedItems',
]);

/** Whether a keyword of a node can refuse a value but is not judged there. */
function isUnjudged(keyword: string, source: Record<string, unknown>, reading: Reading): boolean {
  if (!assertionKeywords.has(keyword)) return false;
  if (!judgedKeywords.has(keyword)) return true;
  if (keyword === '$dynamicRef' || keyword.startsWith('unevaluated')) {
    return reading.draft !== '2020-12';
  }
  // Draft 4's boolean `exclusiveMaximum` is not judged (see `readAssertions`).
  if (keyword.startsWith('exclusive') && typeof source[keyword] === 'boolean') return true;
  // Under another metaschema, the validation vocabulary may be off: it is not judged.
  return !reading.assertions && vocabularyKeywords.has(keyword);
}

/** The keyword applying schemas that cannot be read as such (`anyOf: {}`), if any. */
function malformedApplicatorOf(
  source: Record<string, unknown>,
): { keyword: string; message: string } | undefined {
  for (const keyword of ['allOf', 'anyOf', 'oneOf']) {
    const list = source[keyword];
    if (list !== undefined && (!Array.isArray(list) || list.length === 0)) {
      return { keyword, message: `${keyword} must be a list of schemas` };
    }
  }
  for (const keyword of ['dependentSchemas', 'dependencies']) {
    if (source[keyword] !== undefined && !isRecord(source[keyword])) {
      return { keyword, message: `${keyword} must be an object` };
    }
  }
  return undefined;
}

/** Reads the schemas applied to the node's own value (checked by {@link malformedApplicatorOf}). */
function readApplicators(
  node: { -readonly [key in keyof JudgedSchemaNode]: JudgedSchemaNode[key] },
  source: Record<string, unknown>,
  reading: Reading,
  read: (child: unknown, at: string) => SchemaNode,
  readReference: (keyword: '$ref' | '$dynamicRef') => SchemaNode,
): void {
  for (const keyword of ['allOf', 'anyOf', 'oneOf'] as const) {
    const list = source[keyword];
    if (Array.isArray(list)) {
      node[keyword] = list.map((child, index) => read(child, `${keyword}/${index}`));
    }
  }
  const references = (['$ref', '$dynamicRef'] as const).filter(
    (keyword) =>
      typeof source[keyword] === 'string' && (keyword === '$ref' || reading.draft === '2020-12'),
  );
  if (references.length > 0) {
    node.allOf = [...references.map(readReference), ...(node.allOf ?? [])];
  }
  if (Object.hasOwn(source, 'not')) node.not = read(source.not, 'not');
  if (Object.hasOwn(source, 'if')) {
    node.condition = {
      test: read(source.if, 'if'),
      whenFits: Object.hasOwn(source, 'then') ? read(source.then, 'then') : undefined,
      whenNot: Object.hasOwn(source, 'else') ? read(source.else, 'else') : undefined,
    };
  }
  const dependents: Array<readonly [string, SchemaNode]> = [];
  for (const keyword of ['dependentSchemas', 'dependencies']) {
    const map = source[keyword];
    // Draft 7 has no `dependentSchemas`: there it is a name that asserts nothing.
    if (!isRecord(map) || (keyword === 'dependentSchemas' && reading.draft === 'draft7')) continue;
    for (const name of Object.keys(map)) {
      // Draft 7's list form is read with `dependentRequired` (see `readDependentRequired`).
      if (Array.isArray(map[name])) continue;
      dependents.push([name, read(map[name], `${keyword}/${escapePointerSegment(name)}`)]);
    }
  }
  if (dependents.length > 0) node.dependentSchemas = dependents;
}

/**
 * How a node's `$ref` is read: `alone` when the node is what it names (nothing beside it
 * asserts, or draft 7 ignores what does); `beside` the node's other keywords (2020-12); `first`,
 * judged alone in a node of its own, where a draft is not declared and keywords beside it assert
 * (draft 7 would ignore them) or where it has a `default` beside it.
 */
function referenceFormOf(
  source: Record<string, unknown>,
  keywords: readonly string[],
  draft: SchemaDraft,
): 'none' | 'alone' | 'first' | 'beside' | 'malformed' {
  if (!Object.hasOwn(source, '$ref')) return 'none';
  if (typeof source.$ref !== 'string') return 'malformed';
  if (draft === 'draft7') return 'alone';
  if (keywords.some((keyword) => keyword !== '$ref' && assertionKeywords.has(keyword))) {
    return draft === '2020-12' ? 'beside' : 'first';
  }
  return Object.hasOwn(source, 'default') ? 'first' : 'alone';
}

/**
 * The node a `$ref` names. A chain of references alone is followed to the first schema that is
 * more than one, so a cycle of them (which names no schema) is found before anything is read. A
 * reference that leaves the document or names nothing in it is not judged.
 */
function readReferenced(
  source: Record<string, unknown>,
  pointer: string,
  depth: number,
  reading: Reading,
  outer: Place,
  keyword: '$ref' | '$dynamicRef' = '$ref',
): SchemaNode {
  let { scope } = outer;
  const chain: unknown[] = [];
  // The scope each link after the first was reached in: the node read is its node there.
  const reachedIn: DynamicScope[] = [];
  let target: ReferenceTarget | undefined = { schema: source, base: outer.base };
  do {
    const link = target.schema as Record<string, unknown>;
    const linkKeyword = chain.length === 0 ? keyword : '$ref';
    target = referencedBy(link, target.base, reading, linkKeyword, scope);
    chain.push(link);
    if (target === undefined || chain.includes(target.schema)) {
      return skipped({ code: 'keyword', keyword });
    }
    // Each resource a reference leads into joins the dynamic scope, by pointer too.
    const resource = isRecord(target.schema)
      ? baseUriOf(target.schema, target.base, reading.draft)
      : target.base;
    const entered = enteredScope(scope, resource, reading);
    if (entered === undefined) return skipped({ code: 'keyword', keyword: '$dynamicRef' });
    reachedIn.push(scope);
    scope = entered;
  } while (
    isRecord(target.schema) &&
    !scope.memo.has(target.schema) &&
    referenceFormOf(target.schema, Object.keys(target.schema), reading.draft) === 'alone'
  );
  const at: Place = { base: target.base, scope };
  const node = readSchemaNode(target.schema, `${pointer}/$ref`, depth + 1, reading, at);
  chain.slice(1).forEach((link, index) => {
    reachedIn[index]?.memo.set(link as object, node);
  });
  return node;
}

function referencedBy(
  schema: Record<string, unknown>,
  outerBase: string,
  reading: Reading,
  keyword: '$ref' | '$dynamicRef',
  scope: DynamicScope,
): ReferenceTarget | undefined {
  reading.targets ??= referenceTargetsOf(reading.root);
  const { draft, targets } = reading;
  const reference = schema[keyword] as string;
  const target = resolveReference(targets, reference, baseUriOf(schema, outerBase, draft));
  if (keyword === '$dynamicRef') {
    // A `$dynamicRef` is a `$ref` unless it names a `$dynamicAnchor` another schema of the
    // document declares too: then the path taken to it decides, through the dynamic scope.
    const name = reference.slice(reference.indexOf('#') + 1);
    const anchored = isRecord(target?.schema) && target.schema.$dynamicAnchor === name;
    if (!anchored || (targets.dynamicAnchors.get(name) ?? 0) <= 1) return target;
    if (reading.dynamic === undefined) {
      reading.dynamicScopeMet = true;
      return undefined;
    }
    const bound = scope.bound.get(name);
    const schemaBound = bound === undefined ? undefined : targets.anchors.get(bound);
    if (!isRecord(schemaBound)) return target;
    return { schema: schemaBound, base: targets.outerBases.get(schemaBound) ?? documentUri };
  }
  // Draft 7 reads a `$ref` against the base outside its `$id`, 2020-12 inside it: without a
  // declared draft, only a target both agree on is followed.
  if (
    draft === 'unknown' &&
    typeof schema.$id === 'string' &&
    resolveReference(targets, reference, outerBase)?.schema !== target?.schema
  ) {
    return undefined;
  }
  return target;
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
