import { JsonKind, kindOfValue } from '../schema/json-kind.ts';
import type { JudgedSchemaNode, SchemaNode } from '../schema/schema-node.ts';
import { isAllowedValue } from './check-enum.ts';
import { refusesNull } from './check-value.ts';

/** Whether a value fits a schema node exactly (as JSON Schema judges), without saying why not. */
export type ExactFit = (value: unknown) => boolean;

const fits: ExactFit = () => true;
const never: ExactFit = () => false;

const fitByNode = new WeakMap<SchemaNode, ExactFit | null>();

/**
 * The yes/no form of the checker for one schema: closures built once per schema node, no code
 * generation. Most model calls fit, and for them this answers without building paths or
 * sentences; when it says no, the full check runs and tells why. Anything exact accepts, lenient
 * accepts too, so one form serves both modes.
 *
 * `undefined` for a schema that contains itself (never so in JSON): the full check, which guards
 * against values that contain themselves, is used instead.
 */
export function exactFitOf(root: SchemaNode): ExactFit | undefined {
  const cached = fitByNode.get(root);
  if (cached !== undefined) return cached ?? undefined;
  const fit = buildFit(root, new Set());
  fitByNode.set(root, fit ?? null);
  return fit;
}

/** Builds the closure for one node; `undefined` when the node is on its own path (a cycle). */
function buildFit(node: SchemaNode, ancestors: Set<SchemaNode>): ExactFit | undefined {
  if (node.kind === 'any') return fits;
  if (node.kind === 'never') return never;
  if (ancestors.has(node)) return undefined;
  ancestors.add(node);
  const fit = buildJudgedFit(node, ancestors);
  ancestors.delete(node);
  return fit;
}

/** A property's closure, and whether `null` passes there when the name is not required. */
type PropertyFit = { readonly fit: ExactFit; readonly nullFits: boolean };

function buildJudgedFit(node: JudgedSchemaNode, ancestors: Set<SchemaNode>): ExactFit | undefined {
  const { types, admitsNull, allowedValues, required } = node;

  let items: ExactFit | undefined;
  if (node.items !== undefined) {
    items = buildFit(node.items, ancestors);
    if (items === undefined) return undefined;
  }

  const properties = new Map<string, PropertyFit>();
  for (const [name, child] of node.properties ?? []) {
    const fit = buildFit(child, ancestors);
    if (fit === undefined) return undefined;
    properties.set(name, { fit, nullFits: !refusesNull(child) });
  }
  let additional: PropertyFit | undefined;
  if (node.additionalProperties !== undefined) {
    const fit = buildFit(node.additionalProperties, ancestors);
    if (fit === undefined) return undefined;
    additional = { fit, nullFits: !refusesNull(node.additionalProperties) };
  }
  const judgesNames = properties.size > 0 || additional !== undefined;
  const requiredNames = new Set(required);

  const fitsObject = (value: Record<string, unknown>): boolean => {
    for (let index = 0; index < required.length; index++) {
      const name = required[index] as string;
      if (!Object.hasOwn(value, name) || value[name] === undefined) return false;
    }
    if (!judgesNames) return true;
    for (const name in value) {
      if (!Object.hasOwn(value, name)) continue;
      const property = value[name];
      if (property === undefined) continue;
      const entry = properties.get(name) ?? additional;
      if (entry === undefined) continue;
      // `null` for a name that may be left out: it fits where the node admits null.
      if (property === null && entry.fit !== never && !requiredNames.has(name)) {
        if (entry.nullFits) continue;
        return false;
      }
      if (!entry.fit(property)) return false;
    }
    return true;
  };

  return (value) => {
    const kinds = kindOfValue(value);
    if (types !== 0 && (kinds & types) === 0) {
      // OpenAPI's `nullable: true` admits null whatever the type says.
      return value === null && admitsNull;
    }
    if (allowedValues !== undefined && !isAllowedValue(allowedValues, value, false)) return false;
    if (kinds === JsonKind.object) return fitsObject(value as Record<string, unknown>);
    if (kinds === JsonKind.array && items !== undefined) {
      const list = value as unknown[];
      for (let index = 0; index < list.length; index++) {
        if (!items(list[index])) return false;
      }
    }
    return true;
  };
}
