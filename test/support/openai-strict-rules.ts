/**
 * OpenAI's documented rules for strict tool schemas ("Supported schemas" in the Structured Outputs
 * guide), as a checker that lists every violation instead of stopping at the first. Written from
 * the documentation, independently of `toStrictSchema`, so the conversion is judged by the rules
 * and not by its own idea of them.
 *
 * - the root is `type: "object"`, not `anyOf`;
 * - every object has `additionalProperties: false` and a `required` listing every property;
 * - only the supported keywords appear, and `format` only with a supported value;
 * - at most 10 levels of nested objects;
 * - every schema has `type`, `anyOf`, `enum` or `const` (or is a bare `$ref`);
 * - a `$ref` has no keywords beside it;
 * - where `type` admits `null` and `enum` is present, `enum` lists `null`;
 * - a list has `items`;
 * - a `$ref` points at `#` (the root, for recursion) or at an entry of the root's `$defs`;
 * - at most 1,000 enum values in all, at most 5,000 properties in all, at most 120,000 characters
 *   across property names, definition names, enum and const strings, and at most 15,000 characters
 *   in a string enum of more than 250 values.
 */

export type StrictRulesOptions = {
  /**
   * Whether `type: ["string", "null"]` is accepted. OpenAI accepts it; Cerebras does not (it wants
   * `anyOf` with `{ type: "null" }`). Default true.
   */
  allowTypeLists?: boolean;
  /** The most branches one `anyOf` may have (Cerebras: 5). Default: no limit. */
  maxAnyOfBranches?: number;
};

export const openaiStrictKeywords: ReadonlySet<string> = new Set([
  'type',
  'description',
  'title',
  'properties',
  'required',
  'additionalProperties',
  'items',
  'enum',
  'const',
  'anyOf',
  'pattern',
  'format',
  'multipleOf',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'minItems',
  'maxItems',
  '$schema',
  '$defs',
  '$ref',
]);

export const openaiStrictFormats: ReadonlySet<string> = new Set([
  'date-time',
  'time',
  'date',
  'duration',
  'email',
  'hostname',
  'ipv4',
  'ipv6',
  'uuid',
]);

const typeNames = new Set(['string', 'number', 'integer', 'boolean', 'object', 'array', 'null']);
const maxNesting = 10;

/** Every way `schema` breaks OpenAI's strict rules, as `"<pointer>: <what>"`. Empty when none. */
export function strictRuleViolations(schema: unknown, options: StrictRulesOptions = {}): string[] {
  const violations: string[] = [];
  const allowTypeLists = options.allowTypeLists ?? true;

  if (!isRecord(schema)) return ['/: the root must be a schema object'];
  let enumValues = 0;
  let propertyCount = 0;
  let characters = 0;
  const definitions = isRecord(schema.$defs) ? schema.$defs : {};
  if (schema.type !== 'object') violations.push('/: the root must have type "object"');
  if (Object.hasOwn(schema, 'anyOf')) violations.push('/: the root must not be anyOf');

  const visit = (node: unknown, pointer: string, objectDepth: number): void => {
    const at = pointer || '/';
    if (!isRecord(node)) {
      violations.push(`${at}: a schema must be an object (got ${JSON.stringify(node)})`);
      return;
    }
    for (const keyword of Object.keys(node)) {
      if (!openaiStrictKeywords.has(keyword)) {
        violations.push(`${at}: keyword "${keyword}" is not supported`);
      }
    }
    if (Object.hasOwn(node, '$ref')) {
      const siblings = Object.keys(node).filter((keyword) => keyword !== '$ref');
      if (siblings.length > 0) {
        violations.push(`${at}: $ref cannot have keywords ${JSON.stringify(siblings)}`);
      }
      const ref = node.$ref;
      const known =
        ref === '#' ||
        (typeof ref === 'string' &&
          ref.startsWith('#/$defs/') &&
          Object.hasOwn(definitions, ref.slice('#/$defs/'.length)));
      if (!known) violations.push(`${at}: $ref ${JSON.stringify(ref)} points at no definition`);
      return;
    }
    if (
      !Object.hasOwn(node, 'type') &&
      !Object.hasOwn(node, 'anyOf') &&
      !Object.hasOwn(node, 'enum') &&
      !Object.hasOwn(node, 'const')
    ) {
      violations.push(`${at}: needs type, anyOf, enum or const`);
    }
    if (
      Object.hasOwn(node, 'format') &&
      !(typeof node.format === 'string' && openaiStrictFormats.has(node.format))
    ) {
      violations.push(`${at}: format ${JSON.stringify(node.format)} is not supported`);
    }

    const types = readTypes(node.type, at, violations, allowTypeLists);
    if (types.includes('null') && Object.hasOwn(node, 'enum')) {
      if (!Array.isArray(node.enum) || !node.enum.includes(null)) {
        violations.push(`${at}: type admits null, so enum must list null`);
      }
    }
    if (Object.hasOwn(node, 'enum') && !Array.isArray(node.enum)) {
      violations.push(`${at}: enum must be a list`);
    }
    if (Array.isArray(node.enum)) {
      enumValues += node.enum.length;
      const strings = node.enum.filter((member): member is string => typeof member === 'string');
      const length = strings.reduce((sum, member) => sum + member.length, 0);
      characters += length;
      if (strings.length > 250 && length > 15_000) {
        violations.push(`${at}: a string enum of more than 250 values has over 15,000 characters`);
      }
    }
    if (typeof node.const === 'string') characters += node.const.length;
    if (types.includes('array') && !Object.hasOwn(node, 'items')) {
      violations.push(`${at}: a list needs items`);
    }

    const isObject = types.includes('object') || Object.hasOwn(node, 'properties');
    const depth = isObject ? objectDepth + 1 : objectDepth;
    if (isObject) checkObject(node, at, pointer, depth);
    else if (Object.hasOwn(node, 'additionalProperties') || Object.hasOwn(node, 'required')) {
      violations.push(`${at}: additionalProperties/required on a schema that is not an object`);
    }

    if (Object.hasOwn(node, 'items')) {
      if (Array.isArray(node.items))
        violations.push(`${at}: items must be one schema, not a tuple`);
      else visit(node.items, `${pointer}/items`, depth);
    }
    if (Object.hasOwn(node, 'anyOf')) {
      if (!Array.isArray(node.anyOf) || node.anyOf.length === 0) {
        violations.push(`${at}: anyOf must be a non-empty list`);
      } else {
        if (
          options.maxAnyOfBranches !== undefined &&
          node.anyOf.length > options.maxAnyOfBranches
        ) {
          violations.push(`${at}: anyOf has more than ${options.maxAnyOfBranches} branches`);
        }
        node.anyOf.forEach((branch, index) => {
          visit(branch, `${pointer}/anyOf/${index}`, objectDepth);
        });
      }
    }
    if (Object.hasOwn(node, '$defs')) {
      if (!isRecord(node.$defs)) violations.push(`${at}: $defs must be an object`);
      else {
        for (const name of Object.keys(node.$defs)) {
          characters += name.length;
          visit(node.$defs[name], `${pointer}/$defs/${escapeName(name)}`, 0);
        }
      }
    }
  };

  const checkObject = (
    node: Record<string, unknown>,
    at: string,
    pointer: string,
    depth: number,
  ): void => {
    if (depth > maxNesting) {
      violations.push(`${at}: objects nested ${depth} levels deep (at most ${maxNesting})`);
    }
    if (node.additionalProperties !== false) {
      violations.push(`${at}: objects must have additionalProperties: false`);
    }
    const properties = isRecord(node.properties) ? node.properties : {};
    if (Object.hasOwn(node, 'properties') && !isRecord(node.properties)) {
      violations.push(`${at}: properties must be an object`);
    }
    const names = Object.keys(properties);
    const required = Array.isArray(node.required) ? node.required : undefined;
    if (required === undefined) {
      violations.push(`${at}: objects must have a required list`);
    } else {
      for (const name of names) {
        if (!required.includes(name)) violations.push(`${at}: "${name}" is not in required`);
      }
      for (const name of required) {
        if (typeof name !== 'string' || !Object.hasOwn(properties, name)) {
          violations.push(`${at}: required lists ${JSON.stringify(name)}, which is no property`);
        }
      }
    }
    for (const name of names) {
      propertyCount++;
      characters += name.length;
      visit(properties[name], `${pointer}/properties/${escapeName(name)}`, depth);
    }
  };

  visit(schema, '', 0);
  if (enumValues > 1000) violations.push(`/: ${enumValues} enum values in all (at most 1,000)`);
  if (propertyCount > 5000)
    violations.push(`/: ${propertyCount} properties in all (at most 5,000)`);
  if (characters > 120_000) {
    violations.push(
      `/: ${characters} characters in names, enum and const strings (at most 120,000)`,
    );
  }
  return violations;
}

function readTypes(
  type: unknown,
  at: string,
  violations: string[],
  allowTypeLists: boolean,
): string[] {
  if (type === undefined) return [];
  if (typeof type === 'string') {
    if (!typeNames.has(type)) violations.push(`${at}: unknown type ${JSON.stringify(type)}`);
    return [type];
  }
  if (!Array.isArray(type) || type.length === 0) {
    violations.push(`${at}: type must be a name or a non-empty list of names`);
    return [];
  }
  if (!allowTypeLists) violations.push(`${at}: a list of types is not accepted; use anyOf`);
  const names: string[] = [];
  for (const name of type) {
    if (typeof name !== 'string' || !typeNames.has(name)) {
      violations.push(`${at}: unknown type ${JSON.stringify(name)}`);
    } else {
      names.push(name);
    }
  }
  return names;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function escapeName(name: string): string {
  return name.replaceAll('~', '~0').replaceAll('/', '~1');
}
