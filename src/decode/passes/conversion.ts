import { escapePointerSegment, type SchemaObject } from '../../schema/map-subschemas.ts';
import type { DecodePlan } from '../decode-plan.ts';
import type { StrictProfile } from '../provider-profiles.ts';

/** Something the conversion changed that the caller may want to know, with where it was. */
export type StrictSchemaNote = {
  readonly pointer: string;
  readonly message: string;
};

/** A part of the schema made strict: what is sent, and the plan that decodes it, together. */
export type Converted = { readonly schema: SchemaObject; readonly plan: DecodePlan };

/** Why the schema cannot be made strict, in one sentence. */
export type Refused = { readonly reason: string };

/** Where a node sits in the schema as read, references inlined. */
export type Place = {
  /** Its JSON pointer, for notes and reasons. */
  readonly pointer: string;
  /** The argument path it describes, as `defaults` keys are written: `filters.limit`, `events[].when`. */
  readonly path: string;
  /** Schema objects above it. */
  readonly depth: number;
  /** Objects it is a property of, all levels together. */
  readonly objects: number;
  /** The arguments object itself, the value of a named property, or any other subschema. */
  readonly role: 'root' | 'property' | 'other';
};

/** One conversion's settings, and what it gathers on the way; made per call. */
export type Conversion = {
  readonly profile: StrictProfile;
  /** The keywords the profile sends: its list without `stripKeywords`. */
  readonly keywords: ReadonlySet<string>;
  readonly defaults: Readonly<Record<string, unknown>>;
  /** The configured defaults a placeholder or a note took; the others match nothing. */
  readonly usedDefaults: Set<string>;
  readonly notes: StrictSchemaNote[];
  /** The schema as read (references in place), for the parts sent as JSON text. */
  readonly read: SchemaObject;
  /** The root with its references inlined, and the definitions kept for recursion. */
  readonly root: SchemaObject;
  readonly definitions: ReadonlyMap<string, SchemaObject>;
  /** The definition of any JSON value in the JSON-kinds form, and whether a part uses it. */
  readonly json: { readonly name: string; readonly ref: string; used: boolean };
  /** The plans of the definitions kept for recursion, by reference, filled once converted. */
  readonly references: Map<string, { plan: DecodePlan }>;
};

/** A kept reference of the schema sent, read as its source (for `admitsNull`). */
export function resolveKept(conversion: Conversion, ref: string): unknown {
  if (ref === conversion.json.ref) return true;
  if (ref === '#') return conversion.root;
  return ref.startsWith('#/$defs/')
    ? conversion.definitions.get(ref.slice('#/$defs/'.length))
    : undefined;
}

/** The place of a subschema below `place`, under `keyword` (and `name`, for a named property). */
export function placeBelow(place: Place, keyword: string, name?: string | number): Place {
  const property = keyword === 'properties';
  return {
    pointer: `${place.pointer}/${keyword}${name === undefined ? '' : `/${escapePointerSegment(String(name))}`}`,
    path: property
      ? place.path === ''
        ? String(name)
        : `${place.path}.${String(name)}`
      : keyword === 'items'
        ? `${place.path}[]`
        : place.path,
    depth: place.depth + 1,
    objects: property ? place.objects + 1 : place.objects,
    role: property ? 'property' : 'other',
  };
}

/** A name not among `taken`: `base`, else `base_2`, `base_3`, … */
export function uniqueName(base: string, taken: ReadonlySet<string>): string {
  let name = base;
  for (let index = 2; taken.has(name); index++) name = `${base}_${index}`;
  return name;
}

/** The keywords of `node` among `names`, in the order of `names`. */
export function pick(node: SchemaObject, names: readonly string[]): Record<string, unknown> {
  const picked: Record<string, unknown> = {};
  for (const name of names) if (Object.hasOwn(node, name)) picked[name] = node[name];
  return picked;
}
