/**
 * How the app narrows or fixes one parameter of a tool: `{ enum }` or `{ value }`, never both.
 *
 * @example
 * import type { ToolOverrides } from 'toolgate';
 *
 * const payOverrides: ToolOverrides = { currency: { enum: ['EUR'] }, account: { value: 'acme-main' } };
 */
export type ParameterOverride = (
  | {
      /** Narrows the allowed values: the model is offered only these, and the check enforces them. */
      readonly enum: readonly unknown[];
      readonly value?: never;
    }
  | {
      /**
       * Fixes the value: the parameter is removed from what the model sees and the tool always gets
       * this value. A model that sends another value is refused.
       */
      readonly value: unknown;
      readonly enum?: never;
    }
) & {
  /**
   * `true` adds a parameter the tool's schema does not declare (the schema must admit other
   * parameters: no `additionalProperties: false`): a fixed `value` is handed to the tool, an `enum`
   * is offered to the model as a new optional parameter. Without it, an override of an undeclared
   * name is an error naming the nearest declared one, so a typo never leaves the real parameter
   * unconstrained.
   */
  readonly newParameter?: boolean;
};

/** Overrides for one tool's top-level parameters, by parameter name. */
export type ToolOverrides = Readonly<Record<string, ParameterOverride>>;

export type OverriddenSchemas = {
  /** The schema the model is offered: narrowed enums, fixed parameters removed. */
  readonly offered: unknown;
  /**
   * The schema calls are judged against: narrowed enums, fixed parameters as `false` (sent at
   * all, with another value, they are refused without the sentence naming the fixed value).
   */
  readonly judged: unknown;
  /** Fixed parameters and their values, handed to the tool whatever the model sent. */
  readonly fixedValues: ReadonlyMap<string, unknown>;
};

/**
 * Applies a tool's parameter overrides to its JSON Schema, giving what the model is offered and
 * what the check judges. Never mutates the schema.
 */
export function applyOverrides(
  schema: unknown,
  overrides: ToolOverrides | undefined,
): OverriddenSchemas {
  if (overrides === undefined || typeof schema !== 'object' || schema === null) {
    return { offered: schema, judged: schema, fixedValues: new Map() };
  }
  const source = schema as Record<string, unknown>;
  const properties = (
    typeof source.properties === 'object' && source.properties !== null ? source.properties : {}
  ) as Record<string, unknown>;
  const required = Array.isArray(source.required) ? (source.required as unknown[]) : [];
  const offeredProperties: Record<string, unknown> = { ...properties };
  const judgedProperties: Record<string, unknown> = { ...properties };
  const fixedValues = new Map<string, unknown>();

  for (const [name, override] of Object.entries(overrides)) {
    if (Object.hasOwn(override, 'value')) {
      fixedValues.set(name, override.value);
      delete offeredProperties[name];
      judgedProperties[name] = false;
    } else if (override.enum !== undefined) {
      const narrowed = { ...asObject(properties[name]), enum: [...override.enum] };
      offeredProperties[name] = narrowed;
      judgedProperties[name] = narrowed;
    }
  }
  return {
    offered: {
      ...source,
      properties: offeredProperties,
      required: required.filter((name) => !fixedValues.has(String(name))),
    },
    judged: {
      ...source,
      properties: judgedProperties,
      required: required.filter((name) => !fixedValues.has(String(name))),
    },
    fixedValues,
  };
}

function asObject(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
}
