import { JsonKind, kindOfValue } from '../schema/json-kind.ts';
import type { AllowedValues, SchemaNode } from '../schema/schema-node.ts';
import { isAllowedValue } from './check-enum.ts';
import { refusesNull } from './check-value.ts';

/**
 * The yes/no form of one schema node: plain data of one shape, read by the one function
 * {@link fits}, so the engine sees a single, monomorphic loop instead of a closure per node (and no
 * code generation). Most model calls fit, and for them this answers without building paths or
 * sentences; when it says no, the full check runs and tells why.
 */
type FitNode = {
  /** 0: anything fits; 1: nothing fits; 2: judged by the fields below. */
  readonly kind: 0 | 1 | 2;
  readonly types: number;
  readonly admitsNull: boolean;
  readonly allowedValues: AllowedValues | undefined;
  readonly properties: readonly PropertyFit[];
  readonly names: readonly string[];
  /** Required names that are not among the named properties. */
  readonly otherRequired: readonly string[];
  /** `'open'`: other names pass; `'closed'`: none may appear; else their schema. */
  readonly others: 'open' | 'closed' | FitNode;
  readonly othersNullFits: boolean;
  readonly items: FitNode | undefined;
};

const anyFit: FitNode = emptyFit(0);
const neverFit: FitNode = emptyFit(1);

function emptyFit(kind: 0 | 1): FitNode {
  return {
    kind,
    types: 0,
    admitsNull: true,
    allowedValues: undefined,
    properties: [],
    names: [],
    otherRequired: [],
    others: 'open',
    othersNullFits: true,
    items: undefined,
  };
}

type PropertyFit = {
  readonly name: string;
  readonly fit: FitNode;
  readonly required: boolean;
  /** Whether `null` fits when the name may be left out. */
  readonly nullFits: boolean;
  /** Whether Object.prototype has the name too, so it must be read as an own property only. */
  readonly inherited: boolean;
};

/** Whether a value fits exactly (as JSON Schema judges); anything exact accepts, lenient does too. */
export type ExactFit = (value: unknown) => boolean;

const fitByNode = new WeakMap<SchemaNode, ExactFit | null>();

/**
 * The yes/no check for a prepared schema, built once per schema. `undefined` for a schema that
 * contains itself (never so in JSON): the full check, which guards against values that contain
 * themselves, is used instead.
 */
export function exactFitOf(root: SchemaNode): ExactFit | undefined {
  const cached = fitByNode.get(root);
  if (cached !== undefined) return cached ?? undefined;
  const node = buildFit(root, new Set());
  const fit = node === undefined ? undefined : (value: unknown) => fits(node, value);
  fitByNode.set(root, fit ?? null);
  return fit;
}

function buildFit(node: SchemaNode, ancestors: Set<SchemaNode>): FitNode | undefined {
  if (node.kind === 'any') return anyFit;
  if (node.kind === 'never') return neverFit;
  if (ancestors.has(node)) return undefined;
  ancestors.add(node);
  try {
    const requiredNames = new Set(node.required);
    const properties: PropertyFit[] = [];
    for (const [name, child] of node.properties ?? []) {
      const fit = buildFit(child, ancestors);
      if (fit === undefined) return undefined;
      properties.push({
        name,
        fit,
        required: requiredNames.has(name),
        nullFits: !refusesNull(child),
        inherited: name in Object.prototype,
      });
    }
    let others: FitNode['others'] = 'open';
    if (node.additionalProperties !== undefined) {
      const fit = buildFit(node.additionalProperties, ancestors);
      if (fit === undefined) return undefined;
      others = fit === neverFit ? 'closed' : fit === anyFit ? 'open' : fit;
    }
    let items: FitNode | undefined;
    if (node.items !== undefined) {
      items = buildFit(node.items, ancestors);
      if (items === undefined) return undefined;
    }
    return {
      kind: 2,
      types: node.types,
      admitsNull: node.admitsNull,
      allowedValues: node.allowedValues,
      properties,
      names: properties.map(({ name }) => name),
      otherRequired: node.required.filter((name) => node.properties?.has(name) !== true),
      others,
      othersNullFits:
        node.additionalProperties === undefined || !refusesNull(node.additionalProperties),
      items,
    };
  } finally {
    ancestors.delete(node);
  }
}

function fits(node: FitNode, value: unknown): boolean {
  if (node.kind !== 2) return node.kind === 0;
  const kinds = kindOfValue(value);
  if (node.types !== 0 && (kinds & node.types) === 0) {
    // OpenAPI's `nullable: true` admits null whatever the type says.
    return value === null && node.admitsNull;
  }
  if (node.allowedValues !== undefined && !isAllowedValue(node.allowedValues, value, false)) {
    return false;
  }
  if (kinds === JsonKind.object) return fitsObject(node, value as Record<string, unknown>);
  if (kinds === JsonKind.array && node.items !== undefined) {
    const list = value as unknown[];
    for (let index = 0; index < list.length; index++) {
      if (!fits(node.items, list[index])) return false;
    }
  }
  return true;
}

function fitsObject(node: FitNode, value: Record<string, unknown>): boolean {
  const { properties, others } = node;
  let present = 0;
  for (let index = 0; index < properties.length; index++) {
    const entry = properties[index] as PropertyFit;
    const property =
      entry.inherited && !Object.hasOwn(value, entry.name) ? undefined : value[entry.name];
    if (property === undefined) {
      if (entry.required) return false;
      continue;
    }
    present++;
    if (property === null && !entry.required) {
      if (entry.nullFits) continue;
      return false;
    }
    if (!fits(entry.fit, property)) return false;
  }
  for (const name of node.otherRequired) {
    if (!Object.hasOwn(value, name) || value[name] === undefined) return false;
  }
  if (others === 'open') return true;
  if (others === 'closed') {
    // Any other name is an unknown argument; a key holding `undefined` (not JSON) is counted too,
    // and then the full check decides.
    let count = 0;
    for (const _name in value) count++;
    return count === present;
  }
  return fitsOthers(node, others, value);
}

/** Names the node does not list, against `additionalProperties` given as a schema. */
function fitsOthers(node: FitNode, others: FitNode, value: Record<string, unknown>): boolean {
  for (const name of Object.keys(value)) {
    if (node.names.includes(name)) continue;
    const property = value[name];
    if (property === undefined) continue;
    if (property === null && !node.otherRequired.includes(name)) {
      if (node.othersNullFits) continue;
      return false;
    }
    if (!fits(others, property)) return false;
  }
  return true;
}
