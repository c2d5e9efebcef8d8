import type { ToolSet } from 'ai';
import { checkArguments } from '../checker/check-arguments.ts';
import { nearestName } from '../checker/nearest-name.ts';
import {
  type ProfileName,
  profileNamed,
  profileNames,
  type StrictProfile,
} from '../decode/provider-profiles.ts';
import type { ToolGateOptions } from './gate-options.ts';
import { InvalidGateOptionError } from './invalid-gate-option-error.ts';
import { perToolOption } from './per-tool-option.ts';

/** The profile a `strict` value or a `profiles` entry gives: a profile object or its name. */
export function resolveProfile(profile: StrictProfile | string): StrictProfile | undefined {
  if (typeof profile !== 'string') return profile;
  return isProfileName(profile) ? profileNamed(profile) : undefined;
}

function isProfileName(name: string): name is ProfileName {
  return (profileNames as readonly string[]).includes(name);
}

/**
 * Checks what can be checked of `toolGate`'s options when the gate is built, so a typo fails
 * there, named, instead of silently changing what the gate does. What depends on a tool's schema
 * is checked by {@link validateToolOptions} once the schema is known.
 */
export function validateGateOptions<TOOLS extends ToolSet>(options: ToolGateOptions<TOOLS>): void {
  if (typeof options !== 'object' || options === null) {
    throw new InvalidGateOptionError({
      option: 'options',
      message: 'toolGate needs an options object, e.g. toolGate({ tools }).',
    });
  }
  const { tools, strict, profiles, defaults, overrides, leniency, maxMismatches, onRefusal } =
    options;
  if (tools !== undefined && !isRecord(tools)) {
    throw new InvalidGateOptionError({
      option: 'tools',
      message: 'expected an object of tools by name.',
    });
  }
  if (
    strict !== undefined &&
    strict !== 'auto' &&
    typeof strict !== 'boolean' &&
    !isProfile(strict) &&
    !(typeof strict === 'string' && isProfileName(strict))
  ) {
    throw new InvalidGateOptionError({
      option: 'strict',
      message: `expected 'auto', true, false, a profile name (${listedProfileNames()}) or a StrictProfile; got ${describe(strict)}.`,
    });
  }
  if (profiles !== undefined) {
    if (!isRecord(profiles)) {
      throw new InvalidGateOptionError({
        option: 'profiles',
        message: 'expected an object of profiles by provider id.',
      });
    }
    for (const [providerId, profile] of Object.entries(profiles)) {
      if (!isProfile(profile) && !(typeof profile === 'string' && isProfileName(profile))) {
        throw new InvalidGateOptionError({
          option: 'profiles',
          path: providerId,
          message: `expected a StrictProfile or a profile name (${listedProfileNames()}); got ${describe(profile)}.`,
        });
      }
    }
  }
  if (leniency !== undefined && leniency !== 'lenient' && leniency !== 'exact') {
    throw new InvalidGateOptionError({
      option: 'leniency',
      message: `expected 'lenient' or 'exact'; got ${describe(leniency)}.`,
    });
  }
  if (
    maxMismatches !== undefined &&
    !(
      maxMismatches === Number.POSITIVE_INFINITY ||
      (Number.isInteger(maxMismatches) && maxMismatches >= 1)
    )
  ) {
    throw new InvalidGateOptionError({
      option: 'maxMismatches',
      message: `expected a whole number of at least 1 (or Infinity); got ${describe(maxMismatches)}.`,
    });
  }
  if (onRefusal !== undefined && typeof onRefusal !== 'function') {
    throw new InvalidGateOptionError({
      option: 'onRefusal',
      message: `expected a function; got ${describe(onRefusal)}.`,
    });
  }
  const toolNames = tools === undefined ? undefined : Object.keys(tools);
  checkPerToolOption('defaults', defaults, toolNames);
  checkPerToolOption('overrides', overrides, toolNames);
  for (const [toolName, toolOverrides] of Object.entries(overrides ?? {})) {
    for (const [parameter, override] of Object.entries(toolOverrides ?? {})) {
      checkOverrideShape(toolName, parameter, override);
    }
  }
}

const validatedSchemas = new WeakMap<object, WeakSet<object>>();

/**
 * Checks a tool's `defaults` and `overrides` against its JSON Schema: every path names an
 * argument the schema has (unless the schema is open there by design: `additionalProperties` not
 * `false`), every default and fixed value fits its argument's schema, and an override `enum`
 * narrows: each member is allowed by the schema, and at least one remains. Runs once per schema
 * object and options object.
 */
export function validateToolOptions<TOOLS extends ToolSet>({
  options,
  toolName,
  schema,
}: {
  options: ToolGateOptions<TOOLS>;
  toolName: string;
  schema: unknown;
}): void {
  const defaults = perToolOption(options.defaults, toolName);
  const overrides = perToolOption(options.overrides, toolName);
  if ((defaults === undefined && overrides === undefined) || !isRecord(schema)) return;
  let seen = validatedSchemas.get(schema);
  if (seen?.has(options)) return;

  for (const [path, value] of Object.entries(defaults ?? {})) {
    const argument = argumentSchemaAt(schema, path);
    if (argument === 'unknown') {
      throw new InvalidGateOptionError({
        option: 'defaults',
        toolName,
        path,
        message: `the tool has no argument "${path}"${suggestion(path, argumentPaths(schema))}.`,
      });
    }
    if (argument !== 'open') assertFits({ option: 'defaults', toolName, path, argument, value });
  }
  for (const [parameter, override] of Object.entries(overrides ?? {})) {
    const argument = argumentSchemaAt(schema, parameter);
    if (argument === 'unknown') {
      throw new InvalidGateOptionError({
        option: 'overrides',
        toolName,
        path: parameter,
        message: `the tool has no parameter "${parameter}"${suggestion(parameter, Object.keys(propertiesOf(schema)))}; an override cannot add one.`,
      });
    }
    if (Object.hasOwn(override, 'value') && argument !== 'open') {
      assertFits({
        option: 'overrides',
        toolName,
        path: parameter,
        argument,
        value: override.value,
      });
    }
    if (override.enum !== undefined && argument !== 'open') {
      for (const member of override.enum) {
        assertFits({ option: 'overrides', toolName, path: parameter, argument, value: member });
      }
    }
  }
  if (seen === undefined) {
    seen = new WeakSet();
    validatedSchemas.set(schema, seen);
  }
  seen.add(options);
}

function checkPerToolOption(
  option: 'defaults' | 'overrides',
  value: unknown,
  toolNames: readonly string[] | undefined,
): void {
  if (value === undefined) return;
  if (!isRecord(value)) {
    throw new InvalidGateOptionError({ option, message: 'expected an object by tool name.' });
  }
  for (const [toolName, perTool] of Object.entries(value)) {
    if (!isRecord(perTool)) {
      throw new InvalidGateOptionError({
        option,
        toolName,
        message: `expected an object by ${option === 'defaults' ? 'argument path' : 'parameter'}; got ${describe(perTool)}.`,
      });
    }
    // With tools given up front, a name that is not one of them is a typo; tools may also come
    // per request (gate.wrapTools), and those are checked when they do.
    if (toolNames !== undefined && !toolNames.includes(toolName)) {
      throw new InvalidGateOptionError({
        option,
        toolName,
        message: `there is no tool "${toolName}" among the gate's tools${suggestion(toolName, toolNames)}.`,
      });
    }
  }
}

function checkOverrideShape(toolName: string, parameter: string, override: unknown): void {
  if (!isRecord(override)) {
    throw new InvalidGateOptionError({
      option: 'overrides',
      toolName,
      path: parameter,
      message: `expected { enum } or { value }; got ${describe(override)}.`,
    });
  }
  const hasValue = Object.hasOwn(override, 'value');
  if (hasValue && override.enum !== undefined) {
    throw new InvalidGateOptionError({
      option: 'overrides',
      toolName,
      path: parameter,
      message: 'give either `enum` or `value`, not both.',
    });
  }
  if (hasValue) {
    const problem = notJson(override.value);
    if (problem !== undefined) {
      throw new InvalidGateOptionError({
        option: 'overrides',
        toolName,
        path: parameter,
        message: `a fixed value must be JSON, and ${problem}.`,
      });
    }
  }
  if (override.enum !== undefined) {
    if (!Array.isArray(override.enum) || override.enum.length === 0) {
      throw new InvalidGateOptionError({
        option: 'overrides',
        toolName,
        path: parameter,
        message: '`enum` must be a list of at least one allowed value.',
      });
    }
    for (const member of override.enum) {
      const problem = notJson(member);
      if (problem !== undefined) {
        throw new InvalidGateOptionError({
          option: 'overrides',
          toolName,
          path: parameter,
          message: `\`enum\` members must be JSON, and ${problem}.`,
        });
      }
    }
  }
}

/** Why a value is not JSON that survives a round trip, or `undefined` when it is. */
function notJson(value: unknown, seen = new Set<object>()): string | undefined {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return undefined;
    case 'number':
      return Number.isFinite(value) ? undefined : `${String(value)} is not a JSON number`;
    case 'object': {
      if (value === null) return undefined;
      if (seen.has(value)) return 'it refers to itself';
      const prototype = Object.getPrototypeOf(value);
      if (!Array.isArray(value) && prototype !== Object.prototype && prototype !== null) {
        return `a ${value.constructor?.name ?? 'non-plain'} object is not JSON`;
      }
      seen.add(value);
      for (const member of Object.values(value)) {
        const problem = notJson(member, seen);
        if (problem !== undefined) return problem;
      }
      seen.delete(value);
      return undefined;
    }
    default:
      return `a ${typeof value} is not JSON`;
  }
}

type ArgumentSchema = { readonly schema: unknown } | 'open' | 'unknown';

/** The schema of the argument at a `defaults` path (`unit`, `filters.limit`, `events[].when`). */
function argumentSchemaAt(root: Record<string, unknown>, path: string): ArgumentSchema {
  let schema: unknown = root;
  for (const segment of path.split('.')) {
    const match = /^(.*?)((?:\[\])*)$/.exec(segment);
    const name = match?.[1] ?? segment;
    const lists = (match?.[2]?.length ?? 0) / 2;
    if (!isRecord(schema)) return 'open';
    const properties = propertiesOf(schema);
    if (Object.hasOwn(properties, name)) schema = properties[name];
    else if (schema.additionalProperties === false) return 'unknown';
    else if (isRecord(schema.properties) || schema.type === 'object') return 'open';
    else return 'open';
    for (let list = 0; list < lists; list++) {
      if (!isRecord(schema) || !isRecord(schema.items)) return 'open';
      schema = schema.items;
    }
  }
  return { schema };
}

function assertFits({
  option,
  toolName,
  path,
  argument,
  value,
}: {
  option: 'defaults' | 'overrides';
  toolName: string;
  path: string;
  argument: { readonly schema: unknown };
  value: unknown;
}): void {
  const [mismatch] = checkArguments(argument.schema, value, {
    leniency: 'exact',
    maxMismatches: 1,
  });
  if (mismatch === undefined) return;
  throw new InvalidGateOptionError({
    option,
    toolName,
    path,
    message: `${describe(value)} does not fit the schema of "${path}": ${mismatch.message}`,
  });
}

function argumentPaths(schema: Record<string, unknown>): string[] {
  return Object.keys(propertiesOf(schema));
}

function propertiesOf(schema: Record<string, unknown>): Record<string, unknown> {
  return isRecord(schema.properties) ? schema.properties : {};
}

function suggestion(sent: string, accepted: readonly string[]): string {
  const nearest = nearestName(sent, accepted);
  return nearest === undefined ? '' : `; did you mean "${nearest}"?`;
}

function isProfile(value: unknown): value is StrictProfile {
  return (
    isRecord(value) && typeof value.name === 'string' && typeof value.strictTools === 'boolean'
  );
}

function listedProfileNames(): string {
  return profileNames.map((name) => `'${name}'`).join(', ');
}

function describe(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'bigint') return `${value}n`;
  if (typeof value === 'function') return 'a function';
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
