import { asSchema, type FlexibleSchema, type ToolSet } from 'ai';
import { checkArguments } from '../../checker/check-arguments.ts';
import { excerpt } from '../../checker/describe-value.ts';
import { nearestName } from '../../checker/nearest-name.ts';
import { isProfileName, profileNames } from '../../decode/provider-profiles.ts';
import { isPromiseLike } from '../../schema/is-promise-like.ts';
import { isRecord } from '../../schema/is-record.ts';
import { schemaSymbol } from '../tools/reject-unreadable-schemas.ts';
import { declaredArgument, parseArgumentPath } from './declared-argument.ts';
import type { ToolGateOptions } from './gate-options.ts';
import { InvalidGateOptionError } from './invalid-gate-option-error.ts';
import { findJsonProblem } from './json-problem.ts';
import { perToolOption } from './per-tool-option.ts';
import { findProfileProblem } from './profile-problem.ts';
import type { ParameterOverride } from './tool-overrides.ts';

/** Every option `toolGate` reads; any other key is a typo that would otherwise do nothing. */
const optionNames: ReadonlyArray<keyof ToolGateOptions<ToolSet>> = [
  'tools',
  'strict',
  'profiles',
  'defaults',
  'overrides',
  'leniency',
  'maxMismatches',
  'onRefusal',
];

const overrideKeys: ReadonlyArray<keyof ParameterOverride> = ['enum', 'value', 'newParameter'];

const toolTypes: readonly unknown[] = [undefined, 'function', 'dynamic', 'provider'];

/** Where a mistake is: the option, and the tool and path within it when there are. */
type OptionPlace = { readonly option: string; readonly toolName?: string; readonly path?: string };

/**
 * Checks `toolGate`'s options when the gate is built, so a mistake fails there, named, instead of
 * silently changing what the gate does or failing a request later. Every mistake, reading an
 * option that throws included (a revoked proxy, a throwing getter), is an
 * {@link InvalidGateOptionError}. Defaults and overrides of the tools given here are checked
 * against their schemas now; a schema given as a promise, and tools wrapped per request, are
 * checked by {@link validateToolOptions} once their schemas are known.
 */
export function validateGateOptions<TOOLS extends ToolSet>(options: ToolGateOptions<TOOLS>): void {
  const given: unknown = options;
  guarded({ option: 'options' }, () => {
    if (!isPlainRecord(given)) {
      throw new InvalidGateOptionError({
        option: 'options',
        message: `toolGate needs an options object, e.g. toolGate({ tools }); got ${describe(given)}.`,
      });
    }
    for (const key of Object.keys(given)) {
      if (!(optionNames as readonly string[]).includes(key)) {
        throw new InvalidGateOptionError({
          option: key,
          message: `toolGate has no such option${suggestion(key, optionNames)}.`,
        });
      }
    }
  });
  const read = <NAME extends keyof ToolGateOptions<TOOLS>>(option: NAME): unknown =>
    guarded({ option }, () => options[option]);
  const tools = read('tools');
  if (tools !== undefined) validateToolSet(tools, { readGetters: true });
  const strict = read('strict');
  guarded({ option: 'strict' }, () => checkStrict(strict));
  const profiles = read('profiles');
  guarded({ option: 'profiles' }, () => checkProfiles(profiles));
  const leniency = read('leniency');
  if (leniency !== undefined && leniency !== 'lenient' && leniency !== 'exact') {
    throw new InvalidGateOptionError({
      option: 'leniency',
      message: `expected 'lenient' or 'exact'; got ${describe(leniency)}.`,
    });
  }
  const maxMismatches = read('maxMismatches');
  if (
    maxMismatches !== undefined &&
    !(
      maxMismatches === Number.POSITIVE_INFINITY ||
      (Number.isInteger(maxMismatches) && (maxMismatches as number) >= 1)
    )
  ) {
    throw new InvalidGateOptionError({
      option: 'maxMismatches',
      message: `expected a whole number of at least 1 (or Infinity); got ${describe(maxMismatches)}.`,
    });
  }
  const onRefusal = read('onRefusal');
  if (onRefusal !== undefined && typeof onRefusal !== 'function') {
    throw new InvalidGateOptionError({
      option: 'onRefusal',
      message: `expected a function; got ${describe(onRefusal)}.`,
    });
  }
  const toolNames = tools === undefined ? undefined : Object.keys(tools);
  const defaults = read('defaults');
  guarded({ option: 'defaults' }, () => checkPerToolOption('defaults', defaults, toolNames));
  const overrides = read('overrides');
  guarded({ option: 'overrides' }, () => checkPerToolOption('overrides', overrides, toolNames));
  for (const toolName of toolNames ?? []) {
    if (
      perToolOption(defaults as Record<string, unknown>, toolName) === undefined &&
      perToolOption(overrides as Record<string, unknown>, toolName) === undefined
    ) {
      continue;
    }
    const place = { option: 'tools', toolName, path: 'inputSchema' };
    const schema = guarded(
      place,
      () =>
        asSchema((tools as ToolSet)[toolName]?.inputSchema as FlexibleSchema<unknown>).jsonSchema,
    );
    // A schema given as a promise is checked when a request awaits it.
    if (!isPromiseLike(schema)) validateToolOptions({ options, toolName, schema });
  }
}

/**
 * Checks a tool set, given to `toolGate` or to `gate.wrapTools`: an object of tools by name (not a
 * `Map`, a list or a promise of one), each tool an object whose `inputSchema` the AI SDK can read
 * and whose `type`, `execute` and `needsApproval` are what the SDK expects. Reads only what it
 * checks, never a schema's content, so wrapping per request stays cheap.
 */
export function validateToolSet(
  tools: unknown,
  {
    readGetters = false,
  }: {
    /**
     * Whether a tool behind a getter is read and checked too. Off for `gate.wrapTools`, which
     * reads each tool of a set once; such a tool is then checked by nothing but its wrapping.
     */
    readGetters?: boolean;
  } = {},
): asserts tools is ToolSet {
  let toolName: string | undefined;
  try {
    if (!isPlainRecord(tools)) {
      throw new InvalidGateOptionError({
        option: 'tools',
        message: `expected an object of tools by name, e.g. { weather: tool({ … }) }; got ${describe(tools)}${toolSetHint(tools)}.`,
      });
    }
    for (toolName of Object.keys(tools)) {
      if (readGetters) {
        const tool = tools[toolName];
        checkTool(toolName, tool);
        // Read as the wrapping reads it, so a getter of the tool that throws is reported here.
        ({ ...(tool as object) });
        continue;
      }
      const property = Object.getOwnPropertyDescriptor(tools, toolName);
      if (property !== undefined && 'value' in property) checkTool(toolName, property.value);
    }
  } catch (error) {
    throw asOptionError({ option: 'tools', toolName }, error);
  }
}

function toolSetHint(tools: unknown): string {
  if (tools instanceof Map) return '; pass Object.fromEntries(map)';
  if (isPromiseLike(tools)) return '; await it first (e.g. await mcpClient.tools())';
  if (Array.isArray(tools)) return '; give each tool a name as its key';
  return '';
}

function checkTool(toolName: string, tool: unknown): void {
  if (!isPlainRecord(tool)) {
    throw new InvalidGateOptionError({
      option: 'tools',
      toolName,
      message: `expected a tool, e.g. tool({ inputSchema, execute }); got ${describe(tool)}.`,
    });
  }
  const { type, id, inputSchema, execute, needsApproval } = tool as Record<string, unknown>;
  const problem = (path: string, message: string) =>
    new InvalidGateOptionError({ option: 'tools', toolName, path, message });
  if (!toolTypes.includes(type)) {
    throw problem('type', `expected 'function', 'dynamic' or 'provider'; got ${describe(type)}.`);
  }
  if (type === 'provider' && typeof id !== 'string') {
    throw problem('id', `a provider-defined tool needs its id string; got ${describe(id)}.`);
  }
  const schemaProblem = findSchemaProblem(inputSchema);
  if (schemaProblem !== undefined) throw problem('inputSchema', schemaProblem);
  if (execute !== undefined && typeof execute !== 'function') {
    throw problem('execute', `expected a function; got ${describe(execute)}.`);
  }
  if (
    needsApproval !== undefined &&
    typeof needsApproval !== 'boolean' &&
    typeof needsApproval !== 'function'
  ) {
    throw problem(
      'needsApproval',
      `expected true, false or a function; got ${describe(needsApproval)}.`,
    );
  }
}

/** What keeps a tool's `inputSchema` from being one the AI SDK's `asSchema` reads. */
function findSchemaProblem(schema: unknown): string | undefined {
  // No schema is read as "no parameters"; a function is a lazy schema, called when first read.
  if (schema === undefined || schema === null) return undefined;
  if (typeof schema === 'object' && schemaSymbol in schema) {
    const { validate } = schema as { validate?: unknown };
    return validate === undefined || typeof validate === 'function'
      ? undefined
      : `its validate must be a function; got ${describe(validate)}.`;
  }
  if ((typeof schema === 'object' || typeof schema === 'function') && '~standard' in schema) {
    const standard = (schema as { '~standard': unknown })['~standard'];
    if (typeof standard !== 'object' || standard === null) {
      return `its ~standard must be a Standard Schema object; got ${describe(standard)}.`;
    }
    const { vendor, validate, jsonSchema } = standard as Record<string, unknown>;
    if (typeof validate !== 'function') return 'its ~standard.validate must be a function.';
    if (vendor !== 'zod' && (jsonSchema === undefined || jsonSchema === null)) {
      return `the AI SDK cannot turn this Standard Schema (vendor ${describe(vendor)}) into JSON Schema: it has no ~standard.jsonSchema; give the tool jsonSchema(…) or a schema of a library that converts.`;
    }
    return undefined;
  }
  if (typeof schema === 'function') return undefined;
  if (isPlainRecord(schema)) {
    return `a plain object is not a schema; wrap JSON Schema in jsonSchema(${describe(schema)}).`;
  }
  return `expected a schema (zod, a Standard Schema, or jsonSchema({ … })); got ${describe(schema)}.`;
}

function checkStrict(strict: unknown): void {
  if (strict === undefined || strict === 'auto' || typeof strict === 'boolean') return;
  if (typeof strict === 'string') {
    if (isProfileName(strict)) return;
    throw new InvalidGateOptionError({
      option: 'strict',
      message: `expected 'auto', true, false, a profile name (${listedProfileNames()}) or a StrictProfile; got ${describe(strict)}${suggestion(strict, ['auto', ...profileNames])}.`,
    });
  }
  const problem = findProfileProblem(strict);
  if (problem !== undefined) {
    throw new InvalidGateOptionError({
      option: 'strict',
      message: `expected 'auto', true, false, a profile name (${listedProfileNames()}) or a StrictProfile, and ${problem}.`,
    });
  }
}

function checkProfiles(profiles: unknown): void {
  if (profiles === undefined) return;
  if (!isPlainRecord(profiles)) {
    throw new InvalidGateOptionError({
      option: 'profiles',
      message: `expected an object of profiles by provider id; got ${describe(profiles)}.`,
    });
  }
  for (const providerId of Object.keys(profiles)) {
    const profile = profiles[providerId];
    const problem =
      typeof profile === 'string'
        ? isProfileName(profile)
          ? undefined
          : `there is no profile named ${describe(profile)}${suggestion(profile, profileNames)}`
        : findProfileProblem(profile);
    if (problem !== undefined) {
      throw new InvalidGateOptionError({
        option: 'profiles',
        path: providerId,
        message: `expected a StrictProfile or a profile name (${listedProfileNames()}), and ${problem}.`,
      });
    }
  }
}

const validatedSchemas = new WeakMap<object, WeakSet<object>>();

/**
 * Checks a tool's `defaults` and `overrides` against its JSON Schema. Every default names an
 * optional argument the schema declares and fits its schema (a default for a required argument
 * never applies). Every override names a parameter the schema declares, also on a schema open to
 * other names, so a typo never leaves the real parameter unconstrained; `newParameter: true` adds
 * one on purpose where the schema admits it. A fixed value fits its parameter's schema, and an
 * override `enum` narrows: each member is allowed by the schema. Runs once per schema object and
 * options object.
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

  // The schema is the tool's, not the app's options: reading it may throw (a getter), and that is
  // reported as the tool's schema.
  guarded({ option: 'tools', toolName, path: 'inputSchema' }, () => {
    for (const [path, value] of Object.entries(defaults ?? {})) {
      checkDefault({ toolName, schema, path, value });
    }
    for (const [parameter, override] of Object.entries(overrides ?? {})) {
      checkOverride({ toolName, schema, parameter, override });
    }
  });
  if (seen === undefined) {
    seen = new WeakSet();
    validatedSchemas.set(schema, seen);
  }
  seen.add(options);
}

function checkDefault({
  toolName,
  schema,
  path,
  value,
}: {
  toolName: string;
  schema: Record<string, unknown>;
  path: string;
  value: unknown;
}): void {
  const steps = parseArgumentPath(path);
  if (steps === undefined) return;
  const argument = declaredArgument(schema, steps);
  const place = { option: 'defaults', toolName, path };
  if (!argument.declared) {
    const nearest = nearestName(argument.name, argument.names);
    const meant = nearest === undefined ? undefined : joinPath(argument.parentPath, nearest);
    throw new InvalidGateOptionError({
      ...place,
      message: `the tool's schema declares no argument "${path}"${meant === undefined ? declaredList(argument.parentPath, argument.names) : `; did you mean "${meant}"?`}`,
    });
  }
  if (argument.required) {
    throw new InvalidGateOptionError({
      ...place,
      message: `"${path}" is a required argument, so the model must send it and a default never applies; give defaults only for optional arguments.`,
    });
  }
  assertFitsOne({
    place,
    name: steps.at(-1)?.name ?? path,
    what: 'default',
    schemas: argument.schemas,
    value,
  });
}

function checkOverride({
  toolName,
  schema,
  parameter,
  override,
}: {
  toolName: string;
  schema: Record<string, unknown>;
  parameter: string;
  override: ParameterOverride;
}): void {
  const place = { option: 'overrides', toolName, path: parameter };
  const argument = declaredArgument(schema, [{ name: parameter, lists: 0 }]);
  let schemas: readonly unknown[];
  if (argument.declared) {
    schemas = argument.schemas;
  } else if (override.newParameter !== true) {
    const nearest = nearestName(parameter, argument.names);
    throw new InvalidGateOptionError({
      ...place,
      message: `the tool's schema declares no parameter "${parameter}"${nearest === undefined ? declaredList('', argument.names) : `; did you mean "${nearest}"?`} An override of an undeclared name leaves the real parameter unconstrained; ${argument.others === false ? 'and this schema admits no other parameters (additionalProperties: false), so none can be added.' : `to add "${parameter}" as a new parameter on purpose, set newParameter: true.`}`,
    });
  } else if (argument.others === false) {
    throw new InvalidGateOptionError({
      ...place,
      message: `newParameter cannot add "${parameter}": the schema admits no other parameters (additionalProperties: false), so the tool's own validation would refuse it.`,
    });
  } else {
    schemas = [argument.others];
  }
  const name = parameter;
  if (Object.hasOwn(override, 'value')) {
    assertFitsOne({ place, name, what: 'fixed value', schemas, value: override.value });
  }
  for (const member of override.enum ?? []) {
    assertFitsOne({ place, name, what: 'enum member', schemas, value: member });
  }
}

function checkPerToolOption(
  option: 'defaults' | 'overrides',
  value: unknown,
  toolNames: readonly string[] | undefined,
): void {
  if (value === undefined) return;
  if (!isPlainRecord(value)) {
    throw new InvalidGateOptionError({
      option,
      message: `expected an object by tool name; got ${describe(value)}.`,
    });
  }
  for (const toolName of Object.keys(value)) {
    const perTool = value[toolName];
    // `{ weather: undefined }` is no entry, as the option's type allows.
    if (perTool === undefined) continue;
    if (!isPlainRecord(perTool)) {
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
    for (const key of Object.keys(perTool)) {
      const place = { option, toolName, path: key };
      guarded(place, () => {
        if (option === 'defaults') checkDefaultShape(place, key, perTool[key]);
        else checkOverrideShape(place, perTool[key]);
      });
    }
  }
}

function checkDefaultShape(place: OptionPlace, path: string, value: unknown): void {
  const steps = parseArgumentPath(path);
  if (steps === undefined) {
    throw new InvalidGateOptionError({
      ...place,
      message:
        'expected an argument path: names joined by "." with "[]" after a list (unit, filters.limit, events[].when).',
    });
  }
  if ((steps.at(-1)?.lists ?? 0) > 0) {
    throw new InvalidGateOptionError({
      ...place,
      message:
        'a default stands in for an optional argument the model sent as null, so its path ends in that argument\'s name (events[].when), not in "[]".',
    });
  }
  const problem = findJsonProblem(value);
  if (problem !== undefined) {
    throw new InvalidGateOptionError({
      ...place,
      message: `a default must be JSON, and ${problem}.`,
    });
  }
}

function checkOverrideShape(place: OptionPlace, override: unknown): void {
  if (!isPlainRecord(override)) {
    throw new InvalidGateOptionError({
      ...place,
      message: `expected { enum } or { value }; got ${describe(override)}.`,
    });
  }
  for (const key of Object.keys(override)) {
    if (!(overrideKeys as readonly string[]).includes(key)) {
      throw new InvalidGateOptionError({
        ...place,
        message: `an override has no key "${key}"${suggestion(key, overrideKeys)}; it takes enum, value and newParameter.`,
      });
    }
  }
  const hasValue = Object.hasOwn(override, 'value');
  if (hasValue && override.enum !== undefined) {
    throw new InvalidGateOptionError({
      ...place,
      message: 'give either `enum` or `value`, not both.',
    });
  }
  if (!hasValue && override.enum === undefined) {
    throw new InvalidGateOptionError({
      ...place,
      message:
        'an override needs `enum` (the values the model may send) or `value` (the one value the tool gets).',
    });
  }
  if (override.newParameter !== undefined && typeof override.newParameter !== 'boolean') {
    throw new InvalidGateOptionError({
      ...place,
      message: `newParameter must be true or false; got ${describe(override.newParameter)}.`,
    });
  }
  if (hasValue) {
    const problem = findJsonProblem(override.value);
    if (problem !== undefined) {
      throw new InvalidGateOptionError({
        ...place,
        message: `a fixed value must be JSON, and ${problem}.`,
      });
    }
  }
  if (override.enum !== undefined) {
    if (!Array.isArray(override.enum) || override.enum.length === 0) {
      throw new InvalidGateOptionError({
        ...place,
        message: '`enum` must be a list of at least one allowed value.',
      });
    }
    for (const member of override.enum) {
      const problem = findJsonProblem(member);
      if (problem !== undefined) {
        throw new InvalidGateOptionError({
          ...place,
          message: `\`enum\` members must be JSON, and ${problem}.`,
        });
      }
    }
  }
}

/**
 * Throws unless the value fits one of the schemas the argument has (one, unless branches differ).
 * Judged as the argument of that name, so the sentence names it.
 */
function assertFitsOne({
  place,
  name,
  what,
  schemas,
  value,
}: {
  place: OptionPlace;
  /** The argument's own name, the last of its path. */
  name: string;
  what: 'default' | 'fixed value' | 'enum member';
  schemas: readonly unknown[];
  value: unknown;
}): void {
  let first: string | undefined;
  for (const schema of schemas) {
    const holder = { type: 'object', properties: { [name]: schema } };
    const [mismatch] = checkArguments(holder, Object.fromEntries([[name, value]]), {
      leniency: 'exact',
      maxMismatches: 1,
    });
    if (mismatch === undefined) return;
    first ??= mismatch.message;
  }
  if (first === undefined) return;
  throw new InvalidGateOptionError({
    ...place,
    message: `the ${what} does not fit the tool's schema: ${first}`,
  });
}

/** Runs a check; anything it throws other than a named mistake (reading a revoked proxy) is one. */
function guarded<RESULT>(place: OptionPlace, check: () => RESULT): RESULT {
  try {
    return check();
  } catch (error) {
    throw asOptionError(place, error);
  }
}

/** An error met while reading an option, as the {@link InvalidGateOptionError} it stands for. */
export function asOptionError(place: OptionPlace, error: unknown): InvalidGateOptionError {
  if (InvalidGateOptionError.isInstance(error)) return error;
  return new InvalidGateOptionError({
    ...place,
    message: `reading it threw (${reasonOf(error)}); pass plain data.`,
    cause: error,
  });
}

function reasonOf(error: unknown): string {
  try {
    const message = error instanceof Error ? error.message : String(error);
    return message.length > 120 ? `${message.slice(0, 120)}…` : message;
  } catch {
    return 'an unreadable error';
  }
}

function joinPath(parentPath: string, name: string): string {
  return parentPath === '' ? name : `${parentPath}.${name}`;
}

/** `; it declares "a", "b"` (the first ten), or `; it declares none` for a did-you-mean miss. */
function declaredList(parentPath: string, names: readonly string[]): string {
  if (names.length === 0) return `; ${parentPath === '' ? 'it' : `"${parentPath}"`} declares none.`;
  const listed = names.slice(0, 10).map((name) => `"${joinPath(parentPath, name)}"`);
  return `; it declares ${listed.join(', ')}${names.length > 10 ? ', …' : ''}.`;
}

function suggestion(sent: string, accepted: readonly string[]): string {
  const nearest = nearestName(sent, accepted);
  return nearest === undefined ? '' : `; did you mean "${nearest}"?`;
}

function listedProfileNames(): string {
  return profileNames.map((name) => `'${name}'`).join(', ');
}

/** A value as a short phrase for a message; never throws, never long. */
function describe(value: unknown): string {
  switch (typeof value) {
    case 'string':
      return excerpt(value);
    case 'number':
    case 'boolean':
    case 'undefined':
      return String(value);
    case 'bigint':
      return `${value}n`;
    case 'symbol':
      return 'a symbol';
    case 'function':
      return 'a function';
  }
  if (value === null) return 'null';
  try {
    if (Array.isArray(value)) return 'a list';
    if (isPromiseLike(value)) return 'a promise';
    const tag = Object.prototype.toString.call(value).slice(8, -1);
    if (tag !== 'Object') return `${/^[AEIOU]/.test(tag) ? 'an' : 'a'} ${tag}`;
    const text = JSON.stringify(value);
    if (text === undefined) return 'an object';
    return text.length > 40 ? `${text.slice(0, 40)}…` : text;
  } catch {
    return 'an object that cannot be read';
  }
}

/** `import * as tools from '../tools.ts'` gives a module namespace object, a set of tools too. */
const objectTags: readonly string[] = ['[object Object]', '[object Module]'];

/**
 * An object of names, as options and tool sets are written: not a list, a `Map`, a promise or
 * another built-in; plain, with no prototype, a module namespace, or a class instance read for its own keys.
 */
function isPlainRecord(value: unknown): value is Record<string, unknown> {
  return (
    typeof value === 'object' &&
    value !== null &&
    objectTags.includes(Object.prototype.toString.call(value)) &&
    !isPromiseLike(value)
  );
}
