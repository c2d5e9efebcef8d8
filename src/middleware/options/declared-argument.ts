import { isRecord } from '../../schema/is-record.ts';
import { resolveRef } from '../../schema/resolve-ref.ts';

/** One step of an argument path: a property name, then how many lists deep (`events[]`: 1). */
export type ArgumentPathStep = { readonly name: string; readonly lists: number };

/** Where an argument path leads in a tool's JSON Schema. */
export type DeclaredArgument =
  | {
      readonly declared: true;
      /** The argument's schema in each object that declares it (one, unless branches do). */
      readonly schemas: readonly unknown[];
      /** Whether every object that declares the argument also requires it. */
      readonly required: boolean;
    }
  | {
      readonly declared: false;
      /** The path of the object that lacks the name (`''`: the tool's arguments). */
      readonly parentPath: string;
      /** The name it lacks. */
      readonly name: string;
      /** The names that object declares, for a did-you-mean. */
      readonly names: readonly string[];
      /**
       * What that object admits beyond its names: `false` when it is closed
       * (`additionalProperties: false`), else the schema of another name's value (`true`: any).
       */
      readonly others: unknown;
    };

/** How many `$ref`s and branches one step follows, at most, so a looping schema ends. */
const maxShapes = 64;

/**
 * Reads `unit`, `filters.limit`, `events[].when` as steps; `undefined` for a path that is not one
 * (an empty name, `[]` anywhere but after a name).
 */
export function parseArgumentPath(path: string): ArgumentPathStep[] | undefined {
  const steps: ArgumentPathStep[] = [];
  for (const segment of path.split('.')) {
    const match = /^([^[\]]+)((?:\[\])*)$/.exec(segment);
    if (match === null) return undefined;
    steps.push({ name: match[1] as string, lists: (match[2] as string).length / 2 });
  }
  return steps;
}

/**
 * Finds the argument an option names in a tool's JSON Schema, following local `$ref`s and the
 * branches of `allOf`/`anyOf`/`oneOf`, as the checker does when it applies a default. Never
 * throws for any schema content; a step past what the schema describes is not declared.
 */
export function declaredArgument(
  root: unknown,
  steps: readonly ArgumentPathStep[],
): DeclaredArgument {
  let nodes: unknown[] = [root];
  let parentPath = '';
  let required = false;
  for (const { name, lists } of steps) {
    const shapes = objectShapes(root, nodes);
    const found: unknown[] = [];
    required = true;
    for (const shape of shapes) {
      const properties = shape.properties;
      if (!isRecord(properties) || !Object.hasOwn(properties, name)) continue;
      found.push(properties[name]);
      if (!(Array.isArray(shape.required) && shape.required.includes(name))) required = false;
    }
    if (found.length === 0) {
      return {
        declared: false,
        parentPath,
        name,
        names: [...new Set(shapes.flatMap((shape) => namesOf(shape)))],
        others: othersOf(shapes),
      };
    }
    nodes = found;
    for (let list = 0; list < lists; list++) {
      nodes = objectShapes(root, nodes).flatMap((shape) =>
        isRecord(shape.items) ? [shape.items] : [],
      );
    }
    parentPath = `${parentPath === '' ? '' : `${parentPath}.`}${name}${'[]'.repeat(lists)}`;
  }
  return { declared: true, schemas: nodes, required };
}

/**
 * The objects a schema is made of: itself, what its `$ref` points to, and its
 * `allOf`/`anyOf`/`oneOf` branches, each once and at most {@link maxShapes} in all.
 */
function objectShapes(root: unknown, nodes: readonly unknown[]): Array<Record<string, unknown>> {
  const shapes: Array<Record<string, unknown>> = [];
  const pending = nodes.slice(0, maxShapes);
  for (let index = 0; index < pending.length && shapes.length < maxShapes; index++) {
    const node = pending[index];
    if (!isRecord(node) || shapes.includes(node)) continue;
    shapes.push(node);
    if (typeof node.$ref === 'string') pending.push(resolveRef(root, node.$ref));
    for (const keyword of ['allOf', 'anyOf', 'oneOf'] as const) {
      const branches = node[keyword];
      if (!Array.isArray(branches)) continue;
      for (let branch = 0; branch < branches.length && pending.length < maxShapes * 2; branch++) {
        pending.push(branches[branch]);
      }
    }
  }
  return shapes;
}

function namesOf(shape: Record<string, unknown>): string[] {
  return isRecord(shape.properties) ? Object.keys(shape.properties) : [];
}

/** `false` when some part closes the object, else the schema other names must fit. */
function othersOf(shapes: ReadonlyArray<Record<string, unknown>>): unknown {
  let others: unknown = true;
  for (const shape of shapes) {
    const additional = shape.additionalProperties;
    if (additional === false || shape.unevaluatedProperties === false) return false;
    if (isRecord(additional)) others = additional;
  }
  return others;
}
