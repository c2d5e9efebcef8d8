import { argumentPathOf, sentObjectDepth } from '../../decode/argument-path.ts';
import { inlineReferences } from '../../decode/passes/inline-references.ts';
import { isRecord } from '../../schema/is-record.ts';
import { mapSubschemas, type SchemaObject } from '../../schema/map-subschemas.ts';

/** An argument a tool's schema declares, by the argument path `defaults` names it with. */
export type DeclaredArgument = {
  /** `unit`, `filters.limit`, `events[].when`. */
  readonly path: string;
  /** The path of the object that declares it (`''`: the tool's arguments). */
  readonly parentPath: string;
  readonly name: string;
  readonly schema: unknown;
  /** Whether that object requires it. */
  readonly required: boolean;
};

const combiningKeywords = ['allOf', 'anyOf', 'oneOf'] as const;

/** The keywords an argument path passes through: objects' properties, list items, branches. */
const argumentKeywords = new Set<string>(['properties', 'items', ...combiningKeywords]);

/**
 * Every argument a tool's schema declares, found where the strict conversion looks for the
 * argument a default names: local references inlined (a recursive one is not followed), then each
 * object reached through `properties`, list `items` and the branches of `anyOf`, `oneOf` and
 * `allOf`. Throws `SchemaError` for a schema too deep or too large to walk.
 */
export function declaredArguments(schema: SchemaObject): DeclaredArgument[] {
  const root = withReferencesInlined(schema);
  const declared: DeclaredArgument[] = [];
  mapSubschemas(root, (node, location) => {
    const { properties } = node;
    if (!isRecord(properties) || sentObjectDepth(location, argumentKeywords) < 0) return node;
    const parentPath = argumentPathOf(location);
    const requiredNames = Array.isArray(node.required) ? node.required : [];
    for (const [name, schema] of Object.entries(properties)) {
      const path = joinArgumentPath(parentPath, name);
      const required = requiredNames.includes(name);
      declared.push({ path, parentPath, name, schema, required });
    }
    return node;
  });
  return declared;
}

/**
 * Where an argument path leaves what the schema declares: the path of the object that lacks a
 * name, that name, and the names the object has.
 */
export function missingStep(
  declared: readonly DeclaredArgument[],
  path: string,
): { parentPath: string; name: string; names: string[] } {
  const namesAt = (parentPath: string) => [
    ...new Set(declared.filter((a) => a.parentPath === parentPath).map((a) => a.name)),
  ];
  const steps = path.split('.');
  let parentPath = '';
  for (const step of steps.slice(0, -1)) {
    const name = step.replace(/(?:\[\])+$/, '');
    const names = namesAt(parentPath);
    if (!names.includes(name)) return { parentPath, name, names };
    parentPath = joinArgumentPath(parentPath, step);
  }
  return { parentPath, name: steps.at(-1) ?? path, names: namesAt(parentPath) };
}

/** `filters` and `limit` as `filters.limit`; a name of the arguments object as itself. */
export function joinArgumentPath(parentPath: string, name: string): string {
  return parentPath === '' ? name : `${parentPath}.${name}`;
}

/** The schema with its local references inlined; as it is when one points outside it. */
function withReferencesInlined(schema: SchemaObject): SchemaObject {
  const inlined = inlineReferences(schema);
  return inlined.kind === 'inlined' ? inlined.root : schema;
}
