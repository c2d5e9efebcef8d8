import {
  everySubschema,
  mapSubschemas,
  type SchemaObject,
  toPointer,
} from '../schema/map-subschemas.ts';
import { resolveRef } from '../schema/resolve-ref.ts';
import { SchemaError } from '../schema/schema-error.ts';

export type InlinedReferences = {
  /** The root with every reference inlined, except those that lead back into themselves. */
  readonly root: SchemaObject;
  /**
   * The targets of the references kept, by the name they are sent under (`#/$defs/<name>`), each
   * inlined the same way. A reference to the root (`#`) is kept as `#` and needs no definition.
   */
  readonly definitions: ReadonlyMap<string, SchemaObject>;
};

/** Thrown inside a walk when a reference turns out to be recursive: the walk starts over. */
class FoundRecursion extends Error {
  readonly ref: string;
  constructor(ref: string) {
    super(ref);
    this.ref = ref;
  }
}

/**
 * Like `inlineRefs`, but a reference that leads back into itself (a `z.lazy` tree, a `$ref` to an
 * ancestor, `#`) is kept as `{ $ref: '#/$defs/<name>' }` (or `#`), with its target among the
 * definitions, so a provider that accepts recursion can be sent the tree as it is. Every other
 * reference is inlined. Keywords beside a kept reference stay beside it.
 *
 * Throws {@link SchemaError} as `inlineRefs` does (`unresolved-ref`, `too-large`), and for a
 * reference that only ever leads to itself (`recursive-ref`).
 */
export function inlineReferences(
  schema: SchemaObject,
  {
    maxNodes = 100_000,
    backReferencesOnly = false,
  }: {
    /** Schema objects walked in all (every restart included), at most. */
    maxNodes?: number;
    /**
     * Inline every reference once, keeping only the one that leads back into its own inlining
     * (for a provider without recursion, which sends that part in another form): no definitions.
     */
    backReferencesOnly?: boolean;
  } = {},
): InlinedReferences {
  // One budget across restarts, so many recursive references cannot multiply the work.
  const budget = { left: maxNodes };
  if (backReferencesOnly) return inlineOnce(schema, new Map(), budget, true);
  const kept = new Map<string, string>([['#', '#']]);
  // Each restart learns one more recursive reference, so there are at most as many as references.
  for (let attempt = 0; attempt < 1000; attempt++) {
    try {
      return inlineOnce(schema, kept, budget);
    } catch (error) {
      if (!(error instanceof FoundRecursion)) throw error;
      if (kept.has(error.ref)) throw new SchemaError({ reason: 'recursive-ref', pointer: '' });
      kept.set(error.ref, definitionName(error.ref, new Set(kept.values())));
    }
  }
  throw new SchemaError({ reason: 'too-large', pointer: '' });
}

function inlineOnce(
  schema: SchemaObject,
  kept: ReadonlyMap<string, string>,
  budget: { left: number },
  backReferencesOnly = false,
): InlinedReferences {
  const used = new Set<string>();
  const inlineFrom = (start: unknown, chain: string[]): unknown =>
    mapSubschemas(start, inlineNode, {
      context: { schema, kept, budget, backReferencesOnly, used, chain },
    });

  const rest = withoutDefinitions(schema);
  // Most tool schemas hold no reference: one read-only pass finds that, and the walk would only
  // hand the same object back. Anything else (a reference, a schema the walk refuses) takes the walk.
  if (everySubschema(rest, hasNoReference, { maxNodes: Math.min(budget.left, 100_000) })) {
    return { root: rest, definitions: new Map() };
  }
  const root = inlineFrom(rest, ['#']) as SchemaObject;
  const definitions = new Map<string, SchemaObject>();
  if (backReferencesOnly) return { root, definitions };
  // A definition may use further kept references, which then need definitions too.
  const done = new Set<string>(['#']);
  for (let pending = [...used].filter((ref) => !done.has(ref)); pending.length > 0; ) {
    for (const ref of pending) {
      done.add(ref);
      const target = resolveRef(schema, ref);
      if (typeof target !== 'object' || target === null) {
        throw new SchemaError({ reason: 'unresolved-ref', pointer: '' });
      }
      const { $ref: targetRef } = target as SchemaObject;
      if (typeof targetRef === 'string' && kept.has(targetRef)) {
        // A definition that is only a reference to itself describes no value.
        throw new SchemaError({ reason: 'recursive-ref', pointer: '' });
      }
      const inlined = inlineFrom(target, [ref]);
      definitions.set(kept.get(ref) as string, inlined as SchemaObject);
    }
    pending = [...used].filter((ref) => !done.has(ref));
  }
  return { root, definitions };
}

/** The root without its definitions, which every reference inlined leaves unused. */
export function withoutDefinitions(schema: SchemaObject): SchemaObject {
  const { $defs: _defs, definitions: _definitions, ...rest } = schema;
  return rest;
}

/** One inlining walk: what it reads and counts, and the references it is inside of. */
type Inlining = {
  readonly schema: SchemaObject;
  readonly kept: ReadonlyMap<string, string>;
  readonly budget: { left: number };
  readonly backReferencesOnly: boolean;
  /** The kept references met. */
  readonly used: Set<string>;
  /** The references being inlined, outermost first. */
  readonly chain: string[];
};

/** The walk's visitor, made once at module level so that it stays compiled from walk to walk. */
function inlineNode(
  node: SchemaObject,
  location: ReadonlyArray<string | number>,
  inlining: Inlining,
): unknown {
  const { kept, chain } = inlining;
  if (--inlining.budget.left < 0) throw new SchemaError({ reason: 'too-large', pointer: '' });
  const ref = node.$ref;
  if (typeof ref !== 'string') return node;
  const { $ref: _ref, ...siblings } = node;
  const name = kept.get(ref);
  if (name !== undefined) {
    inlining.used.add(ref);
    return { ...siblings, $ref: name === '#' ? '#' : `#/$defs/${name}` };
  }
  if (chain.includes(ref)) {
    if (inlining.backReferencesOnly) return node;
    throw new FoundRecursion(ref);
  }
  const target = resolveRef(inlining.schema, ref);
  if (target === undefined) {
    throw new SchemaError({ reason: 'unresolved-ref', pointer: toPointer(location) });
  }
  chain.push(ref);
  const inlined = mapSubschemas(target, inlineNode, { context: inlining });
  chain.pop();
  if (typeof inlined !== 'object' || inlined === null) {
    return inlined === false ? false : siblings;
  }
  return { ...(inlined as SchemaObject), ...siblings };
}

function hasNoReference(node: SchemaObject): boolean {
  return typeof node.$ref !== 'string';
}

/** The last segment of a reference, made unique: `#/$defs/Node` is `Node`. */
function definitionName(ref: string, taken: ReadonlySet<string>): string {
  const last = ref.slice(ref.lastIndexOf('/') + 1).replace(/[^A-Za-z0-9_.-]/g, '_') || 'definition';
  let name = last;
  for (let index = 2; taken.has(name); index++) name = `${last}_${index}`;
  return name;
}
