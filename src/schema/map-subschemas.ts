import { defineOwn } from './define-own.ts';
import { SchemaError } from './schema-error.ts';
import { subschemaMapKeywordSet as mapKeywords, subschemaKeywords } from './subschema-keywords.ts';

/** A schema object: any JSON object read as a JSON Schema. */
export type SchemaObject = Readonly<Record<string, unknown>>;

/** Where a subschema sits, from the root: keywords and keys, e.g. `['properties', 'a', 'items']`. */
export type SchemaLocation = ReadonlyArray<string | number>;

/**
 * Called once per schema object, bottom-up: its subschemas have already been mapped. Returns the
 * node to put in its place (the same object to keep it). `context` is the walk's `context` option.
 * `location` is the walk's own list, changed as it goes on: read it during the call, copy it to
 * keep it.
 */
export type SubschemaVisitor<Context = undefined> = (
  schema: SchemaObject,
  location: SchemaLocation,
  context: Context,
) => unknown;

export type MapSubschemasOptions<Context = undefined> = {
  /** Deeper nesting throws a {@link SchemaError} (`too-deep`). Default 256. */
  maxDepth?: number;
  /** More schema objects in all throw a {@link SchemaError} (`too-large`). Default 100,000. */
  maxNodes?: number;
  /**
   * Handed to every call of `visit`, so a visitor that needs state can be one function made once
   * instead of a closure made per walk, and stays compiled from one walk to the next.
   */
  context?: Context;
};

const keywordOrder: ReadonlyMap<string, number> = new Map(
  subschemaKeywords.map((keyword, index) => [keyword, index]),
);

/**
 * The node's own subschema keywords (enumerable or not, as `Object.hasOwn` finds them), in the
 * table's order, which is the order their subschemas are visited. Reading the node's few names
 * costs less than asking for each keyword of the table.
 */
function ownSubschemaKeywords(node: object): string[] {
  const found: string[] = [];
  for (const name of Object.getOwnPropertyNames(node)) {
    if (keywordOrder.has(name)) found.push(name);
  }
  if (found.length > 1) {
    found.sort((a, b) => (keywordOrder.get(a) ?? 0) - (keywordOrder.get(b) ?? 0));
  }
  return found;
}

/**
 * Rewrites a schema bottom-up with `visit`, reaching every subschema listed in
 * `subschema-keywords.ts`. Never mutates: an unchanged branch keeps its identity, a changed one is
 * copied. Data keywords (`enum`, `const`, `default`, `examples`) are never entered.
 *
 * Throws {@link SchemaError} for a schema object that contains itself, or one too deep or too large
 * to walk.
 */
export function mapSubschemas<Context = undefined>(
  schema: unknown,
  visit: SubschemaVisitor<Context>,
  { maxDepth = 256, maxNodes = 100_000, context }: MapSubschemasOptions<Context> = {},
): unknown {
  const walk: Walk = {
    visit: visit as SubschemaVisitor<unknown>,
    context,
    maxDepth,
    maxNodes,
    ancestors: [],
    visited: 0,
  };
  // One list for the whole walk, each step below pushed before and popped after: a new list per
  // subschema cost more than the rest of the step.
  return mapNode(walk, schema, []);
}

/**
 * One walk's state. The walk's functions live at module level and take it as an argument, rather
 * than being closures made anew for every walk.
 */
type Walk = {
  readonly visit: SubschemaVisitor<unknown>;
  readonly context: unknown;
  readonly maxDepth: number;
  readonly maxNodes: number;
  /**
   * The objects above the current one, to find a schema that contains itself. A list, not a set:
   * it is never longer than `maxDepth`, and a short list is searched faster than a set is hashed.
   */
  readonly ancestors: object[];
  visited: number;
};

function mapNode(walk: Walk, node: unknown, location: Array<string | number>): unknown {
  if (typeof node !== 'object' || node === null || Array.isArray(node)) return node;
  if (walk.ancestors.includes(node)) {
    throw new SchemaError({ reason: 'cycle', pointer: toPointer(location) });
  }
  if (walk.ancestors.length >= walk.maxDepth) {
    throw new SchemaError({ reason: 'too-deep', pointer: toPointer(location) });
  }
  if (++walk.visited > walk.maxNodes) throw new SchemaError({ reason: 'too-large', pointer: '' });

  walk.ancestors.push(node);
  const source = node as SchemaObject;
  let copy: Record<string, unknown> | undefined;
  for (const keyword of ownSubschemaKeywords(source)) {
    const value = source[keyword];
    const mapped = mapKeyword(walk, keyword, value, location);
    if (mapped !== value) {
      copy ??= { ...source };
      copy[keyword] = mapped;
    }
  }
  walk.ancestors.pop();
  return walk.visit(copy ?? source, location, walk.context);
}

function mapKeyword(
  walk: Walk,
  keyword: string,
  value: unknown,
  location: Array<string | number>,
): unknown {
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    for (let index = 0; index < value.length; index++) {
      const entry = value[index];
      location.push(keyword, index);
      const mapped = mapNode(walk, entry, location);
      location.pop();
      location.pop();
      if (mapped !== entry) {
        copy ??= [...value];
        copy[index] = mapped;
      }
    }
    return copy ?? value;
  }
  if (!mapKeywords.has(keyword)) {
    location.push(keyword);
    const mapped = mapNode(walk, value, location);
    location.pop();
    return mapped;
  }
  if (typeof value !== 'object' || value === null) return value;
  const entries = value as Record<string, unknown>;
  let copy: Record<string, unknown> | undefined;
  for (const name of Object.keys(entries)) {
    location.push(keyword, name);
    const mapped = mapNode(walk, entries[name], location);
    location.pop();
    location.pop();
    if (mapped !== entries[name]) {
      copy ??= { ...entries };
      defineOwn(copy, name, mapped);
    }
  }
  return copy ?? value;
}

/**
 * Whether `test` holds for every schema object of a schema, reached as {@link mapSubschemas}
 * reaches them, without copying anything or building locations. Also `false` for a schema that
 * walk would refuse (a cycle, too deep, too many objects) or that cannot be read, so a caller
 * that then runs the walk gets the walk's own answer.
 */
export function everySubschema(
  schema: unknown,
  test: (schema: SchemaObject) => boolean,
  { maxDepth = 256, maxNodes = 100_000 }: MapSubschemasOptions = {},
): boolean {
  try {
    return every({ test, maxDepth, maxNodes, ancestors: [], visited: 0 }, schema);
  } catch {
    return false;
  }
}

type Search = Omit<Walk, 'visit' | 'context'> & {
  readonly test: (schema: SchemaObject) => boolean;
};

function every(search: Search, node: unknown): boolean {
  if (typeof node !== 'object' || node === null || Array.isArray(node)) return true;
  const { ancestors } = search;
  if (
    ancestors.includes(node) ||
    ancestors.length >= search.maxDepth ||
    ++search.visited > search.maxNodes
  ) {
    return false;
  }
  ancestors.push(node);
  const source = node as SchemaObject;
  for (const keyword of ownSubschemaKeywords(source)) {
    const value = source[keyword];
    if (Array.isArray(value)) {
      for (const entry of value) if (!every(search, entry)) return false;
    } else if (!mapKeywords.has(keyword)) {
      if (!every(search, value)) return false;
    } else if (typeof value === 'object' && value !== null) {
      const entries = value as Record<string, unknown>;
      for (const name of Object.keys(entries)) if (!every(search, entries[name])) return false;
    }
  }
  ancestors.pop();
  return search.test(source);
}

/** A location as a JSON pointer: `/properties/a~1b/items`. */
export function toPointer(location: SchemaLocation): string {
  let pointer = '';
  for (const segment of location) pointer += `/${escapePointerSegment(String(segment))}`;
  return pointer;
}

/** A name as one segment of a JSON pointer: `a/b` is `a~1b`, `a~b` is `a~0b`. */
export function escapePointerSegment(name: string): string {
  // Most names hold neither character: two searches cost less than two replacements.
  return name.includes('~') || name.includes('/')
    ? name.replaceAll('~', '~0').replaceAll('/', '~1')
    : name;
}
