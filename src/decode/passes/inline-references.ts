import {
  everySubschema,
  mapSubschemas,
  type SchemaObject,
  toPointer,
} from '../../schema/map-subschemas.ts';
import { resolveRef } from '../../schema/resolve-ref.ts';
import { SchemaError, type SchemaErrorReason } from '../../schema/schema-error.ts';

export type InlinedReferences =
  | {
      readonly kind: 'inlined';
      /** The root with every reference inlined, except those that lead back into themselves. */
      readonly root: SchemaObject;
      /**
       * The targets of the references kept, by the name they are sent under (`#/$defs/<name>`),
       * each inlined the same way. A reference to the root (`#`) is kept as `#` and needs no
       * definition.
       */
      readonly definitions: ReadonlyMap<string, SchemaObject>;
    }
  | { readonly kind: 'refused'; readonly reason: string };

/**
 * Like `inlineRefs`, but a reference that leads back into itself (a `z.lazy` tree, a `$ref` to an
 * ancestor, `#`) is kept as `{ $ref: '#/$defs/<name>' }` (or `#`), with its target among the
 * definitions, so a provider that accepts recursion can be sent the tree as it is. Every other
 * reference is inlined. Keywords beside a kept reference stay beside it.
 *
 * Refused, with the reason: a reference that cannot be resolved, one that only ever leads to
 * itself, a schema object that contains itself, or too many schema objects walked.
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
  const kept = new Map<string, string>(backReferencesOnly ? [] : [['#', '#']]);
  try {
    // Each restart learns one more recursive reference, so there are at most as many as references.
    for (let attempt = 0; attempt < 1000; attempt++) {
      const inlined = inlineOnce(schema, kept, budget, backReferencesOnly);
      if (inlined.kind !== 'recursion') return inlined;
      if (kept.has(inlined.ref)) return refused('recursive-ref', '');
      kept.set(inlined.ref, definitionName(inlined.ref, new Set(kept.values())));
    }
    return refused('too-large', '');
  } catch (error) {
    // A schema object that contains itself, or one too deep or too large to walk.
    if (SchemaError.isInstance(error)) return refused(error.reason, error.pointer);
    throw error;
  }
}

/** Why a schema cannot be walked, in one sentence. */
export function unwalkableReason(reason: SchemaErrorReason, pointer: string): string {
  const at = `"${pointer || '/'}"`;
  switch (reason) {
    case 'recursive-ref':
      return `the schema refers to itself at ${at}, and a recursive schema cannot be inlined`;
    case 'unresolved-ref':
      return `the reference at ${at} cannot be resolved within the schema`;
    case 'cycle':
      return `the schema object contains itself at ${at}`;
    case 'too-deep':
      return `the schema is nested too deeply (at ${at})`;
    case 'too-large':
      return 'the schema is too large to convert';
  }
}

function refused(reason: SchemaErrorReason, pointer: string): InlinedReferences {
  return { kind: 'refused', reason: unwalkableReason(reason, pointer) };
}

/** One inlining walk's outcome: a recursive reference met sends the walk back to the start. */
type Walked = InlinedReferences | { readonly kind: 'recursion'; readonly ref: string };

function inlineOnce(
  schema: SchemaObject,
  kept: ReadonlyMap<string, string>,
  budget: { left: number },
  backReferencesOnly: boolean,
): Walked {
  const used = new Set<string>();
  const inlining: Inlining = {
    schema,
    kept,
    budget,
    backReferencesOnly,
    used,
    chain: [],
    stop: undefined,
  };
  const inlineFrom = (start: unknown, ref: string): unknown => {
    inlining.chain.push(ref);
    const inlined = mapSubschemas(start, inlineNode, { context: inlining });
    inlining.chain.pop();
    return inlined;
  };

  const { $defs: _defs, definitions: _definitions, ...rest } = schema;
  // Most tool schemas hold no reference: one read-only pass finds that, and the walk would only
  // hand the same object back. Anything else (a reference, a schema the walk refuses) takes the walk.
  if (everySubschema(rest, hasNoReference, { maxNodes: Math.min(budget.left, 100_000) })) {
    return { kind: 'inlined', root: rest, definitions: new Map() };
  }
  const root = inlineFrom(rest, '#') as SchemaObject;
  const definitions = new Map<string, SchemaObject>();
  // A definition may use further kept references, which then need definitions too.
  const done = new Set<string>(['#']);
  for (
    let pending = [...used].filter((ref) => !done.has(ref));
    inlining.stop === undefined && pending.length > 0;
    pending = [...used].filter((ref) => !done.has(ref))
  ) {
    for (const ref of pending) {
      done.add(ref);
      const target = resolveRef(schema, ref);
      if (typeof target !== 'object' || target === null) {
        return refused('unresolved-ref', '');
      }
      const { $ref: targetRef } = target as SchemaObject;
      if (typeof targetRef === 'string' && kept.has(targetRef)) {
        // A definition that is only a reference to itself describes no value.
        return refused('recursive-ref', '');
      }
      definitions.set(kept.get(ref) as string, inlineFrom(target, ref) as SchemaObject);
      if (inlining.stop !== undefined) break;
    }
  }
  return inlining.stop ?? { kind: 'inlined', root, definitions };
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
  /** Why the walk stopped early: the rest of it hands every node back as it is. */
  stop: Walked | undefined;
};

/** The walk's visitor, made once at module level so that it stays compiled from walk to walk. */
function inlineNode(
  node: SchemaObject,
  location: ReadonlyArray<string | number>,
  inlining: Inlining,
): unknown {
  const { kept, chain } = inlining;
  if (inlining.stop !== undefined) return node;
  if (--inlining.budget.left < 0) {
    inlining.stop = refused('too-large', '');
    return node;
  }
  const ref = node.$ref;
  if (typeof ref !== 'string') return node;
  const { $ref: _ref, ...siblings } = node;
  const name = kept.get(ref);
  if (name !== undefined) {
    inlining.used.add(ref);
    return { ...siblings, $ref: name === '#' ? '#' : `#/$defs/${name}` };
  }
  if (chain.includes(ref)) {
    if (!inlining.backReferencesOnly) inlining.stop = { kind: 'recursion', ref };
    return node;
  }
  const target = resolveRef(inlining.schema, ref);
  if (target === undefined) {
    inlining.stop = refused('unresolved-ref', toPointer(location));
    return node;
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
