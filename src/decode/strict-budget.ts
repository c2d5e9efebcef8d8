import { mapSubschemas, type SchemaLocation, type SchemaObject } from '../schema/map-subschemas.ts';
import type { StrictProfile } from './provider-profiles.ts';

/** What one strict tool costs against a provider's per-request budgets. */
export type StrictToolCost = {
  readonly name: string;
  /** Properties not in their object's `required`, all levels together. */
  readonly optionalParameters: number;
  /** Schemas with `anyOf` or a list of types, all levels together. */
  readonly unionParameters: number;
};

/** Counts what a converted strict schema spends of the per-request budgets. */
export function strictToolCost(name: string, schema: unknown): StrictToolCost {
  const cost = { name, optionalParameters: 0, unionParameters: 0 };
  mapSubschemas(schema, countNode, { context: cost });
  return cost;
}

/** The walk's visitor, made once at module level so that it stays compiled from walk to walk. */
function countNode(
  node: SchemaObject,
  location: SchemaLocation,
  cost: { optionalParameters: number; unionParameters: number },
): SchemaObject {
  const properties = node.properties;
  if (typeof properties === 'object' && properties !== null && !Array.isArray(properties)) {
    const required = new Set(Array.isArray(node.required) ? node.required : []);
    for (const key of Object.keys(properties)) if (!required.has(key)) cost.optionalParameters++;
  }
  if (location.length > 0 && (Array.isArray(node.anyOf) || Array.isArray(node.type))) {
    cost.unionParameters += 1;
  }
  return node;
}

/**
 * Which strict tools must go without strict so one request stays within the profile's budgets
 * (Anthropic: 20 strict tools, 24 optional and 16 union-typed parameters): the costliest first,
 * until every budget holds. Returns their names, costliest first; empty when all fit.
 */
export function overStrictBudget(
  tools: ReadonlyArray<{ readonly name: string; readonly schema: unknown }>,
  profile: StrictProfile,
): string[] {
  if (!hasStrictBudget(profile)) return [];
  const {
    maxStrictTools = Number.POSITIVE_INFINITY,
    maxOptionalParameters = Number.POSITIVE_INFINITY,
    maxUnionParameters = Number.POSITIVE_INFINITY,
  } = profile;
  const costs = tools.map(({ name, schema }) => strictToolCost(name, schema));
  // Costliest first; the original order breaks ties, so the result is stable.
  const byCost = costs
    .map((cost, index) => ({ cost, index }))
    .sort(
      (a, b) =>
        b.cost.optionalParameters +
          b.cost.unionParameters -
          (a.cost.optionalParameters + a.cost.unionParameters) || a.index - b.index,
    );
  let count = costs.length;
  let optional = costs.reduce((sum, cost) => sum + cost.optionalParameters, 0);
  let unions = costs.reduce((sum, cost) => sum + cost.unionParameters, 0);
  const dropped: string[] = [];
  for (const { cost } of byCost) {
    if (
      count <= maxStrictTools &&
      optional <= maxOptionalParameters &&
      unions <= maxUnionParameters
    ) {
      break;
    }
    dropped.push(cost.name);
    count -= 1;
    optional -= cost.optionalParameters;
    unions -= cost.unionParameters;
  }
  return dropped;
}

/** Whether the profile limits what one request may send strict (so a budget must be worked out). */
export function hasStrictBudget({
  maxStrictTools = Number.POSITIVE_INFINITY,
  maxOptionalParameters = Number.POSITIVE_INFINITY,
  maxUnionParameters = Number.POSITIVE_INFINITY,
}: StrictProfile): boolean {
  return (
    maxStrictTools !== Number.POSITIVE_INFINITY ||
    maxOptionalParameters !== Number.POSITIVE_INFINITY ||
    maxUnionParameters !== Number.POSITIVE_INFINITY
  );
}
