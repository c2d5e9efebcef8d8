import { acceptsNothing } from './accepts-nothing.ts';
import { deepEqual } from './deep-equal.ts';
import { isRecord } from './is-record.ts';
import { type JsonKindSet, kindOfTypeName } from './json-kind.ts';
import { keywordsAdmitNull } from './keywords-admit-null.ts';
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
    return readJudgedNode(schema, pointer, depth, memo, problems);
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
  };
  // Registered before the children are read, so a schema object that contains itself ends in a
  // cycle of nodes instead of endless reading.
  memo.set(schema, node);

  node.allowedValues = readAllowedValues(source, pointer, problems);
  node.admitsNull = keywordsAdmitNull(source);

  if (isRecord(source.properties)) {
    const properties = new Map<string, SchemaNode>();
    for (const name of Object.keys(source.properties)) {
      properties.set(
        name,
        readSchemaNode(
          source.properties[name],
          `${pointer}/properties/${escapePointer(name)}`,
          depth + 1,
          memo,
          problems,
        ),
      );
    }
    node.properties = properties;
  }

  if (source.required !== undefined) {
    if (Array.isArray(source.required)) {
      node.required = [...new Set(source.required.filter((name) => typeof name === 'string'))];
    } else {
      problems.push({
        pointer: `${pointer}/required`,
        message: 'required must be a list of names',
      });
    }
  }

  // `patternProperties` decides which names are "additional"; the checker does not judge patterns.
  if (source.additionalProperties !== undefined && source.patternProperties === undefined) {
    node.additionalProperties = readSchemaNode(
      source.additionalProperties,
      `${pointer}/additionalProperties`,
      depth + 1,
      memo,
      problems,
    );
  }

  // Tuple forms (`prefixItems`, draft 7 `items: [...]`) give positions their own schemas.
  if (
    source.items !== undefined &&
    !Array.isArray(source.items) &&
    source.prefixItems === undefined
  ) {
    node.items = readSchemaNode(source.items, `${pointer}/items`, depth + 1, memo, problems);
  }

  return node;
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
  return { members, scalars, composites };
}

function escapePointer(name: string): string {
  return name.replaceAll('~', '~0').replaceAll('/', '~1');
}
